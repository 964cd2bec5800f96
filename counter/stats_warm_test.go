package counter

import (
	"context"
	"reflect"
	"testing"
	"time"

	"github.com/stgy/stgypub"
)

// rawStats is the Stats figures computed straight from the raw data: per
// (post, window day) the larger of the daily Hash field and the
// checkpoint (never their sum), summed per day and per post.
func (f *fixture) rawStats(t *testing.T, c *Counter) (total int64, daily []int64, posts map[stgypub.ID][]int64) {
	t.Helper()
	ctx := context.Background()
	days := c.cal.window()
	posts = map[stgypub.ID][]int64{}
	cell := func(id stgypub.ID, i int, v int64) {
		if posts[id] == nil {
			posts[id] = make([]int64, len(days))
		}
		posts[id][i] = max(posts[id][i], v)
	}
	idx := map[time.Time]int{}
	for i, d := range days {
		idx[d] = i
		h, err := f.rdb.HGetAll(ctx, c.keys.dailyKey(f.owner, d.Format(dayLayout))).Result()
		if err != nil {
			t.Fatal(err)
		}
		for k, v := range h {
			id, err := stgypub.ParseID(k)
			if err != nil {
				continue // not a post field
			}
			var n int64
			for _, ch := range v {
				n = n*10 + int64(ch-'0')
			}
			cell(id, i, n)
		}
	}
	cps, err := f.st.Checkpoints.OwnerCheckpoints(ctx, f.owner, days[0], days[len(days)-1])
	if err != nil {
		t.Fatal(err)
	}
	for _, cp := range cps {
		cell(cp.PostID, idx[cp.Date], cp.Count)
	}
	daily = make([]int64, len(days))
	for _, s := range posts {
		for i, v := range s {
			daily[i] += v
			total += v
		}
	}
	return total, daily, posts
}

// checkAgainstRaw fails unless st's total, daily series and every post's
// series are the raw figures.
func (f *fixture) checkAgainstRaw(t *testing.T, c *Counter, st *stgypub.Stats) {
	t.Helper()
	total, daily, posts := f.rawStats(t, c)
	if st.TotalPV != total {
		t.Errorf("total %d, raw %d", st.TotalPV, total)
	}
	got := make([]int64, len(st.Daily))
	for i, d := range st.Daily {
		got[i] = d.PV
	}
	if !reflect.DeepEqual(got, daily) {
		t.Errorf("daily %v, raw %v", got, daily)
	}
	for _, p := range st.Posts {
		s := make([]int64, len(p.Daily))
		for i, d := range p.Daily {
			s[i] = d.PV
		}
		if !reflect.DeepEqual(s, posts[p.ID]) {
			t.Errorf("post %s: %v, raw %v", p.ID, s, posts[p.ID])
		}
	}
}

