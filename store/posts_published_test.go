package store_test

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/stgy/stgypub"
)

// publicationFixture makes one post in each publication state plus one
// deleted post, all owned by one user.
type publicationFixture struct {
	owner                                    stgypub.ID
	published, atNow, unpublished, scheduled stgypub.ID
	deleted                                  stgypub.ID
}

func newPublicationFixture(t *testing.T, s interface {
	DeletePost(context.Context, stgypub.ID) error
}, mk func(id stgypub.ID, at *time.Time, text string) stgypub.ID, owner stgypub.ID) publicationFixture {
	t.Helper()
	f := publicationFixture{owner: owner}
	f.published = mk(101, ptr(now.Add(-time.Hour)), "published one")
	f.atNow = mk(102, ptr(now), "published exactly now")
	f.unpublished = mk(103, nil, "never published")
	f.scheduled = mk(104, ptr(now.Add(time.Microsecond)), "scheduled a microsecond later")
	f.deleted = mk(105, ptr(now.Add(-2*time.Hour)), "deleted after publishing")
	if err := s.DeletePost(context.Background(), f.deleted); err != nil {
		t.Fatal(err)
	}
	return f
}

func TestPublicationRuleOnEveryReadPath(t *testing.T) {
	ctx := context.Background()
	s := newStore(t)
	owner := mustUser(t, s, "alice")
	f := newPublicationFixture(t, s.Posts, func(id stgypub.ID, at *time.Time, text string) stgypub.ID {
		return mustPost(t, s, owner, id, at, text)
	}, owner)
	visible := []stgypub.ID{f.atNow, f.published} // newest first
	hidden := []stgypub.ID{f.unpublished, f.scheduled, f.deleted}

	t.Run("PublishedPost", func(t *testing.T) {
		for _, id := range visible {
			p, err := s.Posts.PublishedPost(ctx, id)
			if err != nil {
				t.Fatalf("%s: %v", id, err)
			}
			if p.Content == "" || p.PlainText != p.Content || p.OwnedBy != owner {
				t.Errorf("%s: content %q plain %q owner %s", id, p.Content, p.PlainText, p.OwnedBy)
			}
		}
		for _, id := range hidden {
			_, err := s.Posts.PublishedPost(ctx, id)
			wantCode(t, err, stgypub.CodeNotFound)
		}
	})
	t.Run("PublishedByUser", func(t *testing.T) {
		got, err := s.Posts.PublishedByUser(ctx, owner, stgypub.PostQuery{Limit: 10})
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(ids(got), visible) {
			t.Errorf("got %v, want %v", ids(got), visible)
		}
		for _, p := range got {
			if p.Content != "" || p.Snippet == "" {
				t.Errorf("list post %s: content %q snippet %q", p.ID, p.Content, p.Snippet)
			}
		}
	})
	t.Run("CountPublishedByUser", func(t *testing.T) {
		n, err := s.Posts.CountPublishedByUser(ctx, owner)
		if err != nil || n != 2 {
			t.Errorf("count = %d, %v; want 2", n, err)
		}
	})
	t.Run("PublishedByIDs", func(t *testing.T) {
		all := append(append([]stgypub.ID{}, hidden...), visible...)
		got, err := s.Posts.PublishedByIDs(ctx, all)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(ids(got), visible) {
			t.Errorf("got %v, want %v", ids(got), visible)
		}
	})
	t.Run("AdjacentPublished", func(t *testing.T) {
		p, err := s.Posts.PublishedPost(ctx, f.published)
		if err != nil {
			t.Fatal(err)
		}
		older, newer, err := s.Posts.AdjacentPublished(ctx, p)
		if err != nil {
			t.Fatal(err)
		}
		if older != nil { // the deleted post was older
			t.Errorf("older = %s, want none", older.ID)
		}
		if newer == nil || newer.ID != f.atNow { // the scheduled one is newer still
			t.Errorf("newer = %v, want %s", newer, f.atNow)
		}
	})
	t.Run("SearchPublished", func(t *testing.T) {
		got, total, err := s.Posts.SearchPublished(ctx, owner, "e", stgypub.PostQuery{Limit: 10})
		if err != nil {
			t.Fatal(err)
		}
		if total != 2 || !slices.Equal(ids(got), visible) {
			t.Errorf("got %v total %d, want %v total 2", ids(got), total, visible)
		}
	})
	t.Run("LastPublishedChange", func(t *testing.T) {
		last, err := s.Posts.LastPublishedChange(ctx, owner)
		if err != nil || !last.Equal(now) {
			t.Errorf("last = %v, %v; want %v", last, err, now)
		}
	})
	t.Run("clock moves", func(t *testing.T) {
		s.Now = func() time.Time { return now.Add(time.Microsecond) }
		defer func() { s.Now = func() time.Time { return now } }()
		if _, err := s.Posts.PublishedPost(ctx, f.scheduled); err != nil {
			t.Errorf("scheduled post once its time came: %v", err)
		}
		n, _ := s.Posts.CountPublishedByUser(ctx, owner)
		if n != 3 {
			t.Errorf("count = %d, want 3", n)
		}
	})
}

func TestLastPublishedChange(t *testing.T) {
	ctx := context.Background()
	s := newStore(t)
	clock := now.Add(-72 * time.Hour)
	s.Now = func() time.Time { return clock }
	var alice stgypub.ID
	want := func(step string, w time.Time) {
		t.Helper()
		last, err := s.Posts.LastPublishedChange(ctx, alice)
		if err != nil || !last.Equal(w) {
			t.Errorf("%s: %v, %v; want %v", step, last, err, w)
		}
	}
	alice = mustUser(t, s, "alice")
	other := mustUser(t, s, "bob")
	want("new site, no posts", clock)

	clock = now.Add(-60 * time.Hour)
	id := mustPost(t, s, alice, 0, ptr(now.Add(-48*time.Hour)), "scheduled")
	want("scheduled post created", clock)
	clock = now.Add(-30 * time.Hour)
	want("the post fell due", now.Add(-48*time.Hour))

	clock = now.Add(-20 * time.Hour)
	mustPost(t, s, other, 0, ptr(now.Add(-21*time.Hour)), "someone else's")
	want("another user's post", now.Add(-48*time.Hour))

	clock = now.Add(-10 * time.Hour)
	mustPost(t, s, alice, 0, nil, "draft")
	want("draft created", clock)

	clock = now.Add(-time.Minute)
	p, _ := s.Posts.Post(ctx, id)
	if err := s.Posts.UpdatePost(ctx, p); err != nil {
		t.Fatal(err)
	}
	clock = now
	want("after update", now.Add(-time.Minute))

	if _, err := s.DB.ExecContext(ctx, `UPDATE users SET updated_at = ?`, now.Add(time.Hour)); err != nil {
		t.Fatal(err)
	}
	want("never later than now", now)
}
