package store_test

import (
	"context"
	"testing"
	"time"

	"github.com/stgy/stgypub"
)

// TestPageVersionTimes: the page statements return the owner's site
// change time (the page cache's version of what they read) and the
// owner's next scheduled publication; NextPublication is the earliest
// scheduled one of any owner, zero when none.
func TestPageVersionTimes(t *testing.T) {
	ctx := context.Background()
	s := newStore(t)
	s.Now = func() time.Time { return now }
	alice, bob := mustUser(t, s, "alice"), mustUser(t, s, "bob")
	post := mustPost(t, s, alice, 0, ptr(now.Add(-time.Hour)), "out")
	if next, err := s.Posts.NextPublication(ctx); err != nil || !next.IsZero() {
		t.Errorf("NextPublication with nothing scheduled = %v, %v", next, err)
	}
	mustPost(t, s, alice, 0, ptr(now.Add(3*time.Hour)), "later")
	mustPost(t, s, alice, 0, ptr(now.Add(2*time.Hour)), "sooner")
	mustPost(t, s, bob, 0, ptr(now.Add(time.Hour)), "bob's")
	mustPost(t, s, bob, 0, nil, "draft")
	changed, err := s.Posts.SiteChangedAt(ctx, alice)
	if err != nil {
		t.Fatal(err)
	}
	a, err := s.Posts.PubArticle(ctx, post)
	if err != nil {
		t.Fatal(err)
	}
	if !a.SiteChanged.Equal(changed) || !a.NextPublication.Equal(now.Add(2*time.Hour)) {
		t.Errorf("PubArticle: site changed %v (want %v), next %v (want %v)", a.SiteChanged, changed, a.NextPublication, now.Add(2*time.Hour))
	}
	site, err := s.Posts.PubSite(ctx, alice, stgypub.PostQuery{Order: stgypub.OrderOldest, Limit: 10})
	if err != nil {
		t.Fatal(err)
	}
	if !site.SiteChanged.Equal(changed) || !site.NextPublication.Equal(now.Add(2*time.Hour)) {
		t.Errorf("PubSite: site changed %v (want %v), next %v", site.SiteChanged, changed, site.NextPublication)
	}
	if next, err := s.Posts.NextPublication(ctx); err != nil || !next.Equal(now.Add(time.Hour)) {
		t.Errorf("NextPublication = %v, %v; want bob's at %v", next, err, now.Add(time.Hour))
	}
	s.Now = func() time.Time { return now.Add(90 * time.Minute) }
	if next, err := s.Posts.NextPublication(ctx); err != nil || !next.Equal(now.Add(2*time.Hour)) {
		t.Errorf("NextPublication after bob's fell due = %v, %v", next, err)
	}
}