// TestStatsWarmer: the warmer writes the closed days' snapshot before any
// Stats request; the first Stats of a fresh process (a new Counter, no
// cache) reads it (a closed day's Hash changed afterwards does not show)
// and its totals and series equal the raw figures, with views restored by
// a checkpoint (PostgreSQL above Redis, raised by the 4-PV sync) and
// Redis above PostgreSQL merged by max; a fresh snapshot is skipped, one
// about to expire rewritten; after midnight nothing is written within the
// grace, then the new window's snapshot is, late views of the day that
// closed included.
func TestStatsWarmer(t *testing.T) {
	f := newFixture(t, 3, Config{StatsWarmMinRows: 2})
	ctx := context.Background()
	a, b, c := f.posts[0], f.posts[1], f.posts[2]
	f.seedDaily(t, map[int]map[stgypub.ID]int64{0: {a: 5}, -1: {a: 3, b: 30}, -2: {a: 2}, -9: {c: 7}, -14: {b: 11}})
	if err := f.st.Checkpoints.UpsertCheckpoints(ctx, []stgypub.Checkpoint{
		{PostID: a, OwnerID: f.owner, Date: testNow.AddDate(0, 0, -1), Count: 40}, // above Redis: restored by the sync below
		{PostID: b, OwnerID: f.owner, Date: testNow.AddDate(0, 0, -1), Count: 28}, // below Redis: Redis wins
		{PostID: c, OwnerID: f.owner, Date: testNow.AddDate(0, 0, -3), Count: 16}, // PostgreSQL only
		{PostID: b, OwnerID: f.owner, Date: testNow.AddDate(0, 0, -14), Count: 12},
	}); err != nil {
		t.Fatal(err)
	}
	if err := f.c.syncWindow(ctx, f.owner, a, false); err != nil {
		t.Fatal(err)
	}
	if got := f.daily(t, a, testNow.AddDate(0, 0, -1).Format(dayLayout)); got != 40 {
		t.Fatalf("the checkpoint did not restore Redis: %d", got)
	}

	w := &statsWarmer{}
	pastKey := f.c.keys.statsPastKey(f.owner, f.c.cal.window()[0])
	if n, err := f.c.stats.warmPass(ctx, w); err != nil || n != 1 {
		t.Fatalf("warm pass: %d, %v", n, err)
	}
	if ttl, _ := f.rdb.PTTL(ctx, pastKey).Result(); ttl <= statsWarmRefresh {
		t.Fatalf("snapshot TTL %v", ttl)
	}
	blob, _ := f.rdb.Get(ctx, pastKey).Bytes()

	// A restarted process: a new Counter on the same Redis and database.
	fresh := func() *Counter { return New(f.rdb, f.cs, f.c.cfg) }
	first := func(c *Counter) *stgypub.Stats {
		t.Helper()
		f.rdb.Del(ctx, c.keys.statsKey(f.owner))
		st, err := c.Stats(ctx, f.owner)
		if err != nil {
			t.Fatal(err)
		}
		return st
	}
	f.checkAgainstRaw(t, f.c, first(fresh()))
	if after, _ := f.rdb.Get(ctx, pastKey).Bytes(); !reflect.DeepEqual(after, blob) {
		t.Error("the first request rewrote the warmed snapshot")
	}
	// It read the snapshot: a closed day's Hash changed behind its back
	// does not show, today's live views do.
	f.seedDaily(t, map[int]map[stgypub.ID]int64{-2: {a: 500}, 0: {a: 6}})
	st := first(fresh())
	if want := int64(6 + 40 + 30 + 2 + 16 + 7 + 12); st.TotalPV != want {
		t.Fatalf("from the snapshot: total %d, want %d", st.TotalPV, want)
	}

	if n, err := f.c.stats.warmPass(ctx, w); err != nil || n != 0 {
		t.Fatalf("a fresh snapshot rewritten: %d, %v", n, err)
	}
	f.rdb.PExpire(ctx, pastKey, statsWarmRefresh-time.Minute)
	if n, err := f.c.stats.warmPass(ctx, w); err != nil || n != 1 {
		t.Fatalf("a snapshot about to expire: %d, %v", n, err)
	}
	f.checkAgainstRaw(t, f.c, first(fresh())) // the 500 now in

	// Rollover: within the grace nothing; then the new window, with late
	// views of the day that closed.
	midnight := time.Date(testNow.Year(), testNow.Month(), testNow.Day()+1, 0, 0, 0, 0, time.UTC)
	f.clk.Set(midnight.Add(5 * time.Minute))
	nextKey := f.c.keys.statsPastKey(f.owner, f.c.cal.window()[0])
	if n, err := f.c.stats.warmPass(ctx, w); err != nil || n != 0 {
		t.Fatalf("within the grace: %d, %v", n, err)
	}
	f.seedDaily(t, map[int]map[stgypub.ID]int64{0: {b: 9}}) // testNow's day, now closed
	f.clk.Set(midnight.Add(statsPastGrace))
	if n, err := f.c.stats.warmPass(ctx, w); err != nil || n != 1 {
		t.Fatalf("after the grace: %d, %v", n, err)
	}
	if n, _ := f.rdb.Exists(ctx, nextKey).Result(); n != 1 {
		t.Fatal("no snapshot of the new window")
	}
	st = first(fresh())
	f.checkAgainstRaw(t, f.c, st)
	if st.Daily[len(st.Daily)-2].PV != 6+9 || st.Daily[len(st.Daily)-1].PV != 0 {
		t.Errorf("rollover: %+v", st.Daily[len(st.Daily)-2:])
	}
}

// TestStatsWarmerMinRows: an owner below Config.StatsWarmMinRows is not
// warmed (its first miss writes the snapshot).
func TestStatsWarmerMinRows(t *testing.T) {
	f := newFixture(t, 1, Config{StatsWarmMinRows: 2})
	ctx := context.Background()
	if err := f.st.Checkpoints.UpsertCheckpoints(ctx, []stgypub.Checkpoint{{PostID: f.posts[0], OwnerID: f.owner, Date: testNow.AddDate(0, 0, -1), Count: 4}}); err != nil {
		t.Fatal(err)
	}
	if n, err := f.c.stats.warmPass(ctx, &statsWarmer{}); err != nil || n != 0 {
		t.Fatalf("warm pass: %d, %v", n, err)
	}
}
