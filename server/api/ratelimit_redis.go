package api

import (
	"context"
	"fmt"
	"log/slog"
	"strconv"
	"time"

	"github.com/go-chi/httprate"
	"github.com/redis/go-redis/v9"
)

// redisCounter is an httprate.LimitCounter over Redis, so limits hold
// across app servers. Keys are prefix + "{" + key + "}:" + window start
// (Unix seconds), key being visitor.AddressKey of the client (never its
// address); the hash tag keeps both windows of one key in one Redis
// Cluster slot. Counters expire after three windows. Calls take the Redis
// client's per-call deadline (internal/redisguard).
type redisCounter struct {
	rdb    redis.UniversalClient
	prefix string
	window time.Duration
}

var _ httprate.LimitCounter = (*redisCounter)(nil)

func newRedisCounter(rdb redis.UniversalClient, prefix string) *redisCounter {
	return &redisCounter{rdb: rdb, prefix: prefix, window: time.Minute}
}

func (c *redisCounter) key(key string, window time.Time) string {
	return c.prefix + "{" + key + "}:" + strconv.FormatInt(window.Unix(), 10)
}

// Config records the window length (httprate calls it once).
func (c *redisCounter) Config(_ int, windowLength time.Duration) { c.window = windowLength }

// Increment adds one to key's counter of currentWindow.
func (c *redisCounter) Increment(key string, currentWindow time.Time) error {
	return c.IncrementBy(key, currentWindow, 1)
}

// IncrementBy adds amount to key's counter of currentWindow.
func (c *redisCounter) IncrementBy(key string, currentWindow time.Time, amount int) error {
	ctx := context.Background()
	k := c.key(key, currentWindow)
	_, err := c.rdb.Pipelined(ctx, func(p redis.Pipeliner) error {
		p.IncrBy(ctx, k, int64(amount))
		p.Expire(ctx, k, 3*c.window)
		return nil
	})
	if err != nil {
		return fmt.Errorf("api: rate limit increment: %w", err)
	}
	return nil
}

// Get returns key's counters of the current and previous windows.
func (c *redisCounter) Get(key string, currentWindow, previousWindow time.Time) (int, int, error) {
	ctx := context.Background()
	vals, err := c.rdb.MGet(ctx, c.key(key, currentWindow), c.key(key, previousWindow)).Result()
	if err != nil {
		return 0, 0, fmt.Errorf("api: rate limit get: %w", err)
	}
	n := func(v any) int {
		s, _ := v.(string)
		i, _ := strconv.Atoi(s)
		return i
	}
	return n(vals[0]), n(vals[1]), nil
}

// fallbackCounter counts in Redis and, while a Redis call fails (down,
// frozen, circuit breaker open), in this process instead: a per-process
// limit of the same size, so the limits degrade to per app server and a
// request is never refused or failed because Redis is away. Counts made
// in either place are not carried over to the other.
type fallbackCounter struct {
	primary, local httprate.LimitCounter
	log            *slog.Logger
}

var _ httprate.LimitCounter = (*fallbackCounter)(nil)

func (f *fallbackCounter) Config(limit int, window time.Duration) {
	f.primary.Config(limit, window)
	f.local.Config(limit, window)
}

func (f *fallbackCounter) Increment(key string, w time.Time) error { return f.IncrementBy(key, w, 1) }

func (f *fallbackCounter) IncrementBy(key string, w time.Time, amount int) error {
	if err := f.primary.IncrementBy(key, w, amount); err != nil {
		f.log.Warn("api: rate limit counted in process (Redis unavailable)", "err", err)
		return f.local.IncrementBy(key, w, amount)
	}
	return nil
}

func (f *fallbackCounter) Get(key string, cur, prev time.Time) (int, int, error) {
	c, p, err := f.primary.Get(key, cur, prev)
	if err != nil {
		return f.local.Get(key, cur, prev)
	}
	return c, p, nil
}
