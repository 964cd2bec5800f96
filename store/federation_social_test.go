package store_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/stgy/stgypub"
)

// TestFederationReactionsAndFollowerPages: a reaction is one row per
// (post, actor, kind), removed by kind and post or by activity ID (the
// actor's only); counts per post and per site; the follower list pages
// by (followed time, actor); removing a follower queues its notice in
// the same transaction, and a failing notice removes nothing.
func TestFederationReactionsAndFollowerPages(t *testing.T) {
	ctx := context.Background()
	s := newStore(t)
	alice := mustUser(t, s, "alice")
	at := time.Now().Add(-time.Hour)
	p1 := mustPost(t, s, alice, 0, &at, "# one")
	p2 := mustPost(t, s, alice, 0, &at, "# two")
	put := func(post stgypub.ID, actor, kind, id string) bool {
		t.Helper()
		isNew, err := s.Federation.PutReaction(ctx, &stgypub.Reaction{UserID: alice, PostID: post, Actor: actor, Kind: kind, ActivityID: id})
		if err != nil {
			t.Fatal(err)
		}
		return isNew
	}
	counts := func(post stgypub.ID) stgypub.ReactionCounts {
		t.Helper()
		rc, err := s.Federation.ReactionCounts(ctx, post)
		if err != nil {
			t.Fatal(err)
		}
		return rc
	}
	if !put(p1, "https://a.example/u/1", stgypub.ReactionLike, "l1") || put(p1, "https://a.example/u/1", stgypub.ReactionLike, "l2") {
		t.Fatal("the first Like is new, a repeat is not")
	}
	put(p1, "https://a.example/u/1", stgypub.ReactionAnnounce, "a1")
	put(p1, "https://b.example/u/2", stgypub.ReactionLike, "l3")
	put(p2, "https://b.example/u/2", stgypub.ReactionAnnounce, "a2")
	if rc := counts(p1); rc != (stgypub.ReactionCounts{Likes: 2, Announces: 1}) {
		t.Fatalf("p1 = %+v", rc)
	}
	if rc, err := s.Federation.SiteReactionCounts(ctx, alice); err != nil || rc != (stgypub.ReactionCounts{Likes: 2, Announces: 2}) {
		t.Fatalf("site = %+v, %v", rc, err)
	}
	// By activity ID: the repeat's (l2) is the stored one; another actor's ID removes nothing.
	if ok, err := s.Federation.DeleteReaction(ctx, alice, "https://b.example/u/2", "", 0, "l2"); err != nil || ok {
		t.Fatalf("another actor's ID removed %v, %v", ok, err)
	}
	if ok, err := s.Federation.DeleteReaction(ctx, alice, "https://a.example/u/1", "", 0, "l2"); err != nil || !ok {
		t.Fatalf("by ID: %v, %v", ok, err)
	}
	if ok, err := s.Federation.DeleteReaction(ctx, alice, "https://b.example/u/2", stgypub.ReactionAnnounce, p2, ""); err != nil || !ok {
		t.Fatalf("by kind and post: %v, %v", ok, err)
	}
	if rc, _ := s.Federation.SiteReactionCounts(ctx, alice); rc != (stgypub.ReactionCounts{Likes: 1, Announces: 1}) {
		t.Fatalf("site after Undo = %+v", rc)
	}

	base := time.Now().UTC().Truncate(time.Microsecond)
	for i, actor := range []string{"https://c.example/u/3", "https://a.example/u/1", "https://b.example/u/2"} {
		s.Now = func() time.Time { return base.Add(time.Duration(i/2) * time.Second) } // a and c tie on time: actor decides
		if err := s.Federation.PutFollower(ctx, &stgypub.Follower{UserID: alice, Actor: actor, Inbox: actor + "/inbox", FollowID: actor + "/f"}); err != nil {
			t.Fatal(err)
		}
	}
	s.Now = time.Now
	var got []string
	var after *stgypub.FollowerCursor
	for range 4 {
		page, err := s.Federation.FollowersPage(ctx, alice, after, 2)
		if err != nil {
			t.Fatal(err)
		}
		if len(page) == 0 {
			break
		}
		for _, f := range page {
			got = append(got, f.Actor)
		}
		last := page[len(page)-1]
		after = &stgypub.FollowerCursor{CreatedAt: last.CreatedAt, Actor: last.Actor}
	}
	if want := []string{"https://a.example/u/1", "https://c.example/u/3", "https://b.example/u/2"}; len(got) != 3 || got[0] != want[0] || got[1] != want[1] || got[2] != want[2] {
		t.Fatalf("pages = %v, want %v", got, want)
	}

	boom := errors.New("boom")
	if _, err := s.Federation.RemoveFollower(ctx, alice, "https://c.example/u/3", func(*stgypub.Follower) ([]byte, error) { return nil, boom }); !errors.Is(err, boom) {
		t.Fatalf("failing notice: %v", err)
	}
	if n, _ := s.Federation.CountFollowers(ctx, alice); n != 3 {
		t.Fatalf("a failing notice removed the follower: %d left", n)
	}
	var told *stgypub.Follower
	ok, err := s.Federation.RemoveFollower(ctx, alice, "https://c.example/u/3", func(f *stgypub.Follower) ([]byte, error) { told = f; return []byte(`{"type":"Reject"}`), nil })
	if err != nil || !ok || told == nil || told.FollowID != "https://c.example/u/3/f" {
		t.Fatalf("RemoveFollower = %v, %v (told %+v)", ok, err, told)
	}
	due, err := s.Federation.ClaimFederationDeliveries(ctx, time.Now().Add(time.Minute), time.Now().Add(2*time.Minute), 10)
	if err != nil || len(due) != 1 || due[0].Inbox != "https://c.example/u/3/inbox" || string(due[0].Body) != `{"type":"Reject"}` {
		t.Fatalf("queued = %+v, %v", due, err)
	}
	if ok, err := s.Federation.RemoveFollower(ctx, alice, "https://c.example/u/3", func(*stgypub.Follower) ([]byte, error) { t.Fatal("notice for no follower"); return nil, nil }); err != nil || ok {
		t.Fatalf("removing again = %v, %v", ok, err)
	}
}
