package counter

import (
	"context"
	"fmt"
	"time"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/internal/redisguard"
)

// ImportEntry is one post's existing view total to migrate in
// (docs/SPEC.md#importing-views).
type ImportEntry struct {
	OwnerID stgypub.ID
	PostID  stgypub.ID
	Views   int64     // existing total, >= 0
	Date    time.Time // UTC date to book it on; zero means today
}

// ImportResult counts what ImportViews did.
type ImportResult struct {
	Raised    int // daily fields raised to the imported total
	Unchanged int // fields already at or above it (e.g. a re-run)
}

// ImportViews loads existing per-post totals idempotently. Each total is
// booked on its Date's daily field (today by default) with a max-merge:
// the field becomes max(current, Views), never current + Views, so
// re-running an import never doubles (a SETNX would too; max also lets
// later real views stack on top). The same rows are
// written to PostgreSQL with the monotonic UPSERT so they survive Redis
// loss, the site-wide daily counters are raised the same way, and the
// owners' ranking/Stats caches and the site-wide ranking caches are
// dropped (other processes keep their copy of a site-wide ranking until
// it expires). Like every PV
// here, an imported total counts only while its date is in the window.
// Zero IDs, negative Views or a Date outside the window are
// BAD_USER_INPUT and nothing is written.
func (c *Counter) ImportViews(ctx context.Context, entries []ImportEntry) (ImportResult, error) {
	var res ImportResult
	ctx = redisguard.WithTimeout(ctx, c.cfg.CheckpointTimeout)
	days := c.cal.window()
	first, today := days[0], days[len(days)-1]
	byOwner := map[stgypub.ID][]raise{}
	var cps []stgypub.Checkpoint
	site := map[siteField]int64{}
	for i, e := range entries {
		d := today
		if !e.Date.IsZero() {
			y, m, dd := e.Date.UTC().Date()
			d = time.Date(y, m, dd, 0, 0, 0, 0, time.UTC)
		}
		switch {
		case e.OwnerID == 0 || e.PostID == 0:
			return res, stgypub.Errorf(stgypub.CodeBadUserInput, "entries[%d]: owner and post are required", i)
		case e.Views < 0:
			return res, stgypub.Errorf(stgypub.CodeBadUserInput, "entries[%d]: views must not be negative", i)
		case d.Before(first) || d.After(today):
			return res, stgypub.Errorf(stgypub.CodeBadUserInput, "entries[%d]: date must be within the last %d days", i, len(days))
		}
		if e.Views == 0 {
			res.Unchanged++
			continue
		}
		byOwner[e.OwnerID] = append(byOwner[e.OwnerID], raise{day: d, field: e.PostID.String(), value: e.Views})
		k := siteField{dayNumber(d), e.PostID}
		site[k] = max(site[k], e.Views)
		cps = append(cps, stgypub.Checkpoint{PostID: e.PostID, OwnerID: e.OwnerID, Date: d, Count: e.Views})
	}
	for owner, rs := range byOwner {
		before, err := c.daily.raiseDaily(ctx, owner, rs)
		if err != nil {
			return res, err
		}
		for i, r := range rs {
			if r.value > before[i] {
				res.Raised++
			} else {
				res.Unchanged++
			}
		}
		if err := c.rdb.Del(ctx, c.keys.cacheKeys(owner)...).Err(); err != nil {
			return res, fmt.Errorf("counter: drop caches of %s: %w", owner, err)
		}
	}
	if len(site) > 0 {
		if _, err := c.site.raiseSite(ctx, site); err != nil {
			return res, err
		}
		c.site.rank.forget()
		if err := c.rdb.Del(ctx, c.keys.siteCacheKeys()...).Err(); err != nil {
			return res, fmt.Errorf("counter: drop site ranking caches: %w", err)
		}
	}
	if err := c.cps.UpsertCheckpoints(ctx, cps); err != nil {
		return res, fmt.Errorf("counter: import checkpoints: %w", err)
	}
	return res, nil
}
