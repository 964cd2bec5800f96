package redisguard

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/stgy/stgypub/internal/redistest"
)

func guarded(t *testing.T, s *redistest.Server, cfg Config) (redis.UniversalClient, *Guard) {
	t.Helper()
	cfg.Logger = slog.New(slog.NewTextHandler(io.Discard, nil))
	g := New(cfg)
	rdb := NewClient(&redis.Options{Addr: s.Addr}, nil, g)
	t.Cleanup(func() { rdb.Close() })
	return rdb, g
}

// TestFrozenRedis freezes a private Redis (SIGSTOP): every call fails
// within about the per-call timeout, never after the 5 s go-redis
// default, the breaker opens after Failures consecutive failures and then
// refuses calls without waiting, and once Redis is thawed a probe closes
// it again within OpenFor.
func TestFrozenRedis(t *testing.T) {
	s := redistest.Start(t)
	ctx := context.Background()
	rdb, g := guarded(t, s, Config{Timeout: 40 * time.Millisecond, OpenFor: 300 * time.Millisecond, Failures: 3})
	if err := rdb.Set(ctx, "k", "v", 0).Err(); err != nil {
		t.Fatal(err)
	}
	s.Freeze()
	defer s.Thaw()
	for i := range 3 {
		start := time.Now()
		err := rdb.Get(ctx, "k").Err()
		if !IsFailure(err) {
			t.Fatalf("call %d on a frozen Redis: err %v, want a timeout", i, err)
		}
		if d := time.Since(start); d > time.Second {
			t.Fatalf("call %d took %s on a frozen Redis", i, d)
		}
	}
	if g.State() != "open" {
		t.Fatalf("after 3 failures the breaker is %s", g.State())
	}
	// While open, calls (commands and pipelines) fail at once with ErrOpen.
	for range 50 {
		if err := rdb.Get(ctx, "k").Err(); !errors.Is(err, ErrOpen) {
			t.Fatalf("open breaker: err %v", err)
		}
	}
	cmds, err := rdb.Pipelined(ctx, func(p redis.Pipeliner) error { p.Get(ctx, "k"); p.Incr(ctx, "n"); return nil })
	if !errors.Is(err, ErrOpen) || !errors.Is(cmds[1].Err(), ErrOpen) {
		t.Fatalf("pipeline while open: %v, %v", err, cmds[1].Err())
	}
	s.Thaw()
	deadline := time.Now().Add(3 * time.Second)
	for rdb.Get(ctx, "k").Val() != "v" {
		if time.Now().After(deadline) {
			t.Fatalf("not recovered 3 s after the thaw (breaker %s)", g.State())
		}
		time.Sleep(20 * time.Millisecond)
	}
	if g.State() != "closed" {
		t.Fatalf("after recovery the breaker is %s", g.State())
	}
}

