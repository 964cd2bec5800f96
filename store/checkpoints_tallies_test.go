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
	if err := s.Checkpoints.UpsertTallies(ctx, rows); err != nil {
		t.Fatal(err)
	}
	if err := s.Checkpoints.UpsertTallies(ctx, []stgypub.TallyRow{{PostID: p1, OwnerID: owner, Date: day("2026-03-09"), Kind: stgypub.TallyCrawl, Name: "AI", Count: 4}}); err != nil {
		t.Fatal(err)
	}
	got, err := s.Checkpoints.OwnerTallies(ctx, owner, stgypub.TallyCrawl, day("2026-03-05"), day("2026-03-10"))
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 || got[0].PostID != p1 || got[0].Count != 5 || got[0].Name != "AI" || !got[0].Date.Equal(day("2026-03-09")) {
		t.Errorf("OwnerTallies = %+v", got)
	}
	shares, err := s.Checkpoints.PostTallies(ctx, p1, stgypub.TallyShare, day("2026-03-01"), day("2026-03-10"))
	if err != nil || len(shares) != 1 || shares[0].Count != 2 || shares[0].Name != "x" {
		t.Errorf("PostTallies = %+v, %v", shares, err)
	}
	if err := s.Checkpoints.UpsertTallies(ctx, nil); err != nil {
		t.Errorf("empty batch: %v", err)
	}
	if err := s.Checkpoints.UpsertTallies(ctx, []stgypub.TallyRow{{PostID: 999, OwnerID: owner, Date: day("2026-03-09"), Kind: stgypub.TallyCrawl, Name: "AI", Count: 1}}); !stgypub.IsNotFound(err) {
		t.Errorf("unknown post: %v", err)
	}
	if _, err := s.Checkpoints.DeleteCheckpointsBefore(ctx, day("2026-03-05")); err != nil {
		t.Fatal(err)
	}
	old, err := s.Checkpoints.PostTallies(ctx, p2, stgypub.TallyCrawl, day("2026-03-01"), day("2026-03-10"))
	if err != nil || len(old) != 0 {
		t.Errorf("after the retention cleanup: %+v, %v", old, err)
	}
}

// TestAIDisallowedSites: only sites whose extensions.robots.disallowAI is
// true, with their published posts only.
func TestAIDisallowedSites(t *testing.T) {
	ctx := context.Background()
	s := newStore(t)
	a := mustUser(t, s, "noai")
	b := mustUser(t, s, "falseai")
	c := mustUser(t, s, "plain")
	pa := mustPost(t, s, a, 0, ptr(now), "published")
	mustPost(t, s, a, 0, nil, "draft")
	mustPost(t, s, b, 0, ptr(now), "b")
	mustPost(t, s, c, 0, ptr(now), "c")
	for owner, ext := range map[stgypub.ID]string{a: `{"robots":{"disallowAI":true}}`, b: `{"robots":{"disallowAI":false},"note":"disallowAI"}`, c: `{}`} {
		e, err := stgypub.ParseExtensions(ext)
		if err != nil {
			t.Fatal(err)
		}
		cfg := stgypub.DefaultPubConfig(owner)
		cfg.Extensions = e
		if err := s.Users.UpdatePubConfig(ctx, cfg); err != nil {
			t.Fatal(err)
		}
	}
	sites, err := s.Posts.AIDisallowedSites(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(sites) != 1 || sites[0].OwnerID != a || len(sites[0].PostIDs) != 1 || sites[0].PostIDs[0] != pa {
		t.Errorf("AIDisallowedSites = %+v, want %s with %s", sites, a, pa)
	}
}
