package store_test

import (
	"context"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/store"
)

// siteFixture is one subtest's own database: alice with a listed post and
// another published one, bob with one published post, and the store clock,
// which starts an hour before now and which only this subtest moves.
type siteFixture struct {
	s                 *store.Store
	mu                sync.Mutex
	clock             time.Time
	alice, bob        stgypub.ID
	post, other, bobs stgypub.ID
	told              []stgypub.SiteChange // what store.Changes heard
}

// SitesChanged records the announcements (store.Changes).
func (f *siteFixture) SitesChanged(_ context.Context, cs []stgypub.SiteChange) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.told = append(f.told, cs...)
	return nil
}

// heard returns and forgets what store.Changes heard.
func (f *siteFixture) heard() []stgypub.SiteChange {
	f.mu.Lock()
	defer f.mu.Unlock()
	out := f.told
	f.told = nil
	return out
}

func newSiteFixture(t *testing.T) *siteFixture {
	t.Helper()
	f := &siteFixture{s: newStore(t), clock: now.Add(-time.Hour)}
	f.s.Now = f.now
	f.alice, f.bob = mustUser(t, f.s, "alice"), mustUser(t, f.s, "bob")
	f.post = mustPost(t, f.s, f.alice, 0, ptr(now.Add(-2*time.Hour)), "listed")
	f.other = mustPost(t, f.s, f.alice, 0, ptr(now.Add(-3*time.Hour)), "other")
	f.bobs = mustPost(t, f.s, f.bob, 0, ptr(now.Add(-3*time.Hour)), "bob's")
	f.s.Changes = f
	return f
}

func (f *siteFixture) now() time.Time { f.mu.Lock(); defer f.mu.Unlock(); return f.clock }

// advance moves the store clock by d and returns the new time.
func (f *siteFixture) advance(d time.Duration) time.Time {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.clock = f.clock.Add(d)
	return f.clock
}

