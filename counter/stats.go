package counter

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/internal/obs"
	"github.com/stgy/stgypub/internal/redisguard"
)

// ownerStats is the counter's owner Stats part (docs/SPEC.md#stats):
// the window's daily Hashes merged with the PostgreSQL checkpoints
// (this file), the closed days' snapshot (stats_past.go), its warmer
// (stats_warm.go) and the Stats cache (stats_cache.go). Counter.Stats and
// Counter.RunStatsWarmer answer from it.
type ownerStats struct {
	rdb   redis.UniversalClient
	cps   stgypub.CheckpointStore
	cfg   *Config // the Counter's
	keys  keyspace
	cal   calendar
	daily dailyHashes
	log   *slog.Logger
	hits  *obs.Cache // the Stats cache's lookups (nil-safe)
}

func newOwnerStats(c *Counter) *ownerStats {
	return &ownerStats{rdb: c.rdb, cps: c.cps, cfg: &c.cfg, keys: c.keys, cal: c.cal, daily: c.daily, log: c.log, hits: c.cfg.StatsCache}
}

// Stats returns the owner's Publications Stats over the window
// (docs/SPEC.md#stats): the daily Hashes (one pipeline) and the owner's
// checkpoints (one query on (owner_id, target_date)) merged by max per (post,
// date) (MergeStats' rule), then summed. The closed days (all but today)
// come pre-aggregated from a snapshot when one exists (stats_past.go):
// then only today's Hash and checkpoints are read. TotalPV and the site's daily series
// count every post; Posts holds the top 1000 (PV descending, then ID) with
// publishedAt and digest from PostgreSQL (PostMetas for just those IDs). Every series has one entry per window
// day, oldest first, zeros included. The result is cached (encodeStatsCache)
// for CacheTTL unless TotalPV is 0; a hit on bytes this process decoded
// before returns the same, shared Stats (decodeStatsCacheOnce): callers
// must not modify what Stats returns. Authorization is the caller's.
//
// When Redis is unavailable the Stats come from the checkpoints alone
// (at most FlushInterval behind, plus what Redis has not flushed), are not
// cached, and come back together with a *PartialError: a caller shows them
// and says they may be incomplete.
func (c *Counter) Stats(ctx context.Context, ownerID stgypub.ID) (*stgypub.Stats, error) {
	return c.stats.stats(ctx, ownerID)
}

