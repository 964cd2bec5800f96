package counter

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"strconv"
	"time"

	"github.com/redis/go-redis/v9"
	"golang.org/x/sync/singleflight"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/internal/obs"
)

// Ranking limits (docs/SPEC.md#popular-entries, stgypub.SidePostsMax).
const (
	DefaultRankingLimit = 5
	MaxRankingLimit     = stgypub.SidePostsMax
)

// ownerRanking is the counter's Popular entries part
// (docs/SPEC.md#popular-entries): the owner's top posts of the window
// from the daily Hashes, cached in Redis and in this process (memo.go).
// Counter.Ranking, RankingUntil and RankingDays answer from it.
type ownerRanking struct {
	rdb    redis.UniversalClient
	cfg    *Config // the Counter's
	keys   keyspace
	cal    calendar
	daily  dailyHashes
	log    *slog.Logger
	memo   *memo              // nil without MemoTTL (shared with ViewCounts)
	hits   *obs.Cache         // the ranking cache's lookups (nil-safe)
	flight singleflight.Group // one computation per owner and days at a time
	// fill is Counter.ensureFilled: the owner's daily Hashes hold at
	// least the checkpoints before a computation reads them.
	fill func(ctx context.Context, owner stgypub.ID) error
}

func newOwnerRanking(c *Counter) *ownerRanking {
	return &ownerRanking{rdb: c.rdb, cfg: &c.cfg, keys: c.keys, cal: c.cal, daily: c.daily, log: c.log,
		memo: c.memo, hits: c.cfg.RankingCache, fill: c.ensureFilled}
}

// Ranking returns the owner's Popular entries: post IDs and PV summed over
// the window's daily Hashes, from Redis alone, PV descending then ID
// ascending. limit 0 means 5, above 20 means 20, negative is
// BAD_USER_INPUT. The top 1000 are selected with a min-heap
// (docs/SPEC.md#aggregating-the-window); the
// first MaxRankingLimit of them, all that any call can return, are cached
// as JSON under the ranking key for CacheTTL (a cache hit decodes 20
// entries, not 1000: Popular entries is read on every page render); an
// empty result is never cached, so the first view shows up at once. Posts are not checked for publication: callers pass the IDs
// through PublishedByIDs, which drops unpublished ones.
func (c *Counter) Ranking(ctx context.Context, ownerID stgypub.ID, limit int) ([]stgypub.RankingEntry, error) {
	top, _, err := c.RankingUntil(ctx, ownerID, limit)
	return top, err
}

// RankingUntil is Ranking plus the time until which the result holds:
// when its cache entry expires (CacheTTL after it was computed), or now
// for an empty result, which is never cached. A page that embeds the
// ranking is rebuilt no later than that (README.md
// "Caching").
func (c *Counter) RankingUntil(ctx context.Context, ownerID stgypub.ID, limit int) ([]stgypub.RankingEntry, time.Time, error) {
	return c.ranking.days(ctx, ownerID, c.cfg.RetentionDays, limit)
}

// RankingDays is Ranking over the last days UTC days including today
// (pubRanking's days): 1 ≤ days ≤ RetentionDays, else BAD_USER_INPUT; 0
// means RetentionDays. Each days value has its own cache entry; the whole
// window's is Ranking's.
func (c *Counter) RankingDays(ctx context.Context, ownerID stgypub.ID, days, limit int) ([]stgypub.RankingEntry, error) {
	if days == 0 {
		days = c.cfg.RetentionDays
	}
	if days < 1 || days > c.cfg.RetentionDays {
		return nil, stgypub.Errorf(stgypub.CodeBadUserInput, "days must be between 1 and %d", c.cfg.RetentionDays)
	}
	top, _, err := c.ranking.days(ctx, ownerID, days, limit)
	return top, err
}