// TestSiteChangeWrites checks that every write that can change an owner's
// public pages moves that owner's site change time (and so the
// LastChange of PubArticle, PubSite and LastPublishedChange) to the
// store clock, and only that owner's (both owners for ChangeOwner). Each
// case has its own database.
func TestSiteChangeWrites(t *testing.T) {
	ctx := context.Background()
	tests := []struct {
		name    string
		write   func(t *testing.T, f *siteFixture) error
		changed func(f *siteFixture) []stgypub.ID
	}{
		{"CreatePost (draft)", func(t *testing.T, f *siteFixture) error { mustPost(t, f.s, f.alice, 0, nil, "draft"); return nil }, aliceOnly},
		{"UpdatePost", func(_ *testing.T, f *siteFixture) error {
			p, err := f.s.Posts.Post(ctx, f.other)
			if err != nil {
				return err
			}
			p.Content = "edited"
			return f.s.Posts.UpdatePost(ctx, p)
		}, aliceOnly},
		{"SetPublication nil", func(_ *testing.T, f *siteFixture) error { return f.s.Posts.SetPublication(ctx, f.other, nil) }, aliceOnly},
		{"SetPublication past", func(_ *testing.T, f *siteFixture) error {
			return f.s.Posts.SetPublication(ctx, f.other, ptr(now.Add(-5*time.Hour)))
		}, aliceOnly},
		{"UpdatePubConfig", func(_ *testing.T, f *siteFixture) error {
			c := stgypub.DefaultPubConfig(f.alice)
			c.SiteName = "Renamed"
			return f.s.Users.UpdatePubConfig(ctx, c)
		}, aliceOnly},
		{"UpdateProfile", func(_ *testing.T, f *siteFixture) error {
			return f.s.Users.UpdateProfile(ctx, f.alice, "Alice", "New intro")
		}, aliceOnly},
		{"CreateImportedPost", func(_ *testing.T, f *siteFixture) error {
			return f.s.Posts.CreateImportedPost(ctx, "a.md", &stgypub.Post{OwnedBy: f.alice, Snippet: "{}", PublishedAt: ptr(now.Add(-6 * time.Hour))})
		}, aliceOnly},
		{"ChangeOwner to alice", func(_ *testing.T, f *siteFixture) error { return f.s.Posts.ChangeOwner(ctx, f.bobs, f.alice) }, both},
		{"ChangeOwner to bob", func(_ *testing.T, f *siteFixture) error { return f.s.Posts.ChangeOwner(ctx, f.other, f.bob) }, both},
		{"DeletePost", func(_ *testing.T, f *siteFixture) error { return f.s.Posts.DeletePost(ctx, f.other) }, aliceOnly},
		{"SetPasswordHash", func(_ *testing.T, f *siteFixture) error { return f.s.Users.SetPasswordHash(ctx, f.bob, "x") },
			func(f *siteFixture) []stgypub.ID { return []stgypub.ID{f.bob} }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			f := newSiteFixture(t)
			s := f.s
			before := map[stgypub.ID]time.Time{}
			for _, u := range []stgypub.ID{f.alice, f.bob} {
				before[u], _ = s.Posts.SiteChangedAt(ctx, u)
			}
			clock := f.advance(3 * time.Second)
			if err := tt.write(t, f); err != nil {
				t.Fatal(err)
			}
			changedIDs := tt.changed(f)
			// After the commit, the notifier heard of exactly these owners,
			// each with its new site change time.
			told := f.heard()
			if len(told) != len(changedIDs) {
				t.Errorf("notified %v, want owners %v", told, changedIDs)
			}
			for _, c := range told {
				if got, _ := s.Posts.SiteChangedAt(ctx, c.Owner); !c.At.Equal(got) || !slices.Contains(changedIDs, c.Owner) {
					t.Errorf("notified %s at %v; site change %v, changed owners %v", c.Owner, c.At, got, changedIDs)
				}
			}
			for _, u := range []stgypub.ID{f.alice, f.bob} {
				want := before[u]
				for _, c := range changedIDs {
					if c == u {
						want = clock
					}
				}
				got, err := s.Posts.SiteChangedAt(ctx, u)
				if err != nil || !got.Equal(want) {
					t.Errorf("site change of %s = %v, %v; want %v", u, got, err, want)
				}
			}
			changed := changedIDs[0]
			site, err := s.Posts.PubSite(ctx, changed, stgypub.PostQuery{Limit: 10})
			if err != nil || !site.LastChange.Equal(clock) {
				t.Errorf("PubSite last change = %v, %v; want %v", site.LastChange, err, clock)
			}
			if last, err := s.Posts.LastPublishedChange(ctx, changed); err != nil || !last.Equal(clock) {
				t.Errorf("LastPublishedChange = %v, %v; want %v", last, err, clock)
			}
			if changed == f.alice {
				a, err := s.Posts.PubArticle(ctx, f.post)
				if err != nil || !a.LastChange.Equal(clock) {
					t.Errorf("PubArticle last change = %v, %v; want %v", a.LastChange, err, clock)
				}
			}
		})
	}
}

func aliceOnly(f *siteFixture) []stgypub.ID { return []stgypub.ID{f.alice} }
func both(f *siteFixture) []stgypub.ID      { return []stgypub.ID{f.alice, f.bob} }

