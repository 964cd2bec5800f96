// Package redistest gives each test its own Redis key prefix on the shared
// test Redis, deleted at cleanup with SCAN + DEL (never KEYS or FLUSH*), and
// starts private redis-server processes for tests that need a server of
// their own (fault tests, memory figures). It is the Redis counterpart of
// store/storetest; see docs/ARCHITECTURE.md "Testing".
package redistest

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"os"
	"strings"
	"testing"

	"github.com/redis/go-redis/v9"
)

// DefaultURL is the test Redis when no environment variable names one.
const DefaultURL = "redis://127.0.0.1:6379/0"

// Redis is one test's connection and key prefix. Every key the test writes
// must start with Prefix; they are deleted when the test ends.
type Redis struct {
	Client redis.UniversalClient
	Prefix string
}

// New connects to the test Redis (see Client) and reserves a fresh prefix
// (see Prefix). It fails the test when Redis does not answer.
func New(tb testing.TB) *Redis {
	tb.Helper()
	rdb := Client(tb, 0)
	return &Redis{Client: rdb, Prefix: Prefix(tb, rdb)}
}

// Client connects to the test Redis: the comma-separated node addresses of
// STGY_TEST_REDIS_CLUSTER when set (a Redis Cluster), else the URL in
// STGY_TEST_REDIS_URL, else DefaultURL. protocol is the RESP version (2 or
// 3; 0 is go-redis's default, 3). The client is closed when the test ends,
// after the prefixes reserved on it are deleted.
func Client(tb testing.TB, protocol int) redis.UniversalClient {
	tb.Helper()
	var rdb redis.UniversalClient
	if addrs := os.Getenv("STGY_TEST_REDIS_CLUSTER"); addrs != "" {
		rdb = redis.NewClusterClient(&redis.ClusterOptions{Addrs: strings.Split(addrs, ","), Protocol: protocol})
	} else {
		u := os.Getenv("STGY_TEST_REDIS_URL")
		if u == "" {
			u = DefaultURL
		}
		opt, err := redis.ParseURL(u)
		if err != nil {
			tb.Fatalf("redistest: STGY_TEST_REDIS_URL: %v", err)
		}
		opt.Protocol = protocol
		rdb = redis.NewClient(opt)
	}
	tb.Cleanup(func() { rdb.Close() })
	if err := rdb.Ping(context.Background()).Err(); err != nil {
		tb.Fatalf("redistest: test Redis does not answer (set STGY_TEST_REDIS_URL or run `make services`): %v", err)
	}
	return rdb
}

// Prefix returns a new random key prefix ("stgytest:<12 hex>:") whose keys
// are deleted from rdb when the test ends (on every master of a cluster).
func Prefix(tb testing.TB, rdb redis.UniversalClient) string {
	tb.Helper()
	var b [6]byte
	_, _ = rand.Read(b[:])
	prefix := "stgytest:" + hex.EncodeToString(b[:]) + ":"
	tb.Cleanup(func() {
		if err := DeletePrefix(context.Background(), rdb, prefix); err != nil {
			tb.Logf("redistest: delete %s*: %v", prefix, err)
		}
	})
	return prefix
}

// Keys lists the keys under r's prefix (SCAN on every master), sorted by
// nothing: tests compare them as a set.
func (r *Redis) Keys(ctx context.Context) ([]string, error) {
	var keys []string
	err := eachNode(ctx, r.Client, func(ctx context.Context, c redis.Cmdable) error {
		it := c.Scan(ctx, 0, r.Prefix+"*", 1000).Iterator()
		for it.Next(ctx) {
			keys = append(keys, it.Val())
		}
		return it.Err()
	})
	return keys, err
}

// DeletePrefix deletes every key that starts with prefix, walking the key
// space with SCAN (never KEYS) on every master.
func DeletePrefix(ctx context.Context, rdb redis.UniversalClient, prefix string) error {
	return eachNode(ctx, rdb, func(ctx context.Context, c redis.Cmdable) error {
		it := c.Scan(ctx, 0, prefix+"*", 1000).Iterator()
		for it.Next(ctx) {
			if err := c.Del(ctx, it.Val()).Err(); err != nil {
				return err
			}
		}
		return it.Err()
	})
}

func eachNode(ctx context.Context, rdb redis.UniversalClient, f func(context.Context, redis.Cmdable) error) error {
	if cc, ok := rdb.(*redis.ClusterClient); ok {
		return cc.ForEachMaster(ctx, func(ctx context.Context, c *redis.Client) error { return f(ctx, c) })
	}
	return f(ctx, rdb)
}
