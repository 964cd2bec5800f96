package counter

import (
	"context"
	"fmt"
	"strconv"

	"github.com/stgy/stgypub"
)

// TodayCounts returns the owner's per-post PV of today (UTC) from the
// owner's daily Hash, one HGETALL; posts without views today are absent.
// It waits at most Config.Budget (pubViewsToday).
func (c *Counter) TodayCounts(ctx context.Context, ownerID stgypub.ID) (map[stgypub.ID]int64, error) {
	ctx, cancel := c.cfg.budget(ctx)
	defer cancel()
	m, err := c.rdb.HGetAll(ctx, c.keys.dailyKey(ownerID, c.cal.today().Format(dayLayout))).Result()
	if err != nil {
		return nil, fmt.Errorf("counter: today's counts of %s: %w", ownerID, err)
	}
	out := make(map[stgypub.ID]int64, len(m))
	for k, v := range m {
		id, err1 := stgypub.ParseID(k)
		n, err2 := strconv.ParseInt(v, 10, 64)
		if err1 == nil && err2 == nil {
			out[id] = n
		}
	}
	return out, nil
}

// announce calls Config.Recorded with the batch's owners, each once.
func (r *recorder) announce(batch []queuedView) {
	f := r.c.cfg.Recorded
	if f == nil {
		return
	}
	seen := make(map[stgypub.ID]struct{}, 4)
	var owners []stgypub.ID
	for _, v := range batch {
		if _, ok := seen[v.owner]; !ok {
			seen[v.owner] = struct{}{}
			owners = append(owners, v.owner)
		}
	}
	f(context.Background(), owners)
}