// TestSiteChangeTime covers the site change time's own rules, each case on
// its own database and clock.
func TestSiteChangeTime(t *testing.T) {
	ctx := context.Background()
	t.Run("never moves back, always moves forward", func(t *testing.T) {
		t.Parallel()
		f := newSiteFixture(t)
		if err := f.s.Users.UpdateProfile(ctx, f.alice, "Alice", "Newer clock"); err != nil {
			t.Fatal(err)
		}
		high, _ := f.s.Posts.SiteChangedAt(ctx, f.alice)
		f.advance(-time.Hour)
		if err := f.s.Users.UpdateProfile(ctx, f.alice, "Alice", "Older clock"); err != nil {
			t.Fatal(err)
		}
		// A writer whose clock is behind still makes a new version: one
		// microsecond later than the last (the page cache's version).
		if got, _ := f.s.Posts.SiteChangedAt(ctx, f.alice); !got.Equal(high.Add(time.Microsecond)) {
			t.Errorf("site change = %v, want %v", got, high.Add(time.Microsecond))
		}
		if err := f.s.Users.UpdateProfile(ctx, f.alice, "Alice", "Same clock"); err != nil {
			t.Fatal(err)
		}
		if got, _ := f.s.Posts.SiteChangedAt(ctx, f.alice); !got.Equal(high.Add(2 * time.Microsecond)) {
			t.Errorf("site change = %v, want %v", got, high.Add(2*time.Microsecond))
		}
	})
	t.Run("failed writes notify nothing", func(t *testing.T) {
		t.Parallel()
		f := newSiteFixture(t)
		f.heard()
		if err := f.s.Posts.DeletePost(ctx, 0x7FFF000000000001); !stgypub.IsNotFound(err) {
			t.Fatalf("DeletePost of a missing post = %v", err)
		}
		if err := f.s.Posts.SetPublication(ctx, 0x7FFF000000000001, nil); !stgypub.IsNotFound(err) {
			t.Fatalf("SetPublication of a missing post = %v", err)
		}
		if err := f.s.Users.UpdatePubConfig(ctx, stgypub.DefaultPubConfig(0x7FFF000000000002)); !stgypub.IsNotFound(err) {
			t.Fatalf("UpdatePubConfig of a missing user = %v", err)
		}
		if got := f.heard(); len(got) != 0 {
			t.Errorf("notified %v for writes that failed", got)
		}
	})
	t.Run("scheduled post falling due", func(t *testing.T) {
		t.Parallel()
		f := newSiteFixture(t)
		due := f.now().Add(time.Minute)
		mustPost(t, f.s, f.alice, 0, &due, "scheduled")
		f.advance(time.Minute + time.Second)
		a, err := f.s.Posts.PubArticle(ctx, f.post)
		if err != nil || !a.LastChange.Equal(due) {
			t.Errorf("PubArticle last change = %v, %v; want %v", a.LastChange, err, due)
		}
		site, err := f.s.Posts.PubSite(ctx, f.alice, stgypub.PostQuery{Order: stgypub.OrderOldest, Limit: 1})
		if err != nil || !site.LastChange.Equal(due) {
			t.Errorf("PubSite (a page without it) last change = %v, %v; want %v", site.LastChange, err, due)
		}
	})
	t.Run("never later than now", func(t *testing.T) {
		t.Parallel()
		f := newSiteFixture(t)
		clock := f.now()
		if _, err := f.s.DB.ExecContext(ctx, `UPDATE users SET updated_at = ?`, clock.Add(time.Hour)); err != nil {
			t.Fatal(err)
		}
		a, err := f.s.Posts.PubArticle(ctx, f.post)
		if err != nil || !a.LastChange.Equal(clock) {
			t.Errorf("PubArticle last change = %v, %v; want %v", a.LastChange, err, clock)
		}
		site, err := f.s.Posts.PubSite(ctx, f.alice, stgypub.PostQuery{Limit: 1})
		if err != nil || !site.LastChange.Equal(clock) {
			t.Errorf("PubSite last change = %v, %v; want %v", site.LastChange, err, clock)
		}
		if got, err := f.s.Posts.SitemapLastChange(ctx); err != nil || !got.Equal(clock) {
			t.Errorf("SitemapLastChange = %v, %v; want %v", got, err, clock)
		}
	})
	t.Run("not found", func(t *testing.T) {
		t.Parallel()
		f := newSiteFixture(t)
		s := f.s
		wantCode(t, s.Users.UpdateProfile(ctx, 999, "x", ""), stgypub.CodeNotFound)
		wantCode(t, s.Posts.DeletePost(ctx, 999), stgypub.CodeNotFound)
		wantCode(t, s.Posts.SetPublication(ctx, 999, nil), stgypub.CodeNotFound)
		wantCode(t, s.Posts.ChangeOwner(ctx, 999, f.alice), stgypub.CodeNotFound)
		wantCode(t, s.Posts.ChangeOwner(ctx, f.post, 999), stgypub.CodeNotFound)
		wantCode(t, s.Posts.UpdatePost(ctx, &stgypub.Post{ID: 999, Snippet: "{}"}), stgypub.CodeNotFound)
		wantCode(t, s.Users.UpdatePubConfig(ctx, stgypub.DefaultPubConfig(999)), stgypub.CodeNotFound)
		_, err := s.Posts.SiteChangedAt(ctx, 999)
		wantCode(t, err, stgypub.CodeNotFound)
	})
	t.Run("profile round trip", func(t *testing.T) {
		t.Parallel()
		f := newSiteFixture(t)
		if err := f.s.Users.UpdateProfile(ctx, f.alice, "Alice", "導入 intro"); err != nil {
			t.Fatal(err)
		}
		u, err := f.s.Users.User(ctx, f.alice)
		if err != nil || u.Nickname != "Alice" || u.Introduction != "導入 intro" {
			t.Errorf("user = %+v, %v", u, err)
		}
	})
}
