package counter

import (
	"context"
	"strconv"
	"testing"
	"time"

	"github.com/stgy/stgypub"
)

func TestCheckpointWritesOnlyAtCheckpoints(t *testing.T) {
	f := newFixture(t, 1, Config{})
	p := f.posts[0]
	const views = 10000
	for i := range views {
		n := f.view(t, p, i)
		if !CheckpointFor(n) {
			continue
		}
		f.c.Wait()
		if calls := f.cs.Calls(); calls["SyncCheckpoints"] != CheckpointsUpTo(n) {
			t.Fatalf("after view %d: %v, want %d syncs", n, calls, CheckpointsUpTo(n))
		}
	}
	f.c.Wait()
	calls := f.cs.Calls()
	// OwnerCheckpoints: the owner's one refill of the retention window,
	// before its first view is recorded (refill.go).
	want := map[string]int{"SyncCheckpoints": 41, "DeleteCheckpointsBefore": 1, "OwnerCheckpoints": 1}
	if len(calls) != len(want) || calls["SyncCheckpoints"] != 41 || calls["DeleteCheckpointsBefore"] != 1 || calls["OwnerCheckpoints"] != 1 {
		t.Fatalf("PostgreSQL calls for %d views: %v, want %v", views, calls, want)
	}
	t.Logf("%d views of one post: %d checkpoints crossed, PostgreSQL statements %v", views, CheckpointsUpTo(views), calls)
	cps, err := f.st.Checkpoints.PostCheckpoints(context.Background(), p, testNow, testNow)
	if err != nil || len(cps) != 1 || cps[0].Count != 9742 || Checkpoints(41)[40] != 9742 {
		t.Fatalf("checkpoint row %v, %v; want the last checkpoint <= 10000 (9742)", cps, err)
	}
}

func TestRedisLossRecovery(t *testing.T) {
	f := newFixture(t, 1, Config{})
	ctx := context.Background()
	p := f.posts[0]
	yesterday := testNow.AddDate(0, 0, -1)
	old := testNow.AddDate(0, 0, -14)
	// A checkpoint from an earlier day that Redis no longer has, and
	// yesterday's 3 PV only in Redis (never reached 4 that day).
	if err := f.st.Checkpoints.UpsertCheckpoints(ctx, []stgypub.Checkpoint{{PostID: p, OwnerID: f.owner, Date: old, Count: 54}}); err != nil {
		t.Fatal(err)
	}
	f.clk.Set(yesterday)
	for i := range 3 {
		f.view(t, p, i)
	}
	f.clk.Set(testNow)
	for i := range 40 {
		// A checkpoint is written after the response and reads the
		// day's value then: wait at each one so later views cannot
		// overtake it (38 is the last checkpoint up to 40).
		if n := f.view(t, p, 100+i); CheckpointFor(n) {
			f.c.Wait()
		}
	}
	f.c.Wait()
	cps, _ := f.st.Checkpoints.PostCheckpoints(ctx, p, old, testNow)
	if got := cpSummary(cps); got != "20260224=54 20260309=3 20260310=38 " {
		t.Fatalf("checkpoints after 40 views: %s", got)
	}
	if got := f.daily(t, p, "20260224"); got != 54 {
		t.Fatalf("4-PV sync did not raise Redis for 02-24: %d", got)
	}
	// Lose Redis.
	keys := []string{f.c.keys.lruKey(f.owner, p), f.c.keys.metaKey(f.owner, p)}
	for _, d := range f.c.cal.window() {
		keys = append(keys, f.c.keys.dailyKey(f.owner, d.Format(dayLayout)))
	}
	for _, k := range keys { // one by one: keys of several slots in a cluster
		f.rdb.Del(ctx, k)
	}
	for i := range 3 {
		if n := f.view(t, p, 500+i); n != int64(i+1) {
			t.Fatalf("after loss view %d = %d", i, n)
		}
	}
	if n := f.view(t, p, 503); n != 4 {
		t.Fatalf("4th view after loss = %d", n)
	}
	f.c.Wait()
	for day, want := range map[string]int64{"20260310": 38, "20260309": 3, "20260224": 54} {
		if got := f.daily(t, p, day); got != want {
			t.Errorf("Redis %s after recovery = %d, want %d (never added)", day, got, want)
		}
	}
	if n := f.view(t, p, 504); n != 39 {
		t.Fatalf("next view after recovery = %d, want 39", n)
	}
	// A later ordinary checkpoint where PostgreSQL is ahead raises Redis.
	if err := f.st.Checkpoints.UpsertCheckpoints(ctx, []stgypub.Checkpoint{{PostID: p, OwnerID: f.owner, Date: testNow, Count: 60}}); err != nil {
		t.Fatal(err)
	}
	for i := range 6 {
		f.view(t, p, 600+i) // 40..45; 45 is a checkpoint
	}
	f.c.Wait()
	if got := f.daily(t, p, "20260310"); got != 60 {
		t.Fatalf("Redis after checkpoint 45 with DB 60 = %d, want 60", got)
	}
	ttl, _ := f.rdb.TTL(ctx, f.c.keys.dailyKey(f.owner, "20260224")).Result()
	if want := 2 * 24 * time.Hour; ttl > want || ttl < want-time.Minute {
		t.Errorf("TTL of raised 02-24 key = %v, want ≈ %v (16 days after that day)", ttl, want)
	}
}

func cpSummary(cps []stgypub.Checkpoint) string {
	s := ""
	for _, c := range cps {
		s += c.Date.Format(dayLayout) + "=" + strconv.FormatInt(c.Count, 10) + " "
	}
	return s
}

func TestCleanupOncePerDay(t *testing.T) {
	f := newFixture(t, 5, Config{})
	ctx := context.Background()
	f.cs.failClean = 1
	owner := f.owner
	p := f.posts
	edge := testNow.AddDate(0, 0, -14) // first day of the window: kept
	if err := f.st.Checkpoints.UpsertCheckpoints(ctx, []stgypub.Checkpoint{
		{PostID: p[0], OwnerID: owner, Date: edge.AddDate(0, 0, -1), Count: 8},
		{PostID: p[0], OwnerID: owner, Date: edge, Count: 9},
	}); err != nil {
		t.Fatal(err)
	}
	reach4 := func(post stgypub.ID) {
		for i := range 4 {
			f.view(t, post, i)
		}
		f.c.Wait()
	}
	steps := []struct {
		name        string
		post        stgypub.ID
		now         time.Time
		wantDeletes int
	}{
		{"first 4 PV: cleanup fails", p[1], testNow, 1},
		{"next 4 PV retries", p[2], testNow, 2},
		{"same day: no more", p[3], testNow, 2},
		{"next UTC day: once more", p[4], testNow.AddDate(0, 0, 1), 3},
	}
	for _, st := range steps {
		t.Run(st.name, func(t *testing.T) {
			f.clk.Set(st.now)
			reach4(st.post)
			if got := f.cs.Calls()["DeleteCheckpointsBefore"]; got != st.wantDeletes {
				t.Fatalf("DeleteCheckpointsBefore calls = %d, want %d", got, st.wantDeletes)
			}
		})
	}
	cps, _ := f.st.Checkpoints.PostCheckpoints(ctx, p[0], edge.AddDate(0, 0, -5), edge)
	if len(cps) != 0 {
		// The day-after cleanup removed the edge day too (window moved).
		t.Fatalf("old rows left: %v", cps)
	}
}
