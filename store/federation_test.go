package store_test

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/stgy/stgypub"
)

func TestFederationKeysFollowersQueue(t *testing.T) {
	ctx := context.Background()
	s := newStore(t)
	alice := mustUser(t, s, "Alice")

	t.Run("login folded", func(t *testing.T) {
		if id, err := s.Federation.UserIDByLoginFold(ctx, "aLICE"); err != nil || id != alice {
			t.Fatalf("UserIDByLoginFold = %v, %v", id, err)
		}
		_, err := s.Federation.UserIDByLoginFold(ctx, "nobody")
		wantCode(t, err, stgypub.CodeNotFound)
	})
	t.Run("key generated once", func(t *testing.T) {
		_, err := s.Federation.ActorKey(ctx, alice)
		wantCode(t, err, stgypub.CodeNotFound)
		k, err := s.Federation.PutActorKey(ctx, &stgypub.ActorKey{UserID: alice, PublicPEM: "first", PrivateSealed: []byte{1}})
		if err != nil || k.PublicPEM != "first" {
			t.Fatalf("PutActorKey = %+v, %v", k, err)
		}
		k, err = s.Federation.PutActorKey(ctx, &stgypub.ActorKey{UserID: alice, PublicPEM: "second", PrivateSealed: []byte{2}})
		if err != nil || k.PublicPEM != "first" || string(k.PrivateSealed) != "\x01" {
			t.Fatalf("second PutActorKey = %+v, %v (want the first kept)", k, err)
		}
	})
	t.Run("followers", func(t *testing.T) {
		f := &stgypub.Follower{UserID: alice, Actor: "https://remote.example/u/bob", Inbox: "https://remote.example/u/bob/inbox", FollowID: "f1"}
		if err := s.Federation.PutFollower(ctx, f); err != nil {
			t.Fatal(err)
		}
		f.FollowID = "f2"
		if err := s.Federation.PutFollower(ctx, f); err != nil {
			t.Fatal(err)
		}
		if n, err := s.Federation.CountFollowers(ctx, alice); err != nil || n != 1 {
			t.Fatalf("CountFollowers = %d, %v", n, err)
		}
		if ok, err := s.Federation.DeleteFollower(ctx, alice, f.Actor, "f1"); err != nil || ok {
			t.Fatalf("DeleteFollower of an old Follow = %v, %v", ok, err)
		}
		fs, err := s.Federation.Followers(ctx, alice)
		if err != nil || len(fs) != 1 || fs[0].FollowID != "f2" || fs[0].Inbox != f.Inbox {
			t.Fatalf("Followers = %+v, %v", fs, err)
		}
		if ok, err := s.Federation.DeleteFollower(ctx, alice, f.Actor, ""); err != nil || !ok {
			t.Fatalf("DeleteFollower = %v, %v", ok, err)
		}
		if n, _ := s.Federation.CountFollowers(ctx, alice); n != 0 {
			t.Fatalf("followers after delete = %d", n)
		}
	})
	t.Run("queue", func(t *testing.T) {
		id, err := s.Federation.EnqueueFederation(ctx, alice, "https://remote.example/inbox", []byte(`{"type":"Accept"}`))
		if err != nil {
			t.Fatal(err)
		}
		due := s.Now()
		got, err := s.Federation.ClaimFederationDeliveries(ctx, due, due.Add(time.Minute), 10)
		if err != nil || len(got) != 1 || got[0].ID != id || got[0].Attempts != 1 || string(got[0].Body) != `{"type":"Accept"}` {
			t.Fatalf("claim = %+v, %v", got, err)
		}
		if again, _ := s.Federation.ClaimFederationDeliveries(ctx, due, due.Add(time.Minute), 10); len(again) != 0 {
			t.Fatalf("claimed twice within the lease: %+v", again)
		}
		d := got[0]
		d.LastStatus, d.LastError = 202, ""
		at := due.Add(time.Second)
		d.DeliveredAt = &at
		if err := s.Federation.RecordFederationAttempt(ctx, d); err != nil {
			t.Fatal(err)
		}
		back, err := s.Federation.FederationDelivery(ctx, id)
		if err != nil || back.DeliveredAt == nil || back.LastStatus != 202 {
			t.Fatalf("delivery = %+v, %v", back, err)
		}
		if later, _ := s.Federation.ClaimFederationDeliveries(ctx, due.Add(time.Hour), due.Add(2*time.Hour), 10); len(later) != 0 {
			t.Fatalf("a delivered row was claimed: %+v", later)
		}
		_, err = s.Federation.FederationDelivery(ctx, "00000000-0000-0000-0000-000000000000")
		wantCode(t, err, stgypub.CodeNotFound)
	})
}