// days is Ranking over the last days days, limit clamped.
func (r *ownerRanking) days(ctx context.Context, ownerID stgypub.ID, days, limit int) ([]stgypub.RankingEntry, time.Time, error) {
	switch {
	case limit < 0:
		return nil, time.Time{}, stgypub.Errorf(stgypub.CodeBadUserInput, "limit must not be negative")
	case limit == 0:
		limit = DefaultRankingLimit
	case limit > MaxRankingLimit:
		limit = MaxRankingLimit
	}
	top, until, err := r.top(ctx, ownerID, days)
	if err != nil {
		return nil, time.Time{}, err
	}
	return top[:min(limit, len(top))], until, nil
}

// top reads the cached top entries with their remaining lifetime
// (one round trip), else computes and caches them; with Config.MemoTTL
// this process reuses the answer for that long (memo.go).
func (r *ownerRanking) top(ctx context.Context, owner stgypub.ID, days int) ([]stgypub.RankingEntry, time.Time, error) {
	now := r.cfg.Now()
	if top, until, ok := r.memo.ranking(owner, days, now); ok {
		return top, until, nil
	}
	top, until, err := r.read(ctx, owner, days, now)
	if err == nil {
		r.memo.keepRanking(owner, days, top, until, now)
	}
	return top, until, err
}

// read is top from Redis.
func (r *ownerRanking) read(ctx context.Context, owner stgypub.ID, days int, now time.Time) ([]stgypub.RankingEntry, time.Time, error) {
	ctx, cancel := r.cfg.budget(ctx)
	defer cancel()
	key := r.keys.rankingDaysKey(owner, days)
	pipe := r.rdb.Pipeline()
	get, pttl := pipe.Get(ctx, key), pipe.PTTL(ctx, key)
	_, _ = pipe.Exec(ctx)
	if b, err := get.Bytes(); err == nil {
		var top []stgypub.RankingEntry
		if json.Unmarshal(b, &top) == nil {
			until := now.Add(r.cfg.CacheTTL)
			if d, err := pttl.Result(); err == nil && d > 0 {
				until = now.Add(d)
			}
			r.hits.Hit()
			return top, until, nil
		}
	} else if !errors.Is(err, redis.Nil) {
		return nil, time.Time{}, fmt.Errorf("counter: ranking cache of %s: %w", owner, err)
	}
	r.hits.Miss()
	top, err := r.compute(ctx, owner, days)
	if err != nil || len(top) == 0 {
		return top, now, err
	}
	return top, now.Add(r.cfg.CacheTTL), nil
}

// compute reads the last days days of the window, selects the top
// entries and caches them. The work runs once per owner and days at a
// time (singleflight) on a detached context (CheckpointTimeout), so a
// page that stops waiting at its budget still leaves the ranking cached
// for the next request; the caller waits until the result or the end of
// ctx.
func (r *ownerRanking) compute(ctx context.Context, owner stgypub.ID, days int) ([]stgypub.RankingEntry, error) {
	ch := r.flight.DoChan(owner.String()+":"+strconv.Itoa(days), func() (any, error) {
		ctx, cancel := r.cfg.detached(ctx)
		defer cancel()
		if err := r.fill(ctx, owner); err != nil {
			r.log.Warn("counter: refill from PostgreSQL failed; ranking from Redis alone", "owner", owner, "err", err)
		}
		window := r.cal.window()
		t, err := r.daily.readWindow(ctx, owner, window[len(window)-days:])
		if err != nil {
			return nil, err
		}
		top := topK(t.totals(), TopK)
		top = top[:min(len(top), MaxRankingLimit)]
		if len(top) > 0 {
			b, err := json.Marshal(top)
			if err == nil {
				err = r.rdb.Set(ctx, r.keys.rankingDaysKey(owner, days), b, r.cfg.CacheTTL).Err()
			}
			if err != nil {
				r.log.Warn("counter: cache ranking", "owner", owner, "err", err)
			}
		}
		return top, nil
	})
	select {
	case r := <-ch:
		if r.Err != nil {
			return nil, r.Err
		}
		return slices.Clone(r.Val.([]stgypub.RankingEntry)), nil
	case <-ctx.Done():
		return nil, fmt.Errorf("counter: ranking of %s: %w", owner, ctx.Err())
	}
}
