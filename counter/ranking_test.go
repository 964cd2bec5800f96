package counter

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/stgy/stgypub"
)

// seedDaily writes PVs straight into daily Hashes: day offset (0 = today,
// -1 = yesterday) -> post -> PV.
func (f *fixture) seedDaily(t testing.TB, pvs map[int]map[stgypub.ID]int64) {
	t.Helper()
	ctx := context.Background()
	for off, m := range pvs {
		key := f.c.keys.dailyKey(f.owner, testNow.AddDate(0, 0, off).Format(dayLayout))
		for id, pv := range m {
			if err := f.rdb.HSet(ctx, key, id.String(), pv).Err(); err != nil {
				t.Fatal(err)
			}
		}
	}
}

func TestRanking(t *testing.T) {
	f := newFixture(t, 0, Config{})
	ctx := context.Background()
	a, b, c, d := stgypub.ID(0xA), stgypub.ID(0xB), stgypub.ID(0xC), stgypub.ID(0xD)
	var many []stgypub.ID
	for i := range 25 {
		many = append(many, stgypub.ID(0x100+i))
	}
	t.Run("empty is not cached", func(t *testing.T) {
		got, err := f.c.Ranking(ctx, f.owner, 5)
		if err != nil || len(got) != 0 {
			t.Fatalf("empty owner: %v, %v", got, err)
		}
		if n, _ := f.rdb.Exists(ctx, f.c.keys.rankingKey(f.owner)).Result(); n != 0 {
			t.Fatal("empty ranking was cached")
		}
	})
	day := map[int]map[stgypub.ID]int64{
		0:   {a: 10, b: 5, c: 7},
		-1:  {a: 1, b: 6, d: 12},
		-14: {c: 5},                // first day of the window: counted
		-15: {d: 1000},             // outside the window
		-3:  {stgypub.ID(0xE): 0},  // zero: never ranked
		-2:  {stgypub.ID(0xF): -3}, // corrupt: skipped
	}
	for i, id := range many {
		day[-5] = merge(day[-5], map[stgypub.ID]int64{id: int64(1 + i%2)})
	}
	f.seedDaily(t, day)
	f.rdb.HSet(ctx, f.c.keys.dailyKey(f.owner, "20260305"), "not-an-id", 99)
	tests := []struct {
		name  string
		limit int
		want  string
	}{
		{"default 5: PV desc, ties by ID asc", 0, "C=12 D=12 A=11 B=11 101=2"},
		{"limit 3", 3, "C=12 D=12 A=11"},
		{"over 20 clamps to 20", 100, "C=12 D=12 A=11 B=11 101=2 103=2 105=2 107=2 109=2 10B=2 10D=2 10F=2 111=2 113=2 115=2 117=2 100=1 102=1 104=1 106=1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := f.c.Ranking(ctx, f.owner, tt.limit)
			if err != nil {
				t.Fatal(err)
			}
			if s := rankString(got); s != tt.want {
				t.Fatalf("got  %s\nwant %s", s, tt.want)
			}
		})
	}
	t.Run("negative limit", func(t *testing.T) {
		_, err := f.c.Ranking(ctx, f.owner, -1)
		if stgypub.ErrorCode(err) != stgypub.CodeBadUserInput {
			t.Fatalf("err = %v", err)
		}
	})
	t.Run("cached for CacheTTL", func(t *testing.T) {
		ttl, _ := f.rdb.TTL(ctx, f.c.keys.rankingKey(f.owner)).Result()
		if ttl > 5*time.Minute || ttl < 5*time.Minute-10*time.Second {
			t.Fatalf("ranking cache TTL %v, want ≈ 5m", ttl)
		}
		f.seedDaily(t, map[int]map[stgypub.ID]int64{0: {b: 500}})
		got, _ := f.c.Ranking(ctx, f.owner, 1)
		if rankString(got) != "C=12" {
			t.Fatalf("cache not used: %s", rankString(got))
		}
		f.rdb.Del(ctx, f.c.keys.rankingKey(f.owner))
		got, _ = f.c.Ranking(ctx, f.owner, 1)
		if rankString(got) != "B=506" {
			t.Fatalf("after cache expiry: %s", rankString(got))
		}
	})
}

