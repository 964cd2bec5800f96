package counter

import (
	"context"
	"testing"
	"time"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/internal/redistest"
)

// TestRestartLosesAtMostTheFlushInterval counts views on a private
// Redis, flushes, counts more, then restarts Redis empty: the refill
// restores every flushed count from PostgreSQL (Popular entries and view
// counts included), only the views after the flush are lost, and
// counting goes on from the restored value.
func TestRestartLosesAtMostTheFlushInterval(t *testing.T) {
	ctx := context.Background()
	rs := redistest.Start(t)
	f := newFixture(t, 3, Config{FlushInterval: time.Minute})
	f.rdb = rs.Client
	f.c = New(rs.Client, f.cs, f.c.cfg)
	a, b, c := f.posts[0], f.posts[1], f.posts[2]
	for i := range 33 { // last checkpoint 32; the flush saves 33
		f.view(t, a, i)
	}
	for i := range 10 {
		f.view(t, b, 100+i)
	}
	f.view(t, c, 200) // 1 view: never a checkpoint, only the flush saves it
	f.c.Wait()
	if f.c.pendingFlush() != 3 {
		t.Fatalf("%d counts pending, want 3", f.c.pendingFlush())
	}
	if err := f.c.Flush(ctx); err != nil {
		t.Fatal(err)
	}
	if f.c.pendingFlush() != 0 {
		t.Fatal("flush left counts pending")
	}
	for i := range 4 { // 34..37 after the flush, below checkpoint 38: lost on restart
		f.view(t, a, 300+i)
	}
	f.c.Wait()
	rs.Restart()
	// The first page after the restart starts the refill; the ranking
	// computation waits for it.
	top, err := f.c.Ranking(ctx, f.owner, 5)
	if err != nil {
		t.Fatal(err)
	}
	want := []stgypub.RankingEntry{{ID: a, PV: 33}, {ID: b, PV: 10}, {ID: c, PV: 1}}
	if len(top) != 3 || top[0] != want[0] || top[1] != want[1] || top[2] != want[2] {
		t.Fatalf("ranking after restart %v, want %v", top, want)
	}
	counts, err := f.c.ViewCounts(ctx, f.owner, []stgypub.ID{a, b, c})
	if err != nil || counts[a] != 33 || counts[b] != 10 || counts[c] != 1 {
		t.Fatalf("view counts after restart %v (err %v)", counts, err)
	}
	if n := f.view(t, a, 999); n != 34 {
		t.Fatalf("next view after the refill: %d, want 34", n)
	}
}

// TestRefillFromViewCounts: an owner whose page shows only the view count
// (no Popular entries) is refilled too, in the background, after the
// first read that finds the mark missing.
func TestRefillFromViewCounts(t *testing.T) {
	ctx := context.Background()
	rs := redistest.Start(t)
	f := newFixture(t, 1, Config{FlushInterval: time.Minute})
	f.rdb = rs.Client
	f.c = New(rs.Client, f.cs, f.c.cfg)
	for i := range 5 {
		f.view(t, f.posts[0], i)
	}
	f.c.Wait()
	if err := f.c.Flush(ctx); err != nil {
		t.Fatal(err)
	}
	rs.Restart()
	// The first read after the restart already counts the checkpoints
	// (not 0), while the refill restores Redis in the background.
	if m, err := f.c.ViewCounts(ctx, f.owner, f.posts); err != nil || m[f.posts[0]] != 5 {
		t.Fatalf("first read after restart: %v %v", m, err)
	}
	f.c.Wait()
	if m, err := f.c.ViewCounts(ctx, f.owner, f.posts); err != nil || m[f.posts[0]] != 5 {
		t.Fatalf("after the refill: %v %v", m, err)
	}
}

// TestFlushRetriesAfterFailure: rows a flush could not write stay pending
// and the next flush writes them; a flush without changes sends nothing.
func TestFlushRetriesAfterFailure(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t, 1, Config{FlushInterval: time.Minute})
	for i := range 3 {
		f.view(t, f.posts[0], i)
	}
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	if err := f.c.Flush(cancelled); err == nil {
		t.Fatal("flush on a cancelled context succeeded")
	}
	if f.c.pendingFlush() != 1 {
		t.Fatalf("%d pending after a failed flush", f.c.pendingFlush())
	}
	before := f.cs.Calls()["UpsertCheckpoints"]
	if err := f.c.Flush(ctx); err != nil {
		t.Fatal(err)
	}
	if err := f.c.Flush(ctx); err != nil {
		t.Fatal(err)
	}
	if got := f.cs.Calls()["UpsertCheckpoints"] - before; got != 1 {
		t.Fatalf("%d UPSERTs for one change and one empty flush", got)
	}
	cps, err := f.st.Checkpoints.PostCheckpoints(ctx, f.posts[0], testNow.AddDate(0, 0, -1), testNow)
	if err != nil || len(cps) != 1 || cps[0].Count != 3 {
		t.Fatalf("checkpoints %v (err %v), want today = 3", cps, err)
	}
}
