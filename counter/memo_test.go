package counter

import (
	"context"
	"testing"
	"time"

	"github.com/stgy/stgypub"
)

// TestMemo: with MemoTTL, ViewCounts and Ranking reuse their answer
// until MemoTTL has passed (a write this process did not record stays
// unseen until then), a view this process records shows in ViewCounts at
// once (the ranking keeps its Redis cache entry, CacheTTL), and an
// empty ranking still reports that it holds no longer than the read.
func TestMemo(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t, 2, Config{MemoTTL: time.Second})
	a, b := f.posts[0], f.posts[1]
	counts := func(t *testing.T) map[stgypub.ID]int64 {
		t.Helper()
		m, err := f.c.ViewCounts(ctx, f.owner, []stgypub.ID{a, b})
		if err != nil {
			t.Fatal(err)
		}
		return m
	}
	top := func(t *testing.T) ([]stgypub.RankingEntry, time.Time) {
		t.Helper()
		r, until, err := f.c.RankingUntil(ctx, f.owner, 5)
		if err != nil {
			t.Fatal(err)
		}
		return r, until
	}
	t.Run("empty ranking", func(t *testing.T) {
		r, until := top(t)
		r2, until2 := top(t) // from the memo
		if len(r) != 0 || len(r2) != 0 || !until.Equal(testNow) || !until2.Equal(testNow) {
			t.Fatalf("empty ranking: %v until %v, then %v until %v", r, until, r2, until2)
		}
	})
	if m := counts(t); m[a] != 0 || m[b] != 0 {
		t.Fatalf("before any view: %v", m)
	}
	t.Run("a write of another process shows after MemoTTL", func(t *testing.T) {
		f.seedDaily(t, map[int]map[stgypub.ID]int64{0: {a: 7}})
		if m := counts(t); m[a] != 0 {
			t.Fatalf("within MemoTTL: %v, want the remembered 0", m)
		}
		if r, _ := top(t); len(r) != 0 {
			t.Fatalf("within MemoTTL: ranking %v, want the remembered empty one", r)
		}
		f.clk.Set(testNow.Add(time.Second))
		if m := counts(t); m[a] != 7 || m[b] != 0 {
			t.Fatalf("after MemoTTL: %v, want a:7", m)
		}
		if r, until := top(t); len(r) != 1 || r[0].ID != a || r[0].PV != 7 || !until.After(f.clk.Now()) {
			t.Fatalf("after MemoTTL: ranking %v until %v", r, until)
		}
	})
	t.Run("a view of this process shows at once", func(t *testing.T) {
		counts(t)
		if n := f.view(t, b, 1); n != 1 {
			t.Fatalf("view: %d", n)
		}
		if m := counts(t); m[a] != 7 || m[b] != 1 {
			t.Fatalf("after the view: %v, want a:7 b:1", m)
		}
	})
	t.Run("answers are copies", func(t *testing.T) {
		r, _ := top(t)
		r[0].PV = 1000
		if r2, _ := top(t); r2[0].PV != 7 {
			t.Fatalf("a caller's change reached the memo: %v", r2)
		}
	})
}