// TestAbsentRedis: a client for a Redis that is not there yet is built
// without error, fails fast, and works once the server appears.
func TestAbsentRedis(t *testing.T) {
	s := redistest.Start(t)
	s.Stop()
	ctx := context.Background()
	rdb, _ := guarded(t, s, Config{OpenFor: 100 * time.Millisecond})
	for range 20 {
		start := time.Now()
		if err := rdb.Ping(ctx).Err(); err == nil {
			t.Fatal("PING answered by a stopped server")
		}
		if d := time.Since(start); d > time.Second {
			t.Fatalf("PING to an absent Redis took %s", d)
		}
	}
	s.Restart()
	deadline := time.Now().Add(3 * time.Second)
	for rdb.Ping(ctx).Err() != nil {
		if time.Now().After(deadline) {
			t.Fatal("no connection 3 s after Redis appeared")
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// TestAnswersAreNotFailures: redis.Nil and error replies (a script that
// is not loaded, a wrong type) never open the breaker; a caller's
// cancellation does not count either.
func TestAnswersAreNotFailures(t *testing.T) {
	s := redistest.Start(t)
	ctx := context.Background()
	rdb, g := guarded(t, s, Config{Failures: 2})
	rdb.Set(ctx, "str", "x", 0)
	for range 10 {
		if err := rdb.Get(ctx, "missing").Err(); !errors.Is(err, redis.Nil) {
			t.Fatal(err)
		}
		if err := rdb.HGet(ctx, "str", "f").Err(); err == nil {
			t.Fatal("HGET on a string: no WRONGTYPE")
		}
		if err := rdb.EvalSha(ctx, "0123456789012345678901234567890123456789", nil).Err(); err == nil {
			t.Fatal("EVALSHA of an unknown script: no NOSCRIPT")
		}
		cctx, cancel := context.WithCancel(ctx)
		cancel()
		_ = rdb.Get(cctx, "str").Err()
	}
	if g.State() != "closed" {
		t.Fatalf("breaker %s after answers", g.State())
	}
}

// TestWithTimeout: background work may ask for more than the page
// timeout; a script that runs 150 ms fails under the 40 ms default and
// succeeds with WithTimeout(1s).
func TestWithTimeout(t *testing.T) {
	s := redistest.Start(t)
	ctx := context.Background()
	rdb, _ := guarded(t, s, Config{Timeout: 40 * time.Millisecond, Failures: 100})
	slow := `local t = redis.call('TIME'); local start = t[1]*1000000 + t[2]
while true do local n = redis.call('TIME'); if n[1]*1000000 + n[2] - start > 150000 then return 1 end end`
	if err := rdb.Eval(ctx, slow, nil).Err(); !IsFailure(err) {
		t.Fatalf("150 ms script under a 40 ms timeout: %v", err)
	}
	// Redis is busy with the script for the rest of its 150 ms.
	time.Sleep(200 * time.Millisecond)
	if err := rdb.Eval(WithTimeout(ctx, time.Second), slow, nil).Err(); err != nil {
		t.Fatalf("with WithTimeout(1s): %v", err)
	}
}

// TestObserve: every call is reported once, refusals as ErrOpen.
func TestObserve(t *testing.T) {
	s := redistest.Start(t)
	ctx := context.Background()
	var mu sync.Mutex
	got := map[string]int{}
	var calls atomic.Int64
	rdb, _ := guarded(t, s, Config{Timeout: 30 * time.Millisecond, Failures: 2, OpenFor: time.Minute, Observe: func(_ time.Duration, err error) {
		calls.Add(1)
		mu.Lock()
		defer mu.Unlock()
		switch {
		case err == nil:
			got["ok"]++
		case errors.Is(err, ErrOpen):
			got["open"]++
		default:
			got["fail"]++
		}
	}})
	rdb.Get(ctx, "missing") // redis.Nil is an answer
	rdb.Set(ctx, "k", "v", 0)
	s.Freeze()
	defer s.Thaw()
	for range 5 {
		rdb.Get(ctx, "k")
	}
	mu.Lock()
	defer mu.Unlock()
	if fmt.Sprint(got) != "map[fail:2 ok:2 open:3]" {
		t.Fatalf("observed %v", got)
	}
}

// TestWithoutBreaker: with the breaker open (a frozen private Redis
// tripped it), calls under WithoutBreaker still go to Redis: they fail
// with a timeout while it is frozen, not ErrOpen, and succeed once it is
// thawed even before the breaker lets a probe through; their failures do
// not count towards the breaker.
func TestWithoutBreaker(t *testing.T) {
	s := redistest.Start(t)
	ctx := context.Background()
	rdb, g := guarded(t, s, Config{Timeout: 40 * time.Millisecond, OpenFor: time.Hour, Failures: 3})
	s.Freeze()
	for range 3 {
		_ = rdb.Get(ctx, "k").Err()
	}
	if g.State() != "open" {
		t.Fatalf("breaker %s after 3 failures", g.State())
	}
	bypass := WithoutBreaker(ctx)
	if err := rdb.Get(bypass, "k").Err(); errors.Is(err, ErrOpen) || !IsFailure(err) {
		t.Fatalf("frozen, without breaker: %v, want a timeout", err)
	}
	s.Thaw()
	if err := rdb.Set(WithTimeout(bypass, 5*time.Second), "k", "v", 0).Err(); err != nil {
		t.Fatalf("thawed, without breaker: %v", err)
	}
	if err := rdb.Get(ctx, "k").Err(); !errors.Is(err, ErrOpen) {
		t.Fatalf("an ordinary call while open: %v, want ErrOpen", err)
	}
}
