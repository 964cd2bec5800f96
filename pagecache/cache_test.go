package pagecache

import (
	"context"
	"errors"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/internal/testclock"
)

func newLocal(t *testing.T, maxBytes int64) (*Cache, *testclock.Clock) {
	t.Helper()
	clk := testclock.New(t0)
	c, err := New(Config{Local: true, MaxBytes: maxBytes, Now: clk.Now})
	if err != nil {
		t.Fatal(err)
	}
	return c, clk
}

func builder(body string, owner stgypub.ID, n *atomic.Int64) func(context.Context) (Page, error) {
	return func(context.Context) (Page, error) {
		n.Add(1)
		p := page(body, t0)
		p.Owner = owner
		return p, nil
	}
}

// TestLoadBuildsOnceAndKeeps: concurrent misses share one build; later
// requests hit; errors are not kept.
func TestLoadBuildsOnceAndKeeps(t *testing.T) {
	c, _ := newLocal(t, 0)
	var builds atomic.Int64
	release := make(chan struct{})
	slow := func(ctx context.Context) (Page, error) {
		<-release
		return builder("<p>one</p>", 1, &builds)(ctx)
	}
	key := Key{Kind: KindPub, ID: 7}
	var wg sync.WaitGroup
	for range 16 {
		wg.Go(func() {
			if e, err := c.Load(context.Background(), key, slow); err != nil || string(e.Body) != "<p>one</p>" {
				t.Errorf("Load = %v, %v", e, err)
			}
		})
	}
	time.Sleep(20 * time.Millisecond) // let them pile up on the one build
	close(release)
	wg.Wait()
	if builds.Load() != 1 {
		t.Errorf("%d builds for 16 concurrent misses", builds.Load())
	}
	if c.Get(key) == nil {
		t.Error("built page not kept")
	}
	failing := func(context.Context) (Page, error) { builds.Add(1); return Page{}, errors.New("database down") }
	for range 2 {
		if _, err := c.Load(context.Background(), Key{Kind: KindPub, ID: 8}, failing); err == nil {
			t.Error("build error not returned")
		}
	}
	if builds.Load() != 3 {
		t.Errorf("a failed build was kept (%d builds)", builds.Load()-1)
	}
}

// TestByteBound: filled far past MaxBytes, the cache keeps at most
// MaxBytes of entries and still answers.
func TestByteBound(t *testing.T) {
	const maxBytes = 1 << 20
	c, _ := newLocal(t, maxBytes)
	var builds atomic.Int64
	body := strings.Repeat("x", 20<<10) // ~30 KB weighed with variants
	for i := range 400 {                // ~12 MB offered
		if _, err := c.Load(context.Background(), Key{Kind: KindPub, ID: stgypub.ID(i + 1)}, builder(body, 1, &builds)); err != nil {
			t.Fatal(err)
		}
	}
	if got := c.Bytes(); got > maxBytes || got == 0 {
		t.Errorf("cache holds %d bytes, bound %d", got, maxBytes)
	}
	if n := c.Len(); n == 0 || n > maxBytes/(20<<10) {
		t.Errorf("%d entries kept", n)
	}
}

