package store_test

import (
	"context"
	"testing"
	"time"

	"github.com/stgy/stgypub"
)

// TestPublishedSitesAndSitemap covers the service-wide lists: the home
// page's sites with published posts and the sitemap's posts, both by
// newest publication, both ignoring drafts and scheduled posts.
func TestPublishedSitesAndSitemap(t *testing.T) {
	ctx := context.Background()
	s := newStore(t)
	alice, bob, carol := mustUser(t, s, "alice"), mustUser(t, s, "bob"), mustUser(t, s, "carol")
	a1 := mustPost(t, s, alice, 0, ptr(now.Add(-3*time.Hour)), "a1")
	b1 := mustPost(t, s, bob, 0, ptr(now.Add(-2*time.Hour)), "b1")
	a2 := mustPost(t, s, alice, 0, ptr(now.Add(-time.Hour)), "a2")
	mustPost(t, s, bob, 0, ptr(now.Add(time.Hour)), "scheduled")
	mustPost(t, s, carol, 0, nil, "draft")
	c := stgypub.DefaultPubConfig(bob)
	c.SiteName, c.Subtitle, c.Author = "Bob's", "sub", "B."
	if err := s.Users.UpdatePubConfig(ctx, c); err != nil {
		t.Fatal(err)
	}

	sites, err := s.Posts.PublishedSites(ctx, 10)
	if err != nil {
		t.Fatal(err)
	}
	if len(sites) != 2 || sites[0].Owner.ID != alice || sites[1].Owner.ID != bob {
		t.Fatalf("sites = %d, want alice then bob (carol has only a draft)", len(sites))
	}
	if !sites[0].LastChange.Equal(now.Add(-time.Hour)) || sites[0].Config.SiteName != "" || sites[0].Owner.Nickname != "alice" {
		t.Errorf("alice: %+v %+v", sites[0].LastChange, sites[0].Config)
	}
	if got := sites[1].Config; got.SiteName != "Bob's" || got.Subtitle != "sub" || got.Author != "B." || !sites[1].LastChange.Equal(now.Add(-2*time.Hour)) {
		t.Errorf("bob: %+v at %v", got, sites[1].LastChange)
	}
	if one, err := s.Posts.PublishedSites(ctx, 1); err != nil || len(one) != 1 || one[0].Owner.ID != alice {
		t.Errorf("limit 1: %d sites, %v", len(one), err)
	}
	for _, bad := range []int{0, 1001} {
		_, err := s.Posts.PublishedSites(ctx, bad)
		wantCode(t, err, stgypub.CodeBadUserInput)
	}

	posts, err := s.Posts.PublishedForSitemap(ctx, 10)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := ids(posts), []stgypub.ID{a2, b1, a1}; len(got) != 3 || got[0] != want[0] || got[1] != want[1] || got[2] != want[2] {
		t.Errorf("sitemap = %v, want %v", got, want)
	}
	if posts, err := s.Posts.PublishedForSitemap(ctx, 2); err != nil || len(posts) != 2 {
		t.Errorf("limit 2: %d, %v", len(posts), err)
	}
	for _, bad := range []int{0, 50001} {
		_, err := s.Posts.PublishedForSitemap(ctx, bad)
		wantCode(t, err, stgypub.CodeBadUserInput)
	}
}
