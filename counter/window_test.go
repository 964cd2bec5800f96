package counter

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/internal/redistest"
)

// TestReadWindow checks the window read over RESP2 and RESP3: every
// well-formed field of every day is read (700-field Hashes, past
// hash-max-listpack-entries), malformed fields and non-positive values are
// skipped.
func TestReadWindow(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t, 0, Config{})
	day := map[int]map[stgypub.ID]int64{0: {}, -1: {}, -14: {1: 5}, -15: {1: 1000}}
	for i := range 700 {
		day[0][stgypub.ID(i+1)] = int64(1 + i%9)
		day[-1][stgypub.ID(2*i+1)] = int64(100 + i)
	}
	f.seedDaily(t, day)
	today := f.c.keys.dailyKey(f.owner, "20260310")
	f.rdb.HSet(ctx, today, "not-an-id", 9, "000000ab00000000", 4, "000000AC00000000", "+6", "000000AD00000000", "x", "000000AE00000000", -2)
	for _, proto := range []int{2, 3} {
		t.Run(fmt.Sprintf("RESP%d", proto), func(t *testing.T) {
			c := New(redistest.Client(t, proto), f.cs, f.c.cfg)
			got, err := c.daily.readWindow(ctx, f.owner, c.cal.window())
			if err != nil {
				t.Fatal(err)
			}
			// 700 posts today, 700 yesterday (odd IDs, 350 shared), two
			// well-formed extras; the day 15 back is outside the window.
			if got.len() != 1050+2 {
				t.Fatalf("%d posts, want 1052", got.len())
			}
			if r := got.row(0xAB00000000); r < 0 || got.series(r)[14] != 4 {
				t.Fatalf("lower-case field: row %d", r)
			}
			if r := got.row(0xAC00000000); r < 0 || got.series(r)[14] != 6 {
				t.Fatalf("+6: row %d", r)
			}
			if got.row(0xAD00000000) >= 0 || got.row(0xAE00000000) >= 0 {
				t.Fatal("non-integer or negative value read")
			}
			if r := got.row(1); r < 0 || got.series(r)[0] != 5 || got.series(r)[14] != 1 || got.series(r)[13] != 100 {
				t.Fatalf("post 1: %v", got.series(max(r, 0)))
			}
			if r := got.row(3); r < 0 || got.series(r)[13] != 101 || got.series(r)[14] != 3 {
				t.Fatalf("post 3: %v", got.series(max(r, 0)))
			}
		})
	}
	t.Run("wrong type is an error, not a panic", func(t *testing.T) {
		f.rdb.Del(ctx, today)
		f.rdb.Set(ctx, today, "not a hash", 0)
		if _, err := f.c.Ranking(ctx, f.owner, 5); err == nil {
			t.Fatal("Ranking over a string key: no error")
		}
		if _, err := f.c.Stats(ctx, f.owner); err == nil {
			t.Fatal("Stats over a string key: no error")
		}
	})
}

// TestStatsCheckpointReads checks that Stats merges the checkpoints
// streamed by EachOwnerCheckpoint with the daily Hashes by max.
func TestStatsCheckpointReads(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t, 4, Config{})
	a, b, c, d := f.posts[0], f.posts[1], f.posts[2], f.posts[3]
	f.seedDaily(t, map[int]map[stgypub.ID]int64{0: {a: 103, b: 2}, -3: {c: 9}})
	var cps []stgypub.Checkpoint
	for i, p := range []stgypub.ID{a, b, c, d} {
		for off := range 16 {
			cps = append(cps, stgypub.Checkpoint{PostID: p, OwnerID: f.owner, Date: testNow.AddDate(0, 0, -off), Count: int64(4 * (1 + (i+off)%5))})
		}
	}
	if err := f.st.Checkpoints.UpsertCheckpoints(ctx, cps); err != nil {
		t.Fatal(err)
	}
	stream, err := f.c.Stats(ctx, f.owner)
	if err != nil {
		t.Fatal(err)
	}
	// a: today max(103, 4) plus 14 earlier days from the checkpoints.
	var wantA int64 = 103
	for off := 1; off < 15; off++ {
		wantA += int64(4 * (1 + off%5))
	}
	if stream.Posts[0].ID != a || stream.Posts[0].PV != wantA {
		t.Fatalf("top %+v, want %s with %d", stream.Posts[0], a, wantA)
	}
}

// TestTopKMatchesSort compares the heap with a full sort on random
// entries full of ties.
func TestTopKMatchesSort(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	var all []stgypub.RankingEntry
	for i := range 5000 {
		all = append(all, stgypub.RankingEntry{ID: stgypub.ID(r.Int64N(1 << 40)), PV: r.Int64N(50) - 2})
		if i%7 == 0 {
			all = append(all, stgypub.RankingEntry{ID: stgypub.ID(i), PV: 30})
		}
	}
	sorted := slices.Clone(all)
	slices.SortFunc(sorted, func(a, b stgypub.RankingEntry) int {
		if better(a, b) {
			return -1
		}
		if better(b, a) {
			return 1
		}
		return 0
	})
	positive := slices.IndexFunc(sorted, func(e stgypub.RankingEntry) bool { return e.PV <= 0 })
	for _, k := range []int{1, 7, 1000, 10000} {
		t.Run(fmt.Sprint("k=", k), func(t *testing.T) {
			want := sorted[:min(k, positive)]
			if got := topK(all, k); !slices.Equal(got, want) {
				t.Fatalf("topK(%d): %d entries, head %v; want %d, head %v", k, len(got), got[:min(3, len(got))], len(want), want[:min(3, len(want))])
			}
		})
	}
}
