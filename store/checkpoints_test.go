package store_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"net/url"
	"sync"
	"testing"
	"time"
	_ "time/tzdata" // Asia/Tokyo without the system zone database

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/store"
	"github.com/stgy/stgypub/store/storetest"
)

func day(s string) time.Time {
	d, err := time.Parse(time.DateOnly, s)
	if err != nil {
		panic(err)
	}
	return d
}

func cpString(cps []stgypub.Checkpoint) string {
	s := ""
	for _, c := range cps {
		s += fmt.Sprintf("%s/%s=%d ", c.PostID, c.Date.Format(time.DateOnly), c.Count)
	}
	return s
}

func TestCheckpointsUpsertMonotonic(t *testing.T) {
	ctx := context.Background()
	s := newStore(t)
	owner := mustUser(t, s, "cpowner")
	p1 := mustPost(t, s, owner, 0, ptr(now), "one")
	p2 := mustPost(t, s, owner, 0, ptr(now), "two")

	steps := []struct {
		name string
		in   []stgypub.Checkpoint
		want string // PostCheckpoints(p1) then (p2)
	}{
		{"insert", []stgypub.Checkpoint{
			{PostID: p1, OwnerID: owner, Date: day("2026-03-09"), Count: 8},
			{PostID: p1, OwnerID: owner, Date: day("2026-03-10"), Count: 4},
			{PostID: p2, OwnerID: owner, Date: day("2026-03-10"), Count: 32},
		}, fmt.Sprintf("%s/2026-03-09=8 %s/2026-03-10=4 |%s/2026-03-10=32 ", p1, p1, p2)},
		{"lower ignored, higher raises", []stgypub.Checkpoint{
			{PostID: p1, OwnerID: owner, Date: day("2026-03-09"), Count: 5},
			{PostID: p1, OwnerID: owner, Date: day("2026-03-10"), Count: 12},
		}, fmt.Sprintf("%s/2026-03-09=8 %s/2026-03-10=12 |%s/2026-03-10=32 ", p1, p1, p2)},
		{"duplicates in one batch merged by max", []stgypub.Checkpoint{
			{PostID: p2, OwnerID: owner, Date: day("2026-03-10"), Count: 38},
			{PostID: p2, OwnerID: owner, Date: day("2026-03-10"), Count: 45},
			{PostID: p2, OwnerID: owner, Date: day("2026-03-10"), Count: 40},
		}, fmt.Sprintf("%s/2026-03-09=8 %s/2026-03-10=12 |%s/2026-03-10=45 ", p1, p1, p2)},
		{"clamped to int32, zero dropped", []stgypub.Checkpoint{
			{PostID: p2, OwnerID: owner, Date: day("2026-03-08"), Count: 1 << 40},
			{PostID: p1, OwnerID: owner, Date: day("2026-03-08"), Count: 0},
		}, fmt.Sprintf("%s/2026-03-09=8 %s/2026-03-10=12 |%s/2026-03-08=2147483647 %s/2026-03-10=45 ", p1, p1, p2, p2)},
		{"empty batch", nil, fmt.Sprintf("%s/2026-03-09=8 %s/2026-03-10=12 |%s/2026-03-08=2147483647 %s/2026-03-10=45 ", p1, p1, p2, p2)},
	}
	for _, st := range steps {
		t.Run(st.name, func(t *testing.T) {
			if err := s.Checkpoints.UpsertCheckpoints(ctx, st.in); err != nil {
				t.Fatal(err)
			}
			a, err := s.Checkpoints.PostCheckpoints(ctx, p1, day("2026-02-24"), day("2026-03-10"))
			if err != nil {
				t.Fatal(err)
			}
			b, err := s.Checkpoints.PostCheckpoints(ctx, p2, day("2026-02-24"), day("2026-03-10"))
			if err != nil {
				t.Fatal(err)
			}
			if got := cpString(a) + "|" + cpString(b); got != st.want {
				t.Fatalf("got  %s\nwant %s", got, st.want)
			}
		})
	}
	t.Run("range bounds inclusive", func(t *testing.T) {
		a, err := s.Checkpoints.PostCheckpoints(ctx, p1, day("2026-03-10"), day("2026-03-10"))
		if err != nil {
			t.Fatal(err)
		}
		if got := cpString(a); got != fmt.Sprintf("%s/2026-03-10=12 ", p1) {
			t.Fatalf("got %s", got)
		}
	})
	t.Run("unknown post is NOT_FOUND", func(t *testing.T) {
		err := s.Checkpoints.UpsertCheckpoints(ctx, []stgypub.Checkpoint{{PostID: 12345, OwnerID: owner, Date: day("2026-03-10"), Count: 4}})
		wantCode(t, err, stgypub.CodeNotFound)
	})
}

