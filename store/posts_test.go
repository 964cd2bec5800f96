package store_test

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/stgy/stgypub"
)

func TestOwnerPostWrites(t *testing.T) {
	ctx := context.Background()
	s := newStore(t)
	alice := mustUser(t, s, "alice")
	bob := mustUser(t, s, "bob")

	p := &stgypub.Post{OwnedBy: alice, Snippet: "{}", Locale: "ja", Content: "# 見出し", PlainText: "見出し"}
	if err := s.Posts.CreatePost(ctx, p); err != nil {
		t.Fatal(err)
	}
	if p.ID == 0 {
		t.Fatal("no ID minted")
	}
	t.Run("duplicate id", func(t *testing.T) {
		wantCode(t, s.Posts.CreatePost(ctx, &stgypub.Post{ID: p.ID, OwnedBy: alice}), stgypub.CodeConflict)
	})
	t.Run("unknown owner", func(t *testing.T) {
		wantCode(t, s.Posts.CreatePost(ctx, &stgypub.Post{OwnedBy: 42}), stgypub.CodeNotFound)
	})
	t.Run("any state readable by owner path", func(t *testing.T) {
		got, err := s.Posts.Post(ctx, p.ID)
		if err != nil {
			t.Fatal(err)
		}
		if got.Locale != "ja" || got.Content != "# 見出し" || got.PublishedAt != nil || got.UpdatedAt != nil {
			t.Errorf("got %+v", got)
		}
	})
	t.Run("update sets updated_at and clears locale", func(t *testing.T) {
		p.Content, p.PlainText, p.Locale, p.AllowLikes = "# 新", "新", "", true
		if err := s.Posts.UpdatePost(ctx, p); err != nil {
			t.Fatal(err)
		}
		got, _ := s.Posts.Post(ctx, p.ID)
		if got.Content != "# 新" || got.Locale != "" || !got.AllowLikes || got.UpdatedAt == nil || !got.UpdatedAt.Equal(now) {
			t.Errorf("got %+v", got)
		}
		wantCode(t, s.Posts.UpdatePost(ctx, &stgypub.Post{ID: 4242}), stgypub.CodeNotFound)
	})
	t.Run("publication", func(t *testing.T) {
		if err := s.Posts.SetPublication(ctx, p.ID, ptr(now)); err != nil {
			t.Fatal(err)
		}
		if _, err := s.Posts.PublishedPost(ctx, p.ID); err != nil {
			t.Errorf("published: %v", err)
		}
		if err := s.Posts.SetPublication(ctx, p.ID, nil); err != nil {
			t.Fatal(err)
		}
		_, err := s.Posts.PublishedPost(ctx, p.ID)
		wantCode(t, err, stgypub.CodeNotFound)
		wantCode(t, s.Posts.SetPublication(ctx, 4242, nil), stgypub.CodeNotFound)
	})
	t.Run("posts by owner in every state", func(t *testing.T) {
		q := mustPost(t, s, alice, 0, ptr(now.Add(time.Hour)), "scheduled")
		got, err := s.Posts.PostsByOwner(ctx, alice, 0, 10)
		if err != nil {
			t.Fatal(err)
		}
		if want := []stgypub.ID{q, p.ID}; !slices.Equal(ids(got), want) {
			t.Errorf("got %v, want %v", ids(got), want)
		}
	})
	t.Run("change owner moves checkpoints", func(t *testing.T) {
		other := mustPost(t, s, alice, 0, ptr(now), "stays")
		for _, postID := range []stgypub.ID{p.ID, other} {
			for _, day := range []string{"2026-03-09", "2026-03-10"} {
				_, err := s.DB.NewRaw(`INSERT INTO post_pub_access_counts (post_id, owner_id, target_date, count) VALUES (?, ?, ?, 7)`,
					int64(postID), int64(alice), day).Exec(ctx)
				if err != nil {
					t.Fatal(err)
				}
			}
		}
		if err := s.Posts.ChangeOwner(ctx, p.ID, bob); err != nil {
			t.Fatal(err)
		}
		owners := func(postID stgypub.ID) []int64 {
			var got []int64
			if err := s.DB.NewRaw(`SELECT owner_id FROM post_pub_access_counts WHERE post_id = ? ORDER BY target_date`,
				int64(postID)).Scan(ctx, &got); err != nil {
				t.Fatal(err)
			}
			return got
		}
		if got := owners(p.ID); !slices.Equal(got, []int64{int64(bob), int64(bob)}) {
			t.Errorf("moved post's checkpoints owned by %v", got)
		}
		if got := owners(other); !slices.Equal(got, []int64{int64(alice), int64(alice)}) {
			t.Errorf("other post's checkpoints owned by %v", got)
		}
		moved, _ := s.Posts.Post(ctx, p.ID)
		if moved.OwnedBy != bob {
			t.Errorf("owner %s", moved.OwnedBy)
		}
		wantCode(t, s.Posts.ChangeOwner(ctx, p.ID, 42), stgypub.CodeNotFound)
		wantCode(t, s.Posts.ChangeOwner(ctx, 4242, bob), stgypub.CodeNotFound)
		if got := owners(p.ID); !slices.Equal(got, []int64{int64(bob), int64(bob)}) {
			t.Errorf("failed move changed checkpoints: %v", got)
		}
	})
	t.Run("delete", func(t *testing.T) {
		if err := s.Posts.DeletePost(ctx, p.ID); err != nil {
			t.Fatal(err)
		}
		_, err := s.Posts.Post(ctx, p.ID)
		wantCode(t, err, stgypub.CodeNotFound)
		wantCode(t, s.Posts.DeletePost(ctx, p.ID), stgypub.CodeNotFound)
	})
}
