package api

import (
	"context"
	"fmt"
	"strconv"
	"time"

	"github.com/go-chi/httprate"
	"github.com/redis/go-redis/v9"
)

// redisCounter is an httprate.LimitCounter over Redis, so limits hold
// across app servers. Keys are prefix + "{" + key + "}:" + window start
// (Unix seconds); the hash tag keeps both windows of one key in one
// Redis Cluster slot. Counters expire after three windows.
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
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
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
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
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
