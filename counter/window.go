package counter

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/stgy/stgypub"
)

// readWindow reads the owner's daily Hashes of the window with one
// pipeline of 15 HGETALLs, one per day of days (the window, oldest first;
// seed 001 "Aggregating the Most Recent 15 Days") into a dailyTable. The replies are taken
// as raw RESP and decoded in place (no string or map per field); a reply
// that is a Redis error (a cluster redirection during resharding, say) makes
// it redo the window with go-redis's typed HGETALL, which follows
// redirections. Fields that are not 16-hex IDs or hold non-positive or
// non-integer values are skipped.
func (c *Counter) readWindow(ctx context.Context, owner stgypub.ID, days []time.Time) (*dailyTable, error) {
	keys := make([]string, len(days))
	for i, d := range days {
		keys[i] = c.dailyKey(owner, d.Format(dayLayout))
	}
	t, err := c.readWindowRaw(ctx, keys)
	if errors.Is(err, errReply) {
		t, err = c.readWindowTyped(ctx, keys)
	}
	if err != nil {
		return nil, fmt.Errorf("counter: read daily PV of %s: %w", owner, err)
	}
	return t, nil
}

func (c *Counter) readWindowRaw(ctx context.Context, keys []string) (*dailyTable, error) {
	pipe := c.rdb.Pipeline()
	cmds := make([]*redis.RawCmd, len(keys))
	for i, k := range keys {
		cmds[i] = redis.NewRawCmd(ctx, "hgetall", k)
		_ = pipe.Process(ctx, cmds[i])
	}
	if _, err := pipe.Exec(ctx); err != nil {
		return nil, err
	}
	replies := make([]hashReply, len(cmds))
	hint := 0
	for i, cmd := range cmds {
		r, err := newHashReply(cmd.Val())
		if err != nil {
			return nil, err
		}
		replies[i] = r
		hint = max(hint, r.n)
	}
	t := newDailyTable(len(keys), hint)
	for day := range replies {
		r := &replies[day]
		for {
			field, value, ok, err := r.next()
			if err != nil {
				return nil, err
			}
			if !ok {
				break
			}
			id, okID := parseField(field)
			pv, okPV := parsePV(value)
			if okID && okPV {
				t.raise(day, id, pv)
			}
		}
	}
	return t, nil
}

// readWindowTyped is readWindowRaw through go-redis's map decoding.
func (c *Counter) readWindowTyped(ctx context.Context, keys []string) (*dailyTable, error) {
	pipe := c.rdb.Pipeline()
	cmds := make([]*redis.MapStringStringCmd, len(keys))
	for i, k := range keys {
		cmds[i] = pipe.HGetAll(ctx, k)
	}
	if _, err := pipe.Exec(ctx); err != nil {
		return nil, err
	}
	t := newDailyTable(len(keys), 0)
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
