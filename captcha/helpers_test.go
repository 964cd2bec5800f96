package captcha

import (
	"context"
	"net/netip"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/internal/redistest"
	"github.com/stgy/stgypub/internal/testclock"
)

// testRedis is the shared test Redis with a fresh key prefix.
func testRedis(t testing.TB) (redis.UniversalClient, string) {
	t.Helper()
	r := redistest.New(t)
	return r.Client, r.Prefix
}

func ip(s string) netip.Addr { return netip.MustParseAddr(s) }
func code(err error) string  { return stgypub.ErrorCode(err) }

// newService is a Service on a fresh prefix with a test clock.
func newService(t testing.TB, cfg Config) (*Service, redis.UniversalClient, *testclock.Clock) {
	t.Helper()
	rdb, prefix := testRedis(t)
	c := testclock.New(time.Date(2026, 12, 1, 12, 30, 15, 0, time.UTC))
	cfg.Prefix, cfg.Now = prefix, c.Now
	return New(rdb, cfg), rdb, c
}

// clientAt is a CommentClient from addr with the minute hash of c's time.
func clientAt(c *testclock.Clock, addr string) stgypub.CommentClient {
	return stgypub.CommentClient{IP: ip(addr), MinuteHash: MinuteHash(c.Now())}
}

// answerOf reads a challenge's answer from Redis, as the browser test does.
func answerOf(t testing.TB, s *Service, rdb redis.UniversalClient, id string) string {
	t.Helper()
	a, err := rdb.HGet(context.Background(), s.challengeKey(id), "answer").Result()
	if err != nil {
		t.Fatalf("answer of %s: %v", id, err)
	}
	return a
}
