package counter

import (
	"context"
	"fmt"
	"strconv"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/stgy/stgypub"
)

// readWindow reads the owner's daily Hashes of the window with one
// pipeline of HGETALLs and calls f for every post field of every day (day
// is the index into days, oldest first). Fields that are not 16-hex IDs or
// hold non-positive or non-integer values are skipped.
func (c *Counter) readWindow(ctx context.Context, owner stgypub.ID, f func(day int, post stgypub.ID, pv int64)) ([]time.Time, error) {
	days := c.window()
	pipe := c.rdb.Pipeline()
	cmds := make([]*redis.MapStringStringCmd, len(days))
	for i, d := range days {
		cmds[i] = pipe.HGetAll(ctx, c.dailyKey(owner, d.Format(dayLayout)))
	}
	if _, err := pipe.Exec(ctx); err != nil {
		return nil, fmt.Errorf("counter: read daily PV of %s: %w", owner, err)
	}
	for i, cmd := range cmds {
		for field, val := range cmd.Val() {
			id, err := stgypub.ParseID(field)
			if err != nil {
				continue
			}
			pv, err := strconv.ParseInt(val, 10, 64)
			if err != nil || pv <= 0 {
				continue
			}
			f(i, id, pv)
		}
	}
	return days, nil
}
