package counter

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/internal/redisguard"
)

const (
	// statsWarmLimit bounds the owners warmed per day (most rows first).
	statsWarmLimit = 10000
	// statsWarmEvery is the period of the warmer's passes; a snapshot with
	// less than statsWarmRefresh left is rewritten, so a warmed owner's
	// snapshot never expires while the warmer runs.
	statsWarmEvery   = statsPastTTL / 4
	statsWarmRefresh = statsPastTTL / 2
)

// WarmStatsPast writes the owner's closed-days snapshot of the current
// window from every closed day's Hash and checkpoints, merged by max per
// (post, day) exactly as a Stats miss merges them (statsTable), whether or
// not one exists. It reports false and writes nothing within
// statsPastGrace of midnight UTC (yesterday is still open) or for a
// one-day window. Redis or PostgreSQL failures are returned.
func (o *ownerStats) WarmStatsPast(ctx context.Context, owner stgypub.ID) (bool, error) {
	days := o.cal.window()
	n := len(days)
	if n < 2 || !o.statsPastUsable(days[n-1]) {
		return false, nil
	}
	var redisErr error
	t, _, err := o.statsTable(ctx, owner, days, &redisErr, false)
	if err == nil {
		err = redisErr // the checkpoints alone are no snapshot
	}
	if err == nil {
		err = o.rdb.Set(ctx, o.keys.statsPastKey(owner, days[0]), encodeStatsPast(t), statsPastTTL).Err()
	}
	if err != nil {
		return false, fmt.Errorf("counter: warm stats snapshot of %s: %w", owner, err)
	}
	return true, nil
}

// statsWarmer is RunStatsWarmer's state: the owners listed for the
// window starting on first.
type statsWarmer struct {
	first  time.Time
	owners []stgypub.ID
}

// warmPass is one pass of the warmer: the owners are listed again when
// the window moved (a day closed) or the last listing failed; every listed
// owner whose snapshot is missing or has less than statsWarmRefresh left
// is warmed (WarmStatsPast), one after another, each within
// CheckpointTimeout per call. It returns how many snapshots it wrote;
// the first error is returned after the others were tried.
func (o *ownerStats) warmPass(ctx context.Context, w *statsWarmer) (int, error) {
	days := o.cal.window()
	n := len(days)
	if o.cps == nil || n < 2 || !o.statsPastUsable(days[n-1]) {
		return 0, nil
	}
	if w.owners == nil || !w.first.Equal(days[0]) {
		lctx, cancel := o.cfg.detached(ctx)
		owners, err := o.cps.CheckpointOwners(lctx, days[0], days[n-2], o.cfg.StatsWarmMinRows, statsWarmLimit)
		cancel()
		if err != nil {
			return 0, fmt.Errorf("counter: stats warmer: %w", err)
		}
		w.first, w.owners = days[0], append(make([]stgypub.ID, 0, len(owners)), owners...)
	}
	if len(w.owners) == 0 {
		return 0, nil
	}
	pctx, cancel := o.cfg.detached(ctx)
	pipe := o.rdb.Pipeline()
	ttls := make([]*redis.DurationCmd, len(w.owners))
	for i, owner := range w.owners {
		ttls[i] = pipe.PTTL(pctx, o.keys.statsPastKey(owner, days[0]))
	}
	_, err := pipe.Exec(pctx)
	cancel()
	if err != nil {
		return 0, fmt.Errorf("counter: stats warmer: %w", err)
	}
	written := 0
	var firstErr error
	for i, owner := range w.owners {
		if ctx.Err() != nil {
			break
		}
		if d := ttls[i].Val(); d >= statsWarmRefresh { // -2 (missing) and -1 (no TTL) are below
			continue
		}
		octx := redisguard.WithTimeout(ctx, o.cfg.CheckpointTimeout)
		ok, err := o.WarmStatsPast(octx, owner)
		if err != nil && firstErr == nil && !errors.Is(err, context.Canceled) {
			firstErr = err
		}
		if ok && err == nil {
			written++
		}
	}
	return written, firstErr
}

// RunStatsWarmer writes the closed-days Stats snapshots ahead of the
// first request until ctx ends: a pass at start-up (for the owners that
// lack one), one statsPastGrace after each midnight UTC (the day that
// closed makes a new window, hence a new snapshot) and every
// statsWarmEvery between (rewriting those about to expire). Only owners
// with at least Config.StatsWarmMinRows checkpoints on the closed days
// are warmed (below it a cold Stats costs little more than reading the
// snapshot); the others' first Stats miss writes theirs. Without a
// checkpoint store (nil) it returns at once. Failures are logged and
// retried at the next pass. With several app servers each runs it; a
// snapshot another wrote recently is skipped (its TTL is high).
func (c *Counter) RunStatsWarmer(ctx context.Context) { c.stats.runWarmer(ctx) }

// runWarmer is Counter.RunStatsWarmer.
func (o *ownerStats) runWarmer(ctx context.Context) {
	if o.cps == nil {
		return
	}
	w := &statsWarmer{}
	for {
		if n, err := o.warmPass(ctx, w); err != nil {
			o.log.Warn("counter: stats warmer pass failed; retrying at the next one", "err", err)
			w.owners = nil
		} else if n > 0 {
			o.log.Debug("counter: stats snapshots written ahead", "owners", n)
		}
		now := o.cfg.Now()
		wait := statsWarmEvery
		if next := o.cal.today().AddDate(0, 0, 1).Add(statsPastGrace); next.Sub(now) < wait {
			wait = next.Sub(now)
		}
		if grace := o.cal.today().Add(statsPastGrace); now.Before(grace) {
			wait = min(wait, grace.Sub(now))
		}
		t := time.NewTimer(max(wait, time.Second))
		select {
		case <-ctx.Done():
			t.Stop()
			return
		case <-t.C:
		}
	}
}
