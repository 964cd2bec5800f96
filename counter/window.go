package counter

import (
	"context"
	"fmt"
	"strconv"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/stgy/stgypub"
)

// dailyHashes reads daily Hashes (an owner's or a site-wide bucket's)
// into dailyTables, and raises an owner's fields (raiseDaily, sync.go).
type dailyHashes struct {
	rdb  redis.UniversalClient
	keys keyspace
	cal  calendar
}

// readWindow reads the owner's daily Hashes of the window with one
// pipeline of HGETALLs, one per day of days (the window, oldest first;
// docs/SPEC.md "Aggregating the window") into a dailyTable, through
// go-redis's typed map replies (they follow cluster redirections). Fields
// that are not 16-hex IDs or hold non-positive or non-integer values are
// skipped.
func (r dailyHashes) readWindow(ctx context.Context, owner stgypub.ID, days []time.Time) (*dailyTable, error) {
	keys := make([]string, len(days))
	for i, d := range days {
		keys[i] = r.keys.dailyKey(owner, d.Format(dayLayout))
	}
	t, err := r.readDaily(ctx, keys)
	if err != nil {
		return nil, fmt.Errorf("counter: read daily PV of %s: %w", owner, err)
	}
	return t, nil
}

// readDaily reads the daily Hashes keys, one table column per key, with
// one pipeline of HGETALLs (typed map replies, which follow cluster
// redirections). The keys may lie in different slots: a cluster client
// sends each node its part.
func (r dailyHashes) readDaily(ctx context.Context, keys []string) (*dailyTable, error) {
	pipe := r.rdb.Pipeline()
	cmds := make([]*redis.MapStringStringCmd, len(keys))
	for i, k := range keys {
		cmds[i] = pipe.HGetAll(ctx, k)
	}
	if _, err := pipe.Exec(ctx); err != nil {
		return nil, err
	}
	hint := 0
	for _, cmd := range cmds {
		hint = max(hint, len(cmd.Val()))
	}
	t := newDailyTable(len(keys), hint)
	for day, cmd := range cmds {
		for field, val := range cmd.Val() {
			id, err := stgypub.ParseID(field)
			if err != nil {
				continue
			}
			pv, err := strconv.ParseInt(val, 10, 64)
			if err != nil || pv <= 0 {
				continue
			}
			t.raise(day, id, pv)
		}
	}
	return t, nil
}