func TestCheckpointsConcurrentWriters(t *testing.T) {
	ctx := context.Background()
	s := newStore(t)
	owner := mustUser(t, s, "cpconc")
	p := mustPost(t, s, owner, 0, ptr(now), "x")
	const writers, rounds = 16, 25
	var wg sync.WaitGroup
	var mu sync.Mutex
	var maxSeen int64
	for w := range writers {
		wg.Go(func() {
			r := rand.New(rand.NewPCG(uint64(w), 7))
			for range rounds {
				n := int64(r.IntN(100000) + 1)
				mu.Lock()
				maxSeen = max(maxSeen, n)
				mu.Unlock()
				if err := s.Checkpoints.UpsertCheckpoints(ctx, []stgypub.Checkpoint{
					{PostID: p, OwnerID: owner, Date: day("2026-03-10"), Count: n},
					{PostID: p, OwnerID: owner, Date: day("2026-03-09"), Count: n / 2},
				}); err != nil {
					t.Error(err)
					return
				}
			}
		})
	}
	wg.Wait()
	got, err := s.Checkpoints.PostCheckpoints(ctx, p, day("2026-03-10"), day("2026-03-10"))
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 || got[0].Count != maxSeen {
		t.Fatalf("after concurrent writers: %s, want max %d", cpString(got), maxSeen)
	}
}

func TestCheckpointsOwnerAndDelete(t *testing.T) {
	ctx := context.Background()
	s := newStore(t)
	a := mustUser(t, s, "cpa")
	b := mustUser(t, s, "cpb")
	pa := mustPost(t, s, a, 0, ptr(now), "a")
	pb := mustPost(t, s, b, 0, ptr(now), "b")
	var in []stgypub.Checkpoint
	for d := 0; d < 20; d++ {
		date := day("2026-02-20").AddDate(0, 0, d)
		in = append(in, stgypub.Checkpoint{PostID: pa, OwnerID: a, Date: date, Count: int64(d + 1)},
			stgypub.Checkpoint{PostID: pb, OwnerID: b, Date: date, Count: 100})
	}
	if err := s.Checkpoints.UpsertCheckpoints(ctx, in); err != nil {
		t.Fatal(err)
	}
	got, err := s.Checkpoints.OwnerCheckpoints(ctx, a, day("2026-03-01"), day("2026-03-03"))
	if err != nil {
		t.Fatal(err)
	}
	if want := fmt.Sprintf("%s/2026-03-01=10 %s/2026-03-02=11 %s/2026-03-03=12 ", pa, pa, pa); cpString(got) != want {
		t.Fatalf("OwnerCheckpoints = %s, want %s", cpString(got), want)
	}
	n, err := s.Checkpoints.DeleteCheckpointsBefore(ctx, day("2026-03-05"))
	if err != nil {
		t.Fatal(err)
	}
	if n != 2*13 { // 2026-02-20 .. 2026-03-04 for two posts
		t.Fatalf("deleted %d rows, want 26", n)
	}
	left, err := s.Checkpoints.OwnerCheckpoints(ctx, b, day("2000-01-01"), day("2100-01-01"))
	if err != nil {
		t.Fatal(err)
	}
	if len(left) != 7 || left[0].Date.Format(time.DateOnly) != "2026-03-05" {
		t.Fatalf("left %s", cpString(left))
	}
}

// TestCheckpointsNonUTC runs with the process in Asia/Tokyo and the
// database session in Pacific/Kiritimati (UTC+14): dates must still be the
// UTC dates given, in both directions.
func TestCheckpointsNonUTC(t *testing.T) {
	ctx := context.Background()
	base := newStore(t)
	owner := mustUser(t, base, "cptz")
	p := mustPost(t, base, owner, 0, ptr(now), "tz")

	var dbName string
	if err := base.DB.NewRaw(`SELECT current_database()`).Scan(ctx, &dbName); err != nil {
		t.Fatal(err)
	}
	if _, err := base.DB.ExecContext(ctx, `ALTER DATABASE `+dbName+` SET timezone TO 'Pacific/Kiritimati'`); err != nil {
		t.Fatal(err)
	}
	u, _ := url.Parse(storetest.BaseURL())
	u.Path = "/" + dbName
	s, err := store.Open(ctx, u.String())
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	var tz string
	if err := s.DB.NewRaw(`SHOW timezone`).Scan(ctx, &tz); err != nil || tz != "Pacific/Kiritimati" {
		t.Fatalf("session timezone %q, %v", tz, err)
	}

	tokyo, err := time.LoadLocation("Asia/Tokyo")
	if err != nil {
		t.Fatal(err) // time/tzdata is linked in: this cannot fail for want of a system zone database
	}
	saved := time.Local
	time.Local = tokyo
	defer func() { time.Local = saved }()

	// 2026-03-10 20:00 UTC is already 03-11 in Tokyo and Kiritimati.
	late := time.Date(2026, 3, 10, 20, 0, 0, 0, time.UTC)
	if err := s.Checkpoints.UpsertCheckpoints(ctx, []stgypub.Checkpoint{{PostID: p, OwnerID: owner, Date: late, Count: 4}}); err != nil {
		t.Fatal(err)
	}
	var stored string
	if err := s.DB.NewRaw(`SELECT target_date::text FROM post_pub_access_counts WHERE post_id = ?`, int64(p)).Scan(ctx, &stored); err != nil {
		t.Fatal(err)
	}
	if stored != "2026-03-10" {
		t.Fatalf("stored target_date %s, want 2026-03-10", stored)
	}
	got, err := s.Checkpoints.PostCheckpoints(ctx, p, late.In(tokyo), late.In(tokyo))
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 || !got[0].Date.Equal(day("2026-03-10")) || got[0].Date.Location() != time.UTC {
		t.Fatalf("read back %s (%v)", cpString(got), got)
	}
	n, err := s.Checkpoints.DeleteCheckpointsBefore(ctx, day("2026-03-10"))
	if err != nil || n != 0 {
		t.Fatalf("delete before its own date removed %d, %v", n, err)
	}
}