// stats is Counter.Stats.
func (o *ownerStats) stats(ctx context.Context, ownerID stgypub.ID) (*stgypub.Stats, error) {
	ctx = redisguard.WithTimeout(ctx, o.cfg.ownerTimeout(ctx, 3)) // an owner's read, not a page's: up to 3 Redis calls in a row
	key := o.keys.statsKey(ownerID)
	var redisErr error // Redis failed: the Stats come from the checkpoints alone
	if b, err := o.rdb.Get(ctx, key).Bytes(); err == nil {
		if st, err := decodeStatsCacheOnce(key, b); err == nil {
			o.hits.Hit()
			return st, nil
		}
	} else if !errors.Is(err, redis.Nil) {
		if !stgypub.IsUnavailable(err) {
			return nil, fmt.Errorf("counter: stats cache of %s: %w", ownerID, err)
		}
		redisErr = fmt.Errorf("counter: stats cache of %s: %w", ownerID, err)
	}
	o.hits.Miss()
	n := o.cfg.RetentionDays
	days := o.cal.window()
	t, snapshot, err := o.statsTable(ctx, ownerID, days, &redisErr, true)
	if err != nil {
		return nil, err
	}
	if redisErr == nil && !snapshot && n > 1 && o.statsPastUsable(days[n-1]) {
		// The closed days, pre-aggregated for the next misses.
		if err := o.rdb.Set(ctx, o.keys.statsPastKey(ownerID, days[0]), encodeStatsPast(t), statsPastTTL).Err(); err != nil {
			o.log.Warn("counter: stats snapshot", "owner", ownerID, "err", err)
		}
	}

	st := &stgypub.Stats{OwnerID: ownerID, Days: n, UpdatedAt: o.cfg.Now().UTC().Truncate(time.Millisecond), Daily: make([]stgypub.DayPV, n)}
	for i, d := range days {
		st.Daily[i].Date = d.Format(dayLayout)
	}
	totals := t.totals()
	for r, e := range totals {
		for i, pv := range t.series(r) {
			st.Daily[i].PV += pv
		}
		st.TotalPV += e.PV
	}
	top := topK(totals, TopK)
	metas, err := o.metas(ctx, ownerID, top)
	if err != nil {
		return nil, err
	}
	st.Posts = make([]stgypub.PostStats, len(top))
	series := make([]stgypub.DayPV, len(top)*n) // every post's Daily, one allocation
	for i, e := range top {
		ps := stgypub.PostStats{ID: e.ID, PV: e.PV, Daily: series[i*n : (i+1)*n : (i+1)*n]}
		if m, ok := metas[e.ID]; ok {
			ps.PublishedAt, ps.Digest = m.PublishedAt, m.Digest
		}
		for j, pv := range t.series(t.row(e.ID)) {
			ps.Daily[j] = stgypub.DayPV{Date: st.Daily[j].Date, PV: pv}
		}
		st.Posts[i] = ps
	}
	if redisErr != nil {
		o.log.Warn("counter: stats from checkpoints alone (Redis unavailable)", "owner", ownerID, "err", redisErr)
		return st, &PartialError{Err: redisErr}
	}
	if st.TotalPV > 0 {
		b, err := encodeStatsCache(st)
		if err == nil {
			err = o.rdb.Set(ctx, key, b, o.cfg.CacheTTL).Err()
		}
		if err != nil {
			o.log.Warn("counter: cache stats", "owner", ownerID, "err", err)
		}
	}
	return st, nil
}

// metas returns publication time and digest of the ranked posts from
// PostgreSQL (PostMetas: the IDs by primary key, one query). Redis keeps
// none of it: the digest under each viewed post's key was most of its
// memory (docs/SPEC.md#page-views), and Stats is cached for CacheTTL.
func (o *ownerStats) metas(ctx context.Context, owner stgypub.ID, top []stgypub.RankingEntry) (map[stgypub.ID]stgypub.PostMeta, error) {
	out := make(map[stgypub.ID]stgypub.PostMeta, len(top))
	if len(top) == 0 {
		return out, nil
	}
	ids := make([]stgypub.ID, len(top))
	for i, e := range top {
		ids[i] = e.ID
	}
	pms, err := o.cps.PostMetas(ctx, ids)
	if err != nil {
		return nil, fmt.Errorf("counter: stats metadata of %s from PostgreSQL: %w", owner, err)
	}
	for _, pm := range pms {
		out[pm.ID] = pm
	}
	return out, nil
}

// PartialError comes back together with a usable result computed without
// Redis (Stats from the PostgreSQL checkpoints alone): the figures may lack
// the latest views. It is unavailability (stgypub.IsUnavailable).
type PartialError struct{ Err error }

func (e *PartialError) Error() string {
	return "counter: partial result (Redis unavailable): " + e.Err.Error()
}

func (e *PartialError) Unwrap() error { return e.Err }

// Unavailable implements stgypub.Unavailable.
func (e *PartialError) Unavailable() bool { return true }

// ownerTimeout is the deadline of each of calls Redis calls, one after
// another, of an owner's read of figures (Stats): CheckpointTimeout, or
// within the request's read deadline (stgypub.WithReadDeadline) its share
// of the time left, so a frozen Redis leaves the PostgreSQL fallback time
// to answer before the request's deadline. At least a millisecond.
func (cfg *Config) ownerTimeout(ctx context.Context, calls int) time.Duration {
	d := cfg.CheckpointTimeout
	if t, ok := stgypub.ReadDeadline(ctx); ok {
		d = min(d, time.Until(t)/time.Duration(calls+1))
	}
	return max(d, time.Millisecond)
}
