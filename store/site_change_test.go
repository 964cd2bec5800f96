package store_test

import (
	"context"
	"testing"
	"time"

	"github.com/stgy/stgypub"
)

// TestSiteChangeWrites checks that every write that can change an owner's
// public pages moves that owner's site change time (and so the
// LastChange of PubArticle, PubSite and LastPublishedChange) to the
// store clock, and only that owner's (both owners for ChangeOwner).
func TestSiteChangeWrites(t *testing.T) {
	ctx := context.Background()
	s := newStore(t)
	clock := now.Add(-time.Hour)
	s.Now = func() time.Time { return clock }
	alice, bob := mustUser(t, s, "alice"), mustUser(t, s, "bob")
	post := mustPost(t, s, alice, 0, ptr(now.Add(-2*time.Hour)), "listed")
	other := mustPost(t, s, alice, 0, ptr(now.Add(-3*time.Hour)), "other")
	bobs := mustPost(t, s, bob, 0, ptr(now.Add(-3*time.Hour)), "bob's")

	tests := []struct {
		name    string
		write   func() error
		changed []stgypub.ID
	}{
		{"CreatePost (draft)", func() error { mustPost(t, s, alice, 0, nil, "draft"); return nil }, []stgypub.ID{alice}},
		{"UpdatePost", func() error {
			p, err := s.Post(ctx, other)
			if err != nil {
				return err
			}
			p.Content = "edited"
			return s.UpdatePost(ctx, p)
		}, []stgypub.ID{alice}},
		{"SetPublication nil", func() error { return s.SetPublication(ctx, other, nil) }, []stgypub.ID{alice}},
		{"SetPublication past", func() error { return s.SetPublication(ctx, other, ptr(now.Add(-5*time.Hour))) }, []stgypub.ID{alice}},
		{"UpdatePubConfig", func() error {
			c := stgypub.DefaultPubConfig(alice)
			c.SiteName = "Renamed"
			return s.UpdatePubConfig(ctx, c)
		}, []stgypub.ID{alice}},
		{"UpdateProfile", func() error { return s.UpdateProfile(ctx, alice, "Alice", "New intro") }, []stgypub.ID{alice}},
		{"CreateImportedPost", func() error {
			return s.CreateImportedPost(ctx, "a.md", &stgypub.Post{OwnedBy: alice, Snippet: "{}", PublishedAt: ptr(now.Add(-6 * time.Hour))})
		}, []stgypub.ID{alice}},
		{"ChangeOwner", func() error { return s.ChangeOwner(ctx, bobs, alice) }, []stgypub.ID{alice, bob}},
		{"ChangeOwner back", func() error { return s.ChangeOwner(ctx, bobs, bob) }, []stgypub.ID{alice, bob}},
		{"DeletePost", func() error { return s.DeletePost(ctx, other) }, []stgypub.ID{alice}},
		{"SetPasswordHash", func() error { return s.SetPasswordHash(ctx, bob, "x") }, []stgypub.ID{bob}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before := map[stgypub.ID]time.Time{}
			for _, u := range []stgypub.ID{alice, bob} {
				before[u], _ = s.SiteChangedAt(ctx, u)
			}
			clock = clock.Add(3 * time.Second)
			if err := tt.write(); err != nil {
				t.Fatal(err)
			}
			for _, u := range []stgypub.ID{alice, bob} {
				want := before[u]
				for _, c := range tt.changed {
					if c == u {
						want = clock
					}
				}
				got, err := s.SiteChangedAt(ctx, u)
				if err != nil || !got.Equal(want) {
					t.Errorf("site change of %s = %v, %v; want %v", u, got, err, want)
				}
			}
			changed := tt.changed[0]
			site, err := s.PubSite(ctx, changed, stgypub.PostQuery{Limit: 10})
			if err != nil || !site.LastChange.Equal(clock) {
				t.Errorf("PubSite last change = %v, %v; want %v", site.LastChange, err, clock)
			}
			if last, err := s.LastPublishedChange(ctx, changed); err != nil || !last.Equal(clock) {
				t.Errorf("LastPublishedChange = %v, %v; want %v", last, err, clock)
			}
			if changed == alice {
				a, err := s.PubArticle(ctx, post)
				if err != nil || !a.LastChange.Equal(clock) {
					t.Errorf("PubArticle last change = %v, %v; want %v", a.LastChange, err, clock)
				}
			}
		})
	}

	t.Run("never moves back", func(t *testing.T) {
		high, _ := s.SiteChangedAt(ctx, alice)
		saved := clock
		clock = clock.Add(-time.Hour)
		if err := s.UpdateProfile(ctx, alice, "Alice", "Older clock"); err != nil {
			t.Fatal(err)
		}
		if got, _ := s.SiteChangedAt(ctx, alice); !got.Equal(high) {
			t.Errorf("site change = %v, want %v", got, high)
		}
		clock = saved
	})
	t.Run("scheduled post falling due", func(t *testing.T) {
		due := clock.Add(time.Minute)
		mustPost(t, s, alice, 0, &due, "scheduled")
		clock = due.Add(time.Second)
		a, err := s.PubArticle(ctx, post)
		if err != nil || !a.LastChange.Equal(due) {
			t.Errorf("PubArticle last change = %v, %v; want %v", a.LastChange, err, due)
		}
		site, err := s.PubSite(ctx, alice, stgypub.PostQuery{Order: stgypub.OrderOldest, Limit: 1})
		if err != nil || !site.LastChange.Equal(due) {
			t.Errorf("PubSite (a page without it) last change = %v, %v; want %v", site.LastChange, err, due)
		}
	})
	t.Run("never later than now", func(t *testing.T) {
		if _, err := s.DB.ExecContext(ctx, `UPDATE users SET updated_at = ?`, clock.Add(time.Hour)); err != nil {
			t.Fatal(err)
		}
		a, err := s.PubArticle(ctx, post)
		if err != nil || !a.LastChange.Equal(clock) {
			t.Errorf("PubArticle last change = %v, %v; want %v", a.LastChange, err, clock)
		}
		site, err := s.PubSite(ctx, alice, stgypub.PostQuery{Limit: 1})
		if err != nil || !site.LastChange.Equal(clock) {
			t.Errorf("PubSite last change = %v, %v; want %v", site.LastChange, err, clock)
		}
		if got, err := s.SitemapLastChange(ctx); err != nil || !got.Equal(clock) {
			t.Errorf("SitemapLastChange = %v, %v; want %v", got, err, clock)
		}
	})
	t.Run("not found", func(t *testing.T) {
		wantCode(t, s.UpdateProfile(ctx, 999, "x", ""), stgypub.CodeNotFound)
		wantCode(t, s.DeletePost(ctx, 999), stgypub.CodeNotFound)
		wantCode(t, s.SetPublication(ctx, 999, nil), stgypub.CodeNotFound)
		wantCode(t, s.ChangeOwner(ctx, 999, alice), stgypub.CodeNotFound)
		wantCode(t, s.ChangeOwner(ctx, post, 999), stgypub.CodeNotFound)
		wantCode(t, s.UpdatePost(ctx, &stgypub.Post{ID: 999, Snippet: "{}"}), stgypub.CodeNotFound)
		wantCode(t, s.UpdatePubConfig(ctx, stgypub.DefaultPubConfig(999)), stgypub.CodeNotFound)
		_, err := s.SiteChangedAt(ctx, 999)
		wantCode(t, err, stgypub.CodeNotFound)
	})
	t.Run("profile round trip", func(t *testing.T) {
		u, err := s.User(ctx, alice)
		if err != nil || u.Nickname != "Alice" || u.Introduction != "Older clock" {
			t.Errorf("user = %+v, %v", u, err)
		}
	})
}
