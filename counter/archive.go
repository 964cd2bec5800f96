package counter

import (
	"context"
	"time"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/internal/redisguard"
)

// DailyViews returns the owner's daily Hashes of the window as
// (post, UTC day, count) rows, count > 0, in no particular order: what a
// site archive keeps beside the checkpoints (docs/ARCHIVE.md). OwnerID is
// set. Redis only: the checkpoints come from the store.
func (c *Counter) DailyViews(ctx context.Context, ownerID stgypub.ID) ([]stgypub.Checkpoint, error) {
	ctx = redisguard.WithTimeout(ctx, c.cfg.ownerTimeout(ctx, 1))
	days := c.cal.window()
	t, err := c.daily.readWindow(ctx, ownerID, days)
	if err != nil {
		return nil, err
	}
	var out []stgypub.Checkpoint
	for r, id := range t.ids {
		for i, pv := range t.series(r) {
			if pv > 0 {
				out = append(out, stgypub.Checkpoint{PostID: id, OwnerID: ownerID, Date: days[i], Count: pv})
			}
		}
	}
	return out, nil
}

// RestoreViews raises the owner's daily counters to restored view rows
// (a site archive's, after store.RestoreSite committed them as
// checkpoints) with ImportViews' max-merge, so the rankings and Popular
// entries count them at once; rows older than the window are skipped
// (counted in skipped: they only live on as checkpoints until the daily
// cleanup). Running it twice changes nothing.
func (c *Counter) RestoreViews(ctx context.Context, ownerID stgypub.ID, views []stgypub.Checkpoint) (res ImportResult, skipped int, err error) {
	days := c.cal.window()
	first, last := days[0], days[len(days)-1]
	entries := make([]ImportEntry, 0, len(views))
	for _, v := range views {
		y, m, dd := v.Date.UTC().Date()
		d := time.Date(y, m, dd, 0, 0, 0, 0, time.UTC)
		if d.Before(first) || d.After(last) {
			skipped++
			continue
		}
		entries = append(entries, ImportEntry{OwnerID: ownerID, PostID: v.PostID, Views: v.Count, Date: d})
	}
	if len(entries) == 0 {
		return res, skipped, nil
	}
	res, err = c.ImportViews(ctx, entries)
	return res, skipped, err
}
