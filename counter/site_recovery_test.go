package counter

import (
	"context"
	"testing"
	"time"

	"github.com/stgy/stgypub/internal/redistest"
)

// TestSiteRecovery: after Redis loses everything, a post's days (its
// owner's and the site-wide ones) come back from its PostgreSQL
// checkpoints before the next view is recorded (the recorder refills an
// owner whose filled mark is gone), raised to the checkpoint (never
// added); views never checkpointed stay lost. When only the
// site-wide buckets are lost, the next view restores today's count and
// the next 4-view sync the earlier days, from the owner's Hashes.
func TestSiteRecovery(t *testing.T) {
	f := newSiteFixture(t, 1, Config{})
	ctx := context.Background()
	f.at(-3)
	f.views(t, "a1", 4) // checkpoint 4 (its sync reads Redis: let it run before view 5)
	f.c.Wait()
	f.views(t, "a1", 5) // checkpoint 8: PostgreSQL keeps 8
	f.views(t, "b1", 3) // never checkpointed
	f.at(0)
	f.views(t, "a1", 2) // not checkpointed either
	f.c.Wait()
	if got := f.ranking(t, 7); got != "a1=11 b1=3" {
		t.Fatalf("before the loss: %q", got)
	}

	if err := redistest.DeletePrefix(ctx, f.rdb, f.c.cfg.Prefix); err != nil { // Redis loses every key
		t.Fatal(err)
	}
	f.clk.Set(testNow.Add(5 * time.Minute))
	if got := f.ranking(t, 7); got != "" {
		t.Fatalf("after the loss: %q", got)
	}
	f.views(t, "a1", 3)
	f.c.Wait()
	if got := f.ranking(t, 7); got != "a1=11" { // day -3 back at 8, then 3 today
		t.Fatalf("3 views after the loss: %q", got)
	}
	f.views(t, "a1", 1) // the 4th view today: the 15-day sync
	f.c.Wait()
	f.clk.Set(testNow.Add(10 * time.Minute))
	// True count 9 + 2 + 4 = 15: the 2 unsaved views of today and b1's 3
	// are lost; day -3 is back at its checkpoint, 8.
	if got := f.ranking(t, 7); got != "a1=12" {
		t.Fatalf("after the 4-view sync: %q", got)
	}
	if got := f.siteDaily(t, "a1", -3); got != 8 {
		t.Fatalf("day -3 restored to %d, want 8", got)
	}
	// Syncing again raises nothing: max, never a sum.
	if err := f.c.syncWindow(ctx, f.owners[0], f.posts["a1"], true); err != nil {
		t.Fatal(err)
	}
	f.c.Wait()
	if got := f.siteDaily(t, "a1", -3); got != 8 {
		t.Fatalf("day -3 after a second sync: %d, want 8", got)
	}

	// Only the site-wide keys are lost (daily Hashes, week sums and the
	// cached ranking; a bucket's keys share its slot, so they go together).
	if err := redistest.DeletePrefix(ctx, f.rdb, f.c.cfg.Prefix+"stgy:pub-views:site-"); err != nil {
		t.Fatal(err)
	}
	f.views(t, "a1", 1) // today: 5
	f.c.Wait()
	f.clk.Set(testNow.Add(15 * time.Minute))
	if got := f.ranking(t, 7); got != "a1=5" {
		t.Fatalf("buckets lost, one view: %q", got)
	}
	f.at(1)
	f.views(t, "a1", 4) // day +1 reaches 4: days -3 and 0 come back from the owner's Hashes
	f.c.Wait()
	if got := f.ranking(t, 7); got != "a1=17" {
		t.Fatalf("buckets lost, after the next 4-view sync: %q", got)
	}
}

// TestSiteRefill: after Redis loses everything, an owner's counters come
// back from PostgreSQL (the periodic flush wrote them) when the owner's
// ranking is next computed, and the posts' site-wide counts with them.
func TestSiteRefill(t *testing.T) {
	f := newSiteFixture(t, 1, Config{FlushInterval: time.Hour})
	ctx := context.Background()
	f.at(-2)
	f.views(t, "a1", 3)
	f.at(-1)
	f.views(t, "b1", 2)
	f.at(0)
	f.c.Wait()
	if err := f.c.Flush(ctx); err != nil {
		t.Fatal(err)
	}
	if err := redistest.DeletePrefix(ctx, f.rdb, f.c.cfg.Prefix); err != nil { // Redis loses every key
		t.Fatal(err)
	}
	if got := f.ranking(t, 7); got != "" {
		t.Fatalf("after the loss: %q", got)
	}
	if _, err := f.c.Ranking(ctx, f.owners[0], 5); err != nil { // owner a's Popular entries: refill
		t.Fatal(err)
	}
	f.clk.Set(testNow.Add(5 * time.Minute))
	if got := f.ranking(t, 7); got != "a1=3" {
		t.Fatalf("after owner a's refill: %q", got)
	}
	if _, err := f.c.Ranking(ctx, f.owners[1], 5); err != nil {
		t.Fatal(err)
	}
	if _, err := f.c.Ranking(ctx, f.owners[0], 5); err != nil { // refilled once: nothing doubles
		t.Fatal(err)
	}
	f.clk.Set(testNow.Add(10 * time.Minute))
	if got := f.ranking(t, 7); got != "a1=3 b1=2" {
		t.Fatalf("after owner b's refill: %q", got)
	}
}