func TestPostMetas(t *testing.T) {
	ctx := context.Background()
	s := newStore(t)
	owner := mustUser(t, s, "metas")
	pub := time.Date(2026, 8, 6, 12, 22, 58, 0, time.UTC)
	p1 := &stgypub.Post{OwnedBy: owner, PublishedAt: &pub, Snippet: `[{"T":"p","C":"Hello   world"}]`, Content: "x", PlainText: "x"}
	p2 := &stgypub.Post{OwnedBy: owner, Snippet: `not json`, Content: "y", PlainText: "y"}
	for _, p := range []*stgypub.Post{p1, p2} {
		if err := s.Posts.CreatePost(ctx, p); err != nil {
			t.Fatal(err)
		}
	}
	metas, err := s.Checkpoints.PostMetas(ctx, []stgypub.ID{p1.ID, p2.ID, 999})
	if err != nil {
		t.Fatal(err)
	}
	if len(metas) != 2 {
		t.Fatalf("got %d metas, want 2", len(metas))
	}
	byID := map[stgypub.ID]stgypub.PostMeta{}
	for _, m := range metas {
		byID[m.ID] = m
	}
	if m := byID[p1.ID]; m.OwnerID != owner || m.PublishedAt == nil || !m.PublishedAt.Equal(pub) {
		t.Errorf("p1 meta %+v", m)
	}
	if m := byID[p2.ID]; m.PublishedAt != nil || m.Digest != "" {
		t.Errorf("p2 meta %+v", m)
	}
	if got := byID[p1.ID].Digest; got != "Hello world" {
		t.Errorf("p1 digest %q, want stgypub.SnippetDigest's \"Hello world\"", got)
	}
	if none, err := s.Checkpoints.PostMetas(ctx, nil); err != nil || none != nil {
		t.Errorf("empty ids: %v, %v", none, err)
	}
}

func TestSyncCheckpoints(t *testing.T) {
	ctx := context.Background()
	s := newStore(t)
	owner := mustUser(t, s, "cpsync")
	p := mustPost(t, s, owner, 0, ptr(now), "s")
	if err := s.Checkpoints.UpsertCheckpoints(ctx, []stgypub.Checkpoint{
		{PostID: p, OwnerID: owner, Date: day("2026-03-08"), Count: 54},
		{PostID: p, OwnerID: owner, Date: day("2026-03-09"), Count: 91},
	}); err != nil {
		t.Fatal(err)
	}
	// Redis says 03-09: 103, 03-10: 4; the DB's 03-08 (54) is unknown to it.
	prior, err := s.Checkpoints.SyncCheckpoints(ctx, p, day("2026-02-25"), day("2026-03-10"), []stgypub.Checkpoint{
		{PostID: p, OwnerID: owner, Date: day("2026-03-09"), Count: 103},
		{PostID: p, OwnerID: owner, Date: day("2026-03-10"), Count: 4},
		{PostID: p, OwnerID: owner, Date: day("2026-03-08"), Count: 3},
	})
	if err != nil {
		t.Fatal(err)
	}
	if want := fmt.Sprintf("%s/2026-03-08=54 %s/2026-03-09=91 ", p, p); cpString(prior) != want {
		t.Fatalf("prior rows %s, want %s", cpString(prior), want)
	}
	after, err := s.Checkpoints.PostCheckpoints(ctx, p, day("2026-02-25"), day("2026-03-10"))
	if err != nil {
		t.Fatal(err)
	}
	if want := fmt.Sprintf("%s/2026-03-08=54 %s/2026-03-09=103 %s/2026-03-10=4 ", p, p, p); cpString(after) != want {
		t.Fatalf("after sync %s, want %s", cpString(after), want)
	}
	if _, err := s.Checkpoints.SyncCheckpoints(ctx, 4242, day("2026-03-10"), day("2026-03-10"), []stgypub.Checkpoint{{PostID: 4242, OwnerID: owner, Date: day("2026-03-10"), Count: 4}}); stgypub.ErrorCode(err) != stgypub.CodeNotFound {
		t.Fatalf("unknown post: %v", err)
	}
}
