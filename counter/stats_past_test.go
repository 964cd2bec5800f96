package counter

import (
	"context"
	"reflect"
	"testing"
	"time"

	"github.com/stgy/stgypub"
)

// TestStatsPastSnapshot: a Stats miss writes the closed days' snapshot;
// the next miss gives the same figures from it plus today's Hash and
// checkpoints (today's new views and checkpoints show, a closed day's
// Hash is no longer read); ImportViews on a closed day drops the
// snapshot; a new day is a new snapshot; no snapshot is read or written
// within statsPastGrace of midnight.
func TestStatsPastSnapshot(t *testing.T) {
	f := newFixture(t, 3, Config{})
	ctx := context.Background()
	a, b, c := f.posts[0], f.posts[1], f.posts[2]
	f.seedDaily(t, map[int]map[stgypub.ID]int64{0: {a: 5}, -1: {b: 32, a: 1}, -9: {c: 7}})
	if err := f.st.Checkpoints.UpsertCheckpoints(ctx, []stgypub.Checkpoint{
		{PostID: a, OwnerID: f.owner, Date: testNow.AddDate(0, 0, -2), Count: 54}, // PostgreSQL only
	}); err != nil {
		t.Fatal(err)
	}
	miss := func() *stgypub.Stats {
		t.Helper()
		f.rdb.Del(ctx, f.c.keys.statsKey(f.owner))
		st, err := f.c.Stats(ctx, f.owner)
		if err != nil {
			t.Fatal(err)
		}
		return st
	}
	pastKey := f.c.keys.statsPastKey(f.owner, f.c.cal.window()[0])
	first := miss()
	if first.TotalPV != 5+1+32+54+7 {
		t.Fatalf("total %d", first.TotalPV)
	}
	if n, _ := f.rdb.Exists(ctx, pastKey).Result(); n != 1 {
		t.Fatal("no snapshot written")
	}
	if ttl, _ := f.rdb.TTL(ctx, pastKey).Result(); ttl <= 0 || ttl > statsPastTTL {
		t.Errorf("snapshot TTL %v", ttl)
	}
	if again := miss(); !reflect.DeepEqual(again.Posts, first.Posts) || !reflect.DeepEqual(again.Daily, first.Daily) {
		t.Fatalf("from the snapshot:\n%+v\nfull read:\n%+v", again, first)
	}

	// Today stays live: a Hash raise and a checkpoint of today show.
	f.seedDaily(t, map[int]map[stgypub.ID]int64{0: {a: 9, c: 2}})
	if err := f.st.Checkpoints.UpsertCheckpoints(ctx, []stgypub.Checkpoint{{PostID: b, OwnerID: f.owner, Date: testNow, Count: 4}}); err != nil {
		t.Fatal(err)
	}
	// A closed day's Hash changed behind the snapshot's back (no import):
	// not read while the snapshot lives.
	f.seedDaily(t, map[int]map[stgypub.ID]int64{-1: {b: 1000}})
	st := miss()
	if want := int64(9 + 2 + 4 + 1 + 32 + 54 + 7); st.TotalPV != want {
		t.Fatalf("with today's changes: total %d, want %d", st.TotalPV, want)
	}
	if d := st.Daily[len(st.Daily)-1]; d.PV != 9+2+4 {
		t.Errorf("today %+v", d)
	}

	// An import onto a closed day drops the snapshot: the next miss reads
	// every day again (the Hash's 1000 included).
	if _, err := f.c.ImportViews(ctx, []ImportEntry{{OwnerID: f.owner, PostID: c, Views: 70, Date: testNow.AddDate(0, 0, -9)}}); err != nil {
		t.Fatal(err)
	}
	if n, _ := f.rdb.Exists(ctx, pastKey).Result(); n != 0 {
		t.Fatal("ImportViews kept the snapshot")
	}
	if st := miss(); st.TotalPV != 9+2+4+1+1000+54+70 {
		t.Fatalf("after the import: total %d", st.TotalPV)
	}

	// The next day, 5 minutes after midnight: yesterday may still get
	// views, so no snapshot is used or written; 10 minutes after, one is.
	midnight := time.Date(testNow.Year(), testNow.Month(), testNow.Day()+1, 0, 0, 0, 0, time.UTC)
	f.clk.Set(midnight.Add(5 * time.Minute))
	nextKey := f.c.keys.statsPastKey(f.owner, f.c.cal.window()[0])
	if nextKey == pastKey {
		t.Fatal("a new day must be a new snapshot key")
	}
	miss()
	if n, _ := f.rdb.Exists(ctx, nextKey).Result(); n != 0 {
		t.Fatal("snapshot written within the grace after midnight")
	}
	f.clk.Set(midnight.Add(statsPastGrace))
	miss()
	if n, _ := f.rdb.Exists(ctx, nextKey).Result(); n != 1 {
		t.Fatal("no snapshot after the grace")
	}
}

// TestStatsPastFormat: a snapshot decodes to the table it was made of
// (today's column zero); another window length or a cut blob is refused.
func TestStatsPastFormat(t *testing.T) {
	tb := newDailyTable(4, 0)
	tb.raise(0, 7, 3)
	tb.raise(2, 7, 1<<40)
	tb.raise(3, 9, 5) // today only: left out
	tb.raise(1, 11, 2)
	b := encodeStatsPast(tb)
	got, err := decodeStatsPast(b, 4)
	if err != nil {
		t.Fatal(err)
	}
	if got.len() != 2 || !reflect.DeepEqual(got.series(got.row(7)), []int64{3, 0, 1 << 40, 0}) || !reflect.DeepEqual(got.series(got.row(11)), []int64{0, 2, 0, 0}) || got.row(9) != -1 {
		t.Fatalf("decoded %+v", got)
	}
	for name, bad := range map[string][]byte{"other window": nil, "cut": b[:len(b)-1], "trailing": append(append([]byte{}, b...), 0)} {
		days := 4
		if name == "other window" {
			bad, days = b, 5
		}
		if _, err := decodeStatsPast(bad, days); err == nil {
			t.Errorf("%s: decoded", name)
		}
	}
}
