package store_test

import (
	"context"
	"testing"

	"github.com/stgy/stgypub"
)

// TestTalliesUpsertMonotonic: rows are inserted, raised, never lowered,
// read per owner and per post by kind and date range, and deleted with
// the checkpoints' retention.
func TestTalliesUpsertMonotonic(t *testing.T) {
	ctx := context.Background()
	s := newStore(t)
	owner := mustUser(t, s, "tallyowner")
	p1 := mustPost(t, s, owner, 0, ptr(now), "one")
	p2 := mustPost(t, s, owner, 0, ptr(now), "two")
	rows := []stgypub.TallyRow{
		{PostID: p1, OwnerID: owner, Date: day("2026-03-09"), Kind: stgypub.TallyCrawl, Name: "AI", Count: 3},
		{PostID: p1, OwnerID: owner, Date: day("2026-03-09"), Kind: stgypub.TallyCrawl, Name: "AI", Count: 5}, // merged by max
		{PostID: p1, OwnerID: owner, Date: day("2026-03-10"), Kind: stgypub.TallyShare, Name: "x", Count: 2},
		{PostID: p2, OwnerID: owner, Date: day("2026-03-01"), Kind: stgypub.TallyCrawl, Name: "SEARCH", Count: 1},
		{PostID: p2, OwnerID: owner, Date: day("2026-03-10"), Kind: stgypub.TallyCrawl, Name: "OTHER", Count: 0}, // dropped
	}
	if err := s.UpsertTallies(ctx, rows); err != nil {
		t.Fatal(err)
	}
	if err := s.UpsertTallies(ctx, []stgypub.TallyRow{{PostID: p1, OwnerID: owner, Date: day("2026-03-09"), Kind: stgypub.TallyCrawl, Name: "AI", Count: 4}}); err != nil {
		t.Fatal(err)
	}
	got, err := s.OwnerTallies(ctx, owner, stgypub.TallyCrawl, day("2026-03-05"), day("2026-03-10"))
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 || got[0].PostID != p1 || got[0].Count != 5 || got[0].Name != "AI" || !got[0].Date.Equal(day("2026-03-09")) {
		t.Errorf("OwnerTallies = %+v", got)
	}
	shares, err := s.PostTallies(ctx, p1, stgypub.TallyShare, day("2026-03-01"), day("2026-03-10"))
	if err != nil || len(shares) != 1 || shares[0].Count != 2 || shares[0].Name != "x" {
		t.Errorf("PostTallies = %+v, %v", shares, err)
	}
	if err := s.UpsertTallies(ctx, nil); err != nil {
		t.Errorf("empty batch: %v", err)
	}
	if err := s.UpsertTallies(ctx, []stgypub.TallyRow{{PostID: 999, OwnerID: owner, Date: day("2026-03-09"), Kind: stgypub.TallyCrawl, Name: "AI", Count: 1}}); !stgypub.IsNotFound(err) {
		t.Errorf("unknown post: %v", err)
	}
	if _, err := s.DeleteCheckpointsBefore(ctx, day("2026-03-05")); err != nil {
		t.Fatal(err)
	}
	old, err := s.PostTallies(ctx, p2, stgypub.TallyCrawl, day("2026-03-01"), day("2026-03-10"))
	if err != nil || len(old) != 0 {
		t.Errorf("after the retention cleanup: %+v, %v", old, err)
	}
}
