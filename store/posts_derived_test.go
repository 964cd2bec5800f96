package store_test

import (
	"context"
	"testing"

	"github.com/stgy/stgypub"
)

// TestDerivedFields: the derived fields are stored on create and update,
// read back by every post read, and StaleDerived/SaveDerived backfill rows
// stored with older rules without overwriting an edit made meanwhile.
func TestDerivedFields(t *testing.T) {
	ctx := context.Background()
	s := newStore(t)
	owner := mustUser(t, s, "alice")
	d := stgypub.PostDerived{FeaturedImage: "https://e.org/a.png", FeaturedImageAlt: "A", ReadingMinutes: 3}
	p := &stgypub.Post{OwnedBy: owner, PublishedAt: ptr(now), Snippet: "[]", Content: "![A](https://e.org/a.png)", Derived: d, AllowLikes: true}
	if err := s.Posts.CreatePost(ctx, p); err != nil {
		t.Fatal(err)
	}
	got, err := s.Posts.PublishedPost(ctx, p.ID)
	if err != nil || got.Derived != d {
		t.Fatalf("published post derived = %+v, %v; want %+v", got.Derived, err, d)
	}
	page, err := s.Posts.PubSite(ctx, owner, stgypub.PostQuery{Order: stgypub.OrderNewest, Limit: 5})
	if err != nil || len(page.Posts) != 1 || page.Posts[0].Derived != d {
		t.Fatalf("site page derived = %+v, %v", page.Posts, err)
	}
	if stale, err := s.Posts.StaleDerived(ctx, stgypub.DerivedVersion, 10); err != nil || len(stale) != 0 {
		t.Fatalf("fresh rows are stale: %v %v", stale, err)
	}
	// An older rule version: the row is stale until saved again.
	if _, err := s.DB.ExecContext(ctx, `UPDATE posts SET derived_version = 0, featured_image = '' WHERE id = ?`, int64(p.ID)); err != nil {
		t.Fatal(err)
	}
	stale, err := s.Posts.StaleDerived(ctx, stgypub.DerivedVersion, 10)
	if err != nil || len(stale) != 1 || stale[0].ID != p.ID || stale[0].Content != p.Content {
		t.Fatalf("stale = %+v, %v", stale, err)
	}
	before, err := s.Posts.SiteChangedAt(ctx, owner)
	if err != nil {
		t.Fatal(err)
	}
	// An edit since the read wins: nothing is written.
	edited := *stale[0]
	edited.UpdatedAt = ptr(now.Add(-1))
	edited.Derived = stgypub.PostDerived{FeaturedImage: "https://e.org/old.png"}
	if ok, err := s.Posts.SaveDerived(ctx, &edited, stgypub.DerivedVersion); ok || err != nil {
		t.Fatalf("save over an edit = %v, %v", ok, err)
	}
	stale[0].Derived = d
	if ok, err := s.Posts.SaveDerived(ctx, stale[0], stgypub.DerivedVersion); !ok || err != nil {
		t.Fatalf("save = %v, %v", ok, err)
	}
	if got, err := s.Posts.PublishedPost(ctx, p.ID); err != nil || got.Derived != d || got.UpdatedAt != nil {
		t.Fatalf("after save: %+v %v (updated_at %v)", got.Derived, err, got.UpdatedAt)
	}
	after, err := s.Posts.SiteChangedAt(ctx, owner)
	if err != nil || !after.After(before) {
		t.Fatalf("site change time %v -> %v: a changed image must invalidate the pages", before, after)
	}
	if stale, err := s.Posts.StaleDerived(ctx, stgypub.DerivedVersion, 10); err != nil || len(stale) != 0 {
		t.Fatalf("still stale: %v %v", stale, err)
	}
	// Update stores new derived fields.
	p.Derived = stgypub.PostDerived{ReadingMinutes: 7}
	if err := s.Posts.UpdatePost(ctx, p); err != nil {
		t.Fatal(err)
	}
	if got, err := s.Posts.Post(ctx, p.ID); err != nil || got.Derived != p.Derived {
		t.Fatalf("after update: %+v %v", got.Derived, err)
	}
}
