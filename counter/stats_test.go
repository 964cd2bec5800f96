package counter

import (
	"context"
	"testing"
	"time"

	"github.com/stgy/stgypub"
)

func TestMergeStats(t *testing.T) {
	a, b := stgypub.ID(0xA), stgypub.ID(0xB)
	// Seed 001 "Publications Stats": day 0 = 8/6, day 1 = 8/7.
	redis := map[stgypub.ID][]int64{a: {0, 103}, b: {32, 0}}
	db := map[stgypub.ID][]int64{a: {54, 91}, b: {32}}
	got := MergeStats(2, redis, db)
	tests := []struct {
		name string
		id   stgypub.ID
		day  int
		want int64
	}{
		{"A 8/7 Redis 103 DB 91", a, 1, 103},
		{"A 8/6 Redis 0 DB 54", a, 0, 54},
		{"B 8/6 Redis 32 DB 32", b, 0, 32},
		{"B 8/7 nothing", b, 1, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if v := got[tt.id][tt.day]; v != tt.want {
				t.Fatalf("got %d, want %d", v, tt.want)
			}
		})
	}
	if redis[a][0] != 0 || db[a][1] != 91 {
		t.Fatal("inputs modified")
	}
}

func TestStats(t *testing.T) {
	f := newFixture(t, 3, Config{})
	ctx := context.Background()
	a, b, c := f.posts[0], f.posts[1], f.posts[2]
	f.seedDaily(t, map[int]map[stgypub.ID]int64{0: {a: 103}, -1: {b: 32}})
	// A meta key left by an earlier version is not read: metadata comes
	// from PostgreSQL.
	f.rdb.Set(ctx, f.c.keys.metaKey(f.owner, a), `{"publishedAt":"2026-08-06T12:22:58.000Z","digest":"from redis"}`, time.Hour)
	if err := f.st.Checkpoints.UpsertCheckpoints(ctx, []stgypub.Checkpoint{
		{PostID: a, OwnerID: f.owner, Date: testNow, Count: 91},
		{PostID: a, OwnerID: f.owner, Date: testNow.AddDate(0, 0, -1), Count: 54},
		{PostID: b, OwnerID: f.owner, Date: testNow.AddDate(0, 0, -1), Count: 32},
		{PostID: c, OwnerID: f.owner, Date: testNow.AddDate(0, 0, -15), Count: 500}, // outside
	}); err != nil {
		t.Fatal(err)
	}
	st, err := f.c.Stats(ctx, f.owner)
	if err != nil {
		t.Fatal(err)
	}
	if st.TotalPV != 103+54+32 || st.Days != 15 || len(st.Daily) != 15 || len(st.Posts) != 2 {
		t.Fatalf("stats %+v", st)
	}
	if st.Daily[0].Date != "20260224" || st.Daily[14].Date != "20260310" || st.Daily[14].PV != 103 || st.Daily[13].PV != 86 || st.Daily[5].PV != 0 {
		t.Fatalf("site daily %v", st.Daily)
	}
	pa, pb := st.Posts[0], st.Posts[1]
	if pa.ID != a || pa.PV != 157 || pa.Digest != "from the database" || pa.PublishedAt == nil || !pa.PublishedAt.Equal(testNow.Add(-48*time.Hour)) {
		t.Fatalf("post a %+v", pa)
	}
	if len(pa.Daily) != 15 || pa.Daily[13].PV != 54 || pa.Daily[14].PV != 103 || pa.Daily[0].PV != 0 || pa.Daily[13].Date != "20260309" {
		t.Fatalf("post a daily %v", pa.Daily)
	}
	if pb.ID != b || pb.PV != 32 || pb.Digest != "from the database" || pb.PublishedAt == nil {
		t.Fatalf("post b %+v", pb)
	}
	if calls := f.cs.Calls(); calls["PostMetas"] != 1 || calls["OwnerCheckpoints"] != 1 {
		t.Fatalf("store calls %v", calls)
	}
	// Cached: a new view does not show until the cache expires.
	ttl, _ := f.rdb.TTL(ctx, f.c.keys.statsKey(f.owner)).Result()
	if ttl > 5*time.Minute || ttl < 5*time.Minute-10*time.Second {
		t.Fatalf("stats cache TTL %v", ttl)
	}
	f.seedDaily(t, map[int]map[stgypub.ID]int64{0: {c: 1}})
	again, err := f.c.Stats(ctx, f.owner)
	if err != nil || again.TotalPV != 189 || f.cs.Calls()["OwnerCheckpoints"] != 1 {
		t.Fatalf("cached stats %+v, %v", again, err)
	}

	t.Run("empty is not cached", func(t *testing.T) {
		g := newFixture(t, 0, Config{})
		st, err := g.c.Stats(ctx, g.owner)
		if err != nil || st.TotalPV != 0 || len(st.Daily) != 15 || len(st.Posts) != 0 {
			t.Fatalf("empty stats %+v, %v", st, err)
		}
		if n, _ := g.rdb.Exists(ctx, g.c.keys.statsKey(g.owner)).Result(); n != 0 {
			t.Fatal("empty stats cached")
		}
	})
}

func TestImportViews(t *testing.T) {
	f := newFixture(t, 2, Config{})
	ctx := context.Background()
	a, b := f.posts[0], f.posts[1]
	entries := []ImportEntry{{OwnerID: f.owner, PostID: a, Views: 47}, {OwnerID: f.owner, PostID: b, Views: 105, Date: testNow.AddDate(0, 0, -3)}}
	steps := []struct {
		name string
		want ImportResult
	}{
		{"first run", ImportResult{Raised: 2}},
		{"re-run never doubles", ImportResult{Unchanged: 2}},
	}
	for _, st := range steps {
		t.Run(st.name, func(t *testing.T) {
			res, err := f.c.ImportViews(ctx, entries)
			if err != nil || res != st.want {
				t.Fatalf("ImportViews = %+v, %v; want %+v", res, err, st.want)
			}
			if got := f.daily(t, a, "20260310"); got != 47 {
				t.Fatalf("a today = %d", got)
			}
			if got := f.daily(t, b, "20260307"); got != 105 {
				t.Fatalf("b 03-07 = %d", got)
			}
		})
	}
	if n := f.view(t, a, 1); n != 48 {
		t.Fatalf("view after import = %d, want 48", n)
	}
	cps, _ := f.st.Checkpoints.PostCheckpoints(ctx, b, testNow.AddDate(0, 0, -14), testNow)
	if len(cps) != 1 || cps[0].Count != 105 {
		t.Fatalf("import checkpoints %v", cps)
	}
	bad := []struct {
		name string
		e    ImportEntry
	}{
		{"negative", ImportEntry{OwnerID: f.owner, PostID: a, Views: -1}},
		{"no owner", ImportEntry{PostID: a, Views: 1}},
		{"outside window", ImportEntry{OwnerID: f.owner, PostID: a, Views: 1, Date: testNow.AddDate(0, 0, -15)}},
		{"future", ImportEntry{OwnerID: f.owner, PostID: a, Views: 1, Date: testNow.AddDate(0, 0, 1)}},
	}
	for _, tt := range bad {
		t.Run(tt.name, func(t *testing.T) {
			_, err := f.c.ImportViews(ctx, []ImportEntry{tt.e})
			if stgypub.ErrorCode(err) != stgypub.CodeBadUserInput {
				t.Fatalf("err = %v", err)
			}
		})
	}
	f.c.Wait()
}