// TestInvalidation: an announcement invalidates the owner's entries and
// the cross-site ones, not other owners'; a build that was running when
// it arrived serves its request but is not kept; Flush drops everything.
func TestInvalidation(t *testing.T) {
	c, _ := newLocal(t, 0)
	var n atomic.Int64
	ctx := context.Background()
	alice, bob, home := Key{Kind: KindSite, ID: 1}, Key{Kind: KindSite, ID: 2}, Key{Kind: KindHome}
	for _, k := range []Key{alice, bob} {
		if _, err := c.Load(ctx, k, builder("<p>site</p>", k.ID, &n)); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := c.Load(ctx, home, builder("<p>home</p>", 0, &n)); err != nil {
		t.Fatal(err)
	}
	c.Invalidate(1)
	if c.Get(alice) != nil || c.Get(home) != nil || c.Get(bob) == nil {
		t.Errorf("after alice's change: alice %v, home %v, bob %v", c.Get(alice) != nil, c.Get(home) != nil, c.Get(bob) != nil)
	}
	during := func(ctx context.Context) (Page, error) {
		c.Invalidate(2) // bob changes while his page is being built
		return builder("<p>stale?</p>", 2, &n)(ctx)
	}
	bob2 := Key{Kind: KindSite, ID: 2, Variant: "page 2"}
	before := n.Load()
	e, err := c.Load(ctx, bob2, during)
	if err != nil || e == nil || n.Load() != before+1 {
		t.Fatalf("Load = %v (%d builds)", err, n.Load()-before)
	}
	if c.Get(bob2) != nil {
		t.Error("a page built across an invalidation was kept")
	}
	if c.Get(bob) != nil {
		t.Error("bob's other page survived his change")
	}
	if _, err := c.Load(ctx, bob2, builder("<p>site</p>", 2, &n)); err != nil || c.Get(bob2) == nil {
		t.Error("rebuilt page not kept")
	}
	c.Flush()
	if c.Get(bob2) != nil {
		t.Error("Flush kept an entry")
	}
}

// TestExpiry: an entry is served until its Page.Expires (a scheduled
// publication, a ranking's expiry), then rebuilt; MaxAge bounds the rest;
// cross-site entries live CrossSiteMaxAge at most.
func TestExpiry(t *testing.T) {
	c, clk := newLocal(t, 0)
	var n atomic.Int64
	ctx := context.Background()
	key := Key{Kind: KindFeed, ID: 1}
	at := func(ctx context.Context) (Page, error) {
		p, _ := builder("<feed/>", 1, &n)(ctx)
		p.Expires = t0.Add(50 * time.Minute)
		return p, nil
	}
	if _, err := c.Load(ctx, key, at); err != nil {
		t.Fatal(err)
	}
	clk.Add(50*time.Minute - time.Nanosecond)
	if c.Get(key) == nil {
		t.Error("expired early")
	}
	clk.Add(time.Nanosecond)
	if c.Get(key) != nil {
		t.Error("served at its expiry")
	}
	if _, err := c.Load(ctx, key, builder("<feed/>", 1, &n)); err != nil {
		t.Fatal(err)
	}
	clk.Add(DefaultMaxAge)
	if c.Get(key) != nil {
		t.Error("served past MaxAge")
	}
	home := Key{Kind: KindHome}
	if _, err := c.Load(ctx, home, builder("<home/>", 0, &n)); err != nil {
		t.Fatal(err)
	}
	clk.Add(CrossSiteMaxAge)
	if c.Get(home) != nil {
		t.Error("cross-site page served past CrossSiteMaxAge")
	}
}

// TestUntrustedCacheKeepsNothing: a cache that has not heard from Redis
// (no lease) builds every time and keeps nothing.
func TestUntrustedCacheKeepsNothing(t *testing.T) {
	clk := testclock.New(t0)
	c, err := New(Config{Now: clk.Now})
	if err != nil {
		t.Fatal(err)
	}
	var n atomic.Int64
	key := Key{Kind: KindSite, ID: 1}
	for range 3 {
		if _, err := c.Load(context.Background(), key, builder("<p>x</p>", 1, &n)); err != nil {
			t.Fatal(err)
		}
	}
	if n.Load() != 3 || c.Trusted() {
		t.Errorf("%d builds for 3 requests without a lease (trusted %v)", n.Load(), c.Trusted())
	}
	c.renew(clk.Now())
	if _, err := c.Load(context.Background(), key, builder("<p>x</p>", 1, &n)); err != nil || c.Get(key) == nil {
		t.Error("not kept with a lease")
	}
	clk.Add(DefaultSafetyTTL)
	if c.Get(key) != nil {
		t.Error("served after the lease lapsed")
	}
}