func TestFederationPostActivitiesQueued(t *testing.T) {
	ctx := context.Background()
	s := newStore(t)
	alice, bob := mustUser(t, s, "alice"), mustUser(t, s, "bob")
	for _, f := range []*stgypub.Follower{
		{UserID: alice, Actor: "https://a.example/u/1", Inbox: "https://a.example/u/1/inbox", SharedInbox: "https://a.example/inbox", FollowID: "1"},
		{UserID: alice, Actor: "https://a.example/u/2", Inbox: "https://a.example/u/2/inbox", SharedInbox: "https://a.example/inbox", FollowID: "2"},
		{UserID: alice, Actor: "https://b.example/u/3", Inbox: "https://b.example/u/3/inbox", FollowID: "3"},
		{UserID: bob, Actor: "https://a.example/u/1", Inbox: "https://a.example/u/1/inbox", FollowID: "4"},
	} {
		if err := s.Federation.PutFollower(ctx, f); err != nil {
			t.Fatal(err)
		}
	}
	cfg, err := s.Users.PubConfig(ctx, alice)
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Extensions, err = stgypub.ParseExtensions(`{"federation":{"enabled":true}}`); err != nil {
		t.Fatal(err)
	}
	if err := s.Users.UpdatePubConfig(ctx, cfg); err != nil {
		t.Fatal(err)
	}
	claim := func(want string) []*stgypub.FederationDelivery {
		t.Helper()
		at := s.Now().Add(time.Hour)
		ds, err := s.Federation.ClaimFederationDeliveries(ctx, at, at.Add(time.Minute), 100)
		if err != nil {
			t.Fatal(err)
		}
		var inboxes []string
		for _, d := range ds {
			if d.Activity != want || d.Body != nil || d.UserID != alice {
				t.Fatalf("delivery %+v, want a %s of alice's post without a body yet", d, want)
			}
			inboxes = append(inboxes, d.Inbox)
		}
		if len(inboxes) != 2 || !slices.Contains(inboxes, "https://a.example/inbox") || !slices.Contains(inboxes, "https://b.example/u/3/inbox") {
			t.Fatalf("%s went to %v, want one per shared inbox", want, inboxes)
		}
		return ds
	}
	pub := s.Now().Add(-time.Minute)
	p := &stgypub.Post{OwnedBy: alice, PublishedAt: &pub, Snippet: `{"title":"t"}`, Content: "x"}
	if err := s.Posts.CreatePost(ctx, p); err != nil {
		t.Fatal(err)
	}
	if ds := claim(stgypub.ActivityCreate); ds[0].PostID != p.ID {
		t.Fatalf("post ID %s, want %s", ds[0].PostID, p.ID)
	}
	p.Content = "y"
	if err := s.Posts.UpdatePost(ctx, p); err != nil {
		t.Fatal(err)
	}
	claim(stgypub.ActivityUpdate)
	if err := s.Posts.DeletePost(ctx, p.ID); err != nil {
		t.Fatal(err)
	}
	claim(stgypub.ActivityDelete)

	// bob's site is not federated: his followers hear nothing.
	q := &stgypub.Post{OwnedBy: bob, PublishedAt: &pub, Snippet: `{"title":"t"}`, Content: "x"}
	if err := s.Posts.CreatePost(ctx, q); err != nil {
		t.Fatal(err)
	}
	at := s.Now().Add(time.Hour)
	if ds, _ := s.Federation.ClaimFederationDeliveries(ctx, at, at.Add(time.Minute), 100); len(ds) != 0 {
		t.Fatalf("a site with federation off queued %+v", ds)
	}
}

