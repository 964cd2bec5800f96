package counter

import (
	"context"
	"errors"
	"strconv"
	"testing"
	"time"
)

// TestSiteRankingCache: an empty ranking is not cached; a non-empty one
// is served from the cache (Redis and the process copy) until CacheTTL
// has passed on the injected clock, then recomputed.
func TestSiteRankingCache(t *testing.T) {
	f := newSiteFixture(t, 2, Config{})
	ctx := context.Background()
	if got := f.ranking(t, 7); got != "" {
		t.Fatalf("empty: %q", got)
	}
	if n := f.rdb.Exists(ctx, f.c.keys.siteRankingKey(7)).Val(); n != 0 {
		t.Fatal("an empty ranking was cached")
	}
	f.views(t, "b2", 2)
	f.c.Wait()
	if got := f.ranking(t, 7); got != "b2=2" {
		t.Fatalf("first view not shown at once: %q", got)
	}
	ttl := f.rdb.TTL(ctx, f.c.keys.siteRankingKey(7)).Val()
	if ttl < 5*time.Minute-10*time.Second || ttl > 5*time.Minute {
		t.Fatalf("cache TTL %v, want 5m", ttl)
	}
	r, _ := f.c.SiteRanking(ctx, 7)
	if !r.ExpiresAt.Equal(testNow.Add(5*time.Minute)) || !r.ComputedAt.Equal(testNow) {
		t.Fatalf("computed %v, expires %v", r.ComputedAt, r.ExpiresAt)
	}
	f.views(t, "c1", 3)
	f.c.Wait()
	f.clk.Set(testNow.Add(5*time.Minute - time.Second))
	if got := f.ranking(t, 7); got != "b2=2" {
		t.Fatalf("cache not held: %q", got)
	}
	// Another process (a new Counter on the same keys) reads the Redis copy.
	other := New(f.rdb, f.st.Checkpoints, Config{Prefix: f.c.cfg.Prefix, Now: f.clk.Now})
	if r, err := other.SiteRanking(ctx, 7); err != nil || f.names(r.Entries) != "b2=2" {
		t.Fatalf("other process: %v, %v", r, err)
	}
	if got := f.ranking(t, 1); got != "c1=3 b2=2" {
		t.Fatalf("days 1 has its own cache entry: %q", got)
	}
	f.clk.Set(testNow.Add(5 * time.Minute))
	if got := f.ranking(t, 7); got != "c1=3 b2=2" {
		t.Fatalf("after expiry: %q", got)
	}
	if r, err := other.SiteRanking(ctx, 7); err != nil || f.names(r.Entries) != "c1=3 b2=2" {
		t.Fatalf("other process after expiry: %v, %v", r, err)
	}
}

// TestSiteRankingRefreshAhead: in the last fifth of its life a cached
// ranking is still served while one process recomputes it in the
// background; another process then adopts the new copy instead of
// computing again.
func TestSiteRankingRefreshAhead(t *testing.T) {
	f := newSiteFixture(t, 1, Config{})
	ctx := context.Background()
	f.views(t, "a1", 2)
	f.c.Wait()
	other := New(f.rdb, f.st.Checkpoints, Config{Prefix: f.c.cfg.Prefix, Now: f.clk.Now})
	if got := f.ranking(t, 7); got != "a1=2" {
		t.Fatalf("first: %q", got)
	}
	if r, err := other.SiteRanking(ctx, 7); err != nil || f.names(r.Entries) != "a1=2" {
		t.Fatalf("other process: %v, %v", r, err)
	}
	f.views(t, "b1", 3)
	f.c.Wait()
	f.clk.Set(testNow.Add(4*time.Minute + time.Second))
	if got := f.ranking(t, 7); got != "a1=2" {
		t.Fatalf("in the last fifth the cached ranking is served: %q", got)
	}
	waitRefresh(f.c, 7)
	if got := f.ranking(t, 7); got != "b1=3 a1=2" {
		t.Fatalf("after the refresh: %q", got)
	}
	r, _ := f.c.SiteRanking(ctx, 7)
	if !r.ComputedAt.Equal(f.clk.Now()) || !r.ExpiresAt.Equal(f.clk.Now().Add(5*time.Minute)) {
		t.Fatalf("refreshed at %v, expires %v", r.ComputedAt, r.ExpiresAt)
	}
	// The other process's refresh adopts the new Redis copy.
	if r, _ := other.SiteRanking(ctx, 7); f.names(r.Entries) != "a1=2" {
		t.Fatalf("other process before its refresh: %q", f.names(r.Entries))
	}
	waitRefresh(other, 7)
	if r, _ := other.SiteRanking(ctx, 7); f.names(r.Entries) != "b1=3 a1=2" || !r.ComputedAt.Equal(f.clk.Now()) {
		t.Fatalf("other process after its refresh: %q computed %v", f.names(r.Entries), r.ComputedAt)
	}
}

// waitRefresh waits for c's background refresh of days, if one runs.
func waitRefresh(c *Counter, days int) {
	<-c.site.rank.sf.DoChan("refresh:"+strconv.Itoa(days), func() (any, error) { return nil, nil })
}

// TestSiteRankingBudget: a caller waits at most Budget for a computation;
// the computation goes on and caches the ranking for the next call.
func TestSiteRankingBudget(t *testing.T) {
	f := newSiteFixture(t, 1, Config{Budget: time.Nanosecond})
	ctx := context.Background()
	f.c.site.offer(testNow, f.posts["a1"], 2)
	f.c.Wait()
	if _, err := f.c.SiteRanking(ctx, 7); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("err = %v, want the budget's deadline", err)
	}
	<-f.c.site.rank.sf.DoChan("7", func() (any, error) { return nil, nil })
	if got := f.ranking(t, 7); got != "a1=2" {
		t.Fatalf("next call: %q", got)
	}
}
