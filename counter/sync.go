package counter

import (
	"context"
	"fmt"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/stgy/stgypub"
)

// raiseScript raises Hash fields to at least a value, never adding
// (docs/SPEC.md#checkpoints: Redis is raised by max, like PostgreSQL).
// KEYS[i] is a daily Hash; ARGV[3i-2], ARGV[3i-1], ARGV[3i] are its field,
// value and TTL seconds. The TTL is set only when the field is raised.
// Returns, per key, the field's value before (0 when absent).
var raiseScript = redis.NewScript(`
local out = {}
for i = 1, #KEYS do
  local f, v, ttl = ARGV[3*i-2], tonumber(ARGV[3*i-1]), tonumber(ARGV[3*i])
  local cur = tonumber(redis.call('HGET', KEYS[i], f) or '0')
  if v > cur then
    redis.call('HSET', KEYS[i], f, v)
    if ttl > 0 then redis.call('EXPIRE', KEYS[i], ttl) end
  end
  out[i] = cur
end
return out
`)

// raise is one field raise for raiseScript.
type raise struct {
	day   time.Time
	field string
	value int64
}

// raiseDaily raises owner's daily fields (one script run: every key shares
// the owner's hash slot) and returns each field's value before.
func (h dailyHashes) raiseDaily(ctx context.Context, owner stgypub.ID, rs []raise) ([]int64, error) {
	if len(rs) == 0 {
		return nil, nil
	}
	keys := make([]string, len(rs))
	args := make([]any, 0, 3*len(rs))
	for i, r := range rs {
		keys[i] = h.keys.dailyKey(owner, r.day.Format(dayLayout))
		args = append(args, r.field, r.value, max(int64(h.cal.dayTTL(r.day).Seconds()), 1))
	}
	vals, err := raiseScript.Run(ctx, h.rdb, keys, args...).Int64Slice()
	if err != nil {
		return nil, fmt.Errorf("counter: raise daily PV of %s: %w", owner, err)
	}
	return vals, nil
}

// syncToday is an ordinary checkpoint (8 PV onward): today's Redis value n
// against PostgreSQL; the larger wins on both sides (and site-wide when
// site is set).
func (c *Counter) syncToday(ctx context.Context, owner, post stgypub.ID, today time.Time, n int64, site bool) error {
	return c.syncDays(ctx, owner, post, []time.Time{today}, []int64{n}, site)
}

// syncWindow is the 4-PV checkpoint: every day of the window for this
// post, Redis (one pipeline of HGETs) against PostgreSQL (one range),
// then the opportunistic cleanup.
func (c *Counter) syncWindow(ctx context.Context, owner, post stgypub.ID, site bool) error {
	days := c.cal.window()
	pipe := c.rdb.Pipeline()
	cmds := make([]*redis.StringCmd, len(days))
	for i, d := range days {
		cmds[i] = pipe.HGet(ctx, c.keys.dailyKey(owner, d.Format(dayLayout)), post.String())
	}
	if _, err := pipe.Exec(ctx); err != nil && err != redis.Nil {
		return fmt.Errorf("counter: read window of %s: %w", post, err)
	}
	vals := make([]int64, len(days))
	for i, cmd := range cmds {
		vals[i], _ = cmd.Int64() // redis.Nil: no views that day
	}
	err := c.syncDays(ctx, owner, post, days, vals, site)
	c.cleanup(ctx)
	return err
}

// syncDays moves PostgreSQL and Redis for post on days (ascending) up to
// max(Redis value, checkpoint) per day; the two are never added. With
// site set the same per-day maxima are offered to the site-wide counters
// (recovery after a Redis loss restores them as it restores the owner's).
func (c *Counter) syncDays(ctx context.Context, owner, post stgypub.ID, days []time.Time, redisVals []int64, site bool) error {
	from, to := days[0], days[len(days)-1]
	var ups []stgypub.Checkpoint
	for i, d := range days {
		if redisVals[i] > 0 {
			ups = append(ups, stgypub.Checkpoint{PostID: post, OwnerID: owner, Date: d, Count: redisVals[i]})
		}
	}
	db, err := c.cps.SyncCheckpoints(ctx, post, from, to, ups)
	if err != nil {
		return fmt.Errorf("counter: checkpoint %s: %w", post, err)
	}
	idx := make(map[time.Time]int, len(days))
	for i, d := range days {
		idx[d] = i
	}
	var rs []raise
	for _, cp := range db {
		if i, ok := idx[cp.Date]; ok && cp.Count > redisVals[i] {
			rs = append(rs, raise{day: cp.Date, field: post.String(), value: cp.Count})
		}
	}
	if site {
		for i, d := range days {
			c.site.offer(d, post, redisVals[i])
		}
		for _, r := range rs {
			c.site.offer(r.day, post, r.value)
		}
	}
	_, err = c.daily.raiseDaily(ctx, owner, rs)
	return err
}

// cleanup deletes checkpoints older than the window at most once per UTC
// day per process; a failure is logged and retried at the next 4-PV sync.
func (c *Counter) cleanup(ctx context.Context) {
	today := c.cal.today()
	day := today.Format(dayLayout)
	c.mu.Lock()
	if c.last == day || c.busy {
		c.mu.Unlock()
		return
	}
	c.busy = true
	c.mu.Unlock()
	n, err := c.cps.DeleteCheckpointsBefore(ctx, today.AddDate(0, 0, -(c.cfg.RetentionDays-1)))
	c.mu.Lock()
	c.busy = false
	if err == nil {
		c.last = day
	}
	c.mu.Unlock()
	if err != nil {
		c.log.Warn("counter: checkpoint cleanup failed; retrying at the next 4-PV sync", "err", err)
		return
	}
	c.log.Debug("counter: checkpoint cleanup", "deleted", n)
}
