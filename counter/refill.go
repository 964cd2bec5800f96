package counter

import (
	"context"
	"fmt"

	"github.com/stgy/stgypub"
)

// filledKind marks an owner whose daily Hashes hold at least what
// PostgreSQL has (docs/ARCHITECTURE.md "Redis key layout"); it lives in
// the owner's slot, so a Redis (or cluster node) that comes back empty
// loses it together with the Hashes it vouches for.
const filledKind = "stgy:pub-views:filled:{"

// refillBatch bounds the fields of one raise script run.
const refillBatch = 500

func (k keyspace) filledKey(owner stgypub.ID) string { return k.key(filledKind, owner, nil) }

// refill raises the owner's daily fields of the window, and the posts'
// site-wide fields, to the PostgreSQL checkpoints (the periodic flush
// keeps those at most FlushInterval behind) and marks the owner filled
// for the retention window. It runs
// when the mark is missing: after Redis lost its data, and once per
// retention window otherwise (harmless: raising never lowers or adds).
func (c *Counter) refill(ctx context.Context, owner stgypub.ID) error {
	days := c.cal.window()
	rows, err := ownerCheckpoints(ctx, c.cps, owner, days)
	if err != nil {
		return fmt.Errorf("counter: refill %s: %w", owner, err)
	}
	rs := make([]raise, 0, min(len(rows), refillBatch))
	site := make(map[siteField]int64, min(len(rows), refillBatch))
	for i, r := range rows {
		rs = append(rs, raise{day: days[r.day], field: r.post.String(), value: r.count})
		site[siteField{dayNumber(days[r.day]), r.post}] = r.count
		if len(rs) == refillBatch || i == len(rows)-1 {
			if _, err := c.daily.raiseDaily(ctx, owner, rs); err != nil {
				return fmt.Errorf("counter: refill %s: %w", owner, err)
			}
			// The site-wide counters come back the same way (a raise,
			// never a sum); they are best-effort, so a failure is logged.
			if _, err := c.site.raiseSite(ctx, site); err != nil {
				c.log.Warn("counter: refill of site-wide counters failed", "owner", owner, "err", err)
			}
			rs = rs[:0]
			clear(site)
		}
	}
	if err := c.rdb.Set(ctx, c.keys.filledKey(owner), "1", c.cal.ttl()).Err(); err != nil {
		return fmt.Errorf("counter: refill %s: %w", owner, err)
	}
	if len(rows) > 0 {
		c.log.Info("counter: refilled daily counts from PostgreSQL", "owner", owner, "rows", len(rows))
	}
	return nil
}

// ensureFilled refills the owner when the mark is missing (one EXISTS).
func (c *Counter) ensureFilled(ctx context.Context, owner stgypub.ID) error {
	n, err := c.rdb.Exists(ctx, c.keys.filledKey(owner)).Result()
	if err != nil || n > 0 {
		return err
	}
	return c.refill(ctx, owner)
}

// refillAsync starts refillOwner in the background, for page paths that
// noticed the missing mark.
func (c *Counter) refillAsync(ctx context.Context, owner stgypub.ID) {
	c.background(ctx, func(ctx context.Context) error { return c.refillOwner(ctx, owner) })
}

// refillOwner is ensureFilled once per owner at a time (the page path and
// the view recorder share the flight), then drops the owner's cached
// ranking, which was computed from the empty counts.
func (c *Counter) refillOwner(ctx context.Context, owner stgypub.ID) error {
	_, err, _ := c.flight.Do("refill:"+owner.String(), func() (any, error) {
		if err := c.ensureFilled(ctx, owner); err != nil {
			return nil, err
		}
		defer c.memo.forget(owner)
		return nil, c.rdb.Del(ctx, c.keys.rankingKey(owner)).Err()
	})
	return err
}