func merge(a, b map[stgypub.ID]int64) map[stgypub.ID]int64 {
	if a == nil {
		a = map[stgypub.ID]int64{}
	}
	for k, v := range b {
		a[k] = v
	}
	return a
}

func rankString(es []stgypub.RankingEntry) string {
	s := ""
	for i, e := range es {
		if i > 0 {
			s += " "
		}
		s += fmt.Sprintf("%X=%d", int64(e.ID), e.PV)
	}
	return s
}

func TestTopKHeap(t *testing.T) {
	var totals []stgypub.RankingEntry
	for i := range 5000 {
		totals = append(totals, stgypub.RankingEntry{ID: stgypub.ID(i + 1), PV: int64(i % 1200)})
	}
	top := topK(totals, TopK)
	if len(top) != TopK {
		t.Fatalf("len %d", len(top))
	}
	// PV 1199 occurs for IDs 1200, 2400, 3600, 4800: all first, ID ascending.
	if rankString(top[:5]) != "4B0=1199 960=1199 E10=1199 12C0=1199 4AF=1198" {
		t.Fatalf("head %s", rankString(top[:5]))
	}
	for i := 1; i < len(top); i++ {
		if better(top[i], top[i-1]) {
			t.Fatalf("not sorted at %d", i)
		}
	}
}

func TestViewCounts(t *testing.T) {
	f := newFixture(t, 0, Config{})
	a, b, c := stgypub.ID(1), stgypub.ID(2), stgypub.ID(3)
	f.seedDaily(t, map[int]map[stgypub.ID]int64{0: {a: 3, b: 1}, -14: {a: 2}, -15: {b: 100}})
	got, err := f.c.ViewCounts(context.Background(), f.owner, []stgypub.ID{a, b, c})
	if err != nil {
		t.Fatal(err)
	}
	if got[a] != 5 || got[b] != 1 || got[c] != 0 || len(got) != 3 {
		t.Fatalf("ViewCounts = %v", got)
	}
	if got, err := f.c.ViewCounts(context.Background(), f.owner, nil); err != nil || len(got) != 0 {
		t.Fatalf("empty: %v, %v", got, err)
	}
}

// TestViewCountsAfterEmptyRedis: when Redis came back empty (no filled
// mark), ViewCounts answers from the PostgreSQL checkpoints, per day the
// larger of Redis and the checkpoint, instead of 0.
func TestViewCountsAfterEmptyRedis(t *testing.T) {
	f := newFixture(t, 2, Config{})
	ctx := context.Background()
	a, b := f.posts[0], f.posts[1]
	day := func(off int) time.Time { return testNow.AddDate(0, 0, off).Truncate(24 * time.Hour) }
	if err := f.st.Checkpoints.UpsertCheckpoints(ctx, []stgypub.Checkpoint{
		{PostID: a, OwnerID: f.owner, Date: day(0), Count: 2},
		{PostID: a, OwnerID: f.owner, Date: day(-1), Count: 4},
		{PostID: b, OwnerID: f.owner, Date: day(-3), Count: 5},
	}); err != nil {
		t.Fatal(err)
	}
	f.seedDaily(t, map[int]map[stgypub.ID]int64{0: {a: 3}}) // a view since Redis restarted
	got, err := f.c.ViewCounts(ctx, f.owner, []stgypub.ID{a, b})
	if err != nil {
		t.Fatal(err)
	}
	if got[a] != 3+4 || got[b] != 5 {
		t.Fatalf("ViewCounts after empty Redis = %v, want %v: 7, %v: 5", got, a, b)
	}
}