func TestFederationDeadHostsSkipped(t *testing.T) {
	ctx := context.Background()
	s := newStore(t)
	alice := mustUser(t, s, "alice")
	for _, f := range []*stgypub.Follower{
		{UserID: alice, Actor: "https://a.example/u/1", Inbox: "https://a.example/u/1/inbox", FollowID: "1"},
		{UserID: alice, Actor: "https://b.example:8443/u/2", Inbox: "https://b.example:8443/u/2/inbox", FollowID: "2"},
	} {
		if err := s.Federation.PutFollower(ctx, f); err != nil {
			t.Fatal(err)
		}
	}
	cfg, _ := s.Users.PubConfig(ctx, alice)
	cfg.Extensions, _ = stgypub.ParseExtensions(`{"federation":{"enabled":true}}`)
	if err := s.Users.UpdatePubConfig(ctx, cfg); err != nil {
		t.Fatal(err)
	}
	inboxes := func(t *testing.T) []string {
		t.Helper()
		pub := s.Now().Add(-time.Minute)
		if err := s.Posts.CreatePost(ctx, &stgypub.Post{OwnedBy: alice, PublishedAt: &pub, Snippet: `{"title":"t"}`, Content: "x"}); err != nil {
			t.Fatal(err)
		}
		at := s.Now().Add(time.Hour)
		ds, err := s.Federation.ClaimFederationDeliveries(ctx, at, at.Add(time.Minute), 100)
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, d := range ds {
			out = append(out, d.Inbox)
		}
		slices.Sort(out)
		return out
	}
	both := []string{"https://a.example/u/1/inbox", "https://b.example:8443/u/2/inbox"}
	for _, tc := range []struct {
		name      string
		failSince time.Duration // before now; 0: a success
		want      []string
	}{
		{"failing for a day: still tried", 24 * time.Hour, both},
		{"failing for 8 days: skipped", 8 * 24 * time.Hour, both[:1]},
		{"a success: tried again", 0, both},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if err := s.Federation.FederationHostOK(ctx, "b.example:8443"); err != nil {
				t.Fatal(err)
			}
			if tc.failSince > 0 {
				if err := s.Federation.FederationHostFailed(ctx, "b.example:8443", s.Now().Add(-tc.failSince)); err != nil {
					t.Fatal(err)
				}
				// A later failure keeps the first failure's time.
				if err := s.Federation.FederationHostFailed(ctx, "b.example:8443", s.Now()); err != nil {
					t.Fatal(err)
				}
			}
			if got := inboxes(t); !slices.Equal(got, tc.want) {
				t.Fatalf("queued for %v, want %v", got, tc.want)
			}
		})
	}
}

// BenchmarkFederationOutbox measures a published post's edit with its
// followers' Update queued in the same transaction: "bare" is a site with
// federation off (the statement still runs, queueing nothing),
// "followers" a federated site with 3 followers on 2 servers (2
// deliveries per edit). Report followers/bare.
func BenchmarkFederationOutbox(b *testing.B) {
	for _, federated := range []bool{false, true} {
		name := "bare"
		if federated {
			name = "followers"
		}
		ctx := context.Background()
		s := newStoreTB(b)
		u := &stgypub.User{LoginName: "bench", Nickname: "bench"}
		if err := s.Users.CreateUser(ctx, u); err != nil {
			b.Fatal(err)
		}
		if federated {
			for i, inbox := range []string{"https://a.example/inbox", "https://a.example/inbox", "https://b.example/inbox"} {
				f := &stgypub.Follower{UserID: u.ID, Actor: fmt.Sprintf("https://x.example/u/%d", i), Inbox: inbox + "/own", SharedInbox: inbox, FollowID: "f"}
				if err := s.Federation.PutFollower(ctx, f); err != nil {
					b.Fatal(err)
				}
			}
			cfg, _ := s.Users.PubConfig(ctx, u.ID)
			cfg.Extensions, _ = stgypub.ParseExtensions(`{"federation":{"enabled":true}}`)
			if err := s.Users.UpdatePubConfig(ctx, cfg); err != nil {
				b.Fatal(err)
			}
		}
		p := &stgypub.Post{OwnedBy: u.ID, PublishedAt: ptr(now.Add(-time.Hour)), Content: "x", PlainText: "x", Snippet: `{"title":"x"}`}
		if err := s.Posts.CreatePost(ctx, p); err != nil {
			b.Fatal(err)
		}
		b.Run("update/"+name, func(b *testing.B) {
			for i := range b.N {
				q := &stgypub.Post{ID: p.ID, OwnedBy: u.ID, Content: fmt.Sprint("edit ", i), PlainText: "edit", Snippet: `{"title":"x"}`}
				if err := s.Posts.UpdatePost(ctx, q); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
