package store_test

import (
	"context"
	"testing"

	"github.com/stgy/stgypub"
)

func TestImports(t *testing.T) {
	ctx := context.Background()
	s := newStore(t)
	alice := mustUser(t, s, "alice")
	bob := mustUser(t, s, "bob")

	_, err := s.Posts.ImportedPostID(ctx, alice, "a.md")
	wantCode(t, err, stgypub.CodeNotFound)

	p := &stgypub.Post{OwnedBy: alice, Snippet: "{}", Content: "a", PlainText: "a"}
	if err := s.Posts.CreateImportedPost(ctx, "a.md", p); err != nil {
		t.Fatal(err)
	}
	got, err := s.Posts.ImportedPostID(ctx, alice, "a.md")
	if err != nil || got != p.ID {
		t.Fatalf("imported id = %s, %v; want %s", got, err, p.ID)
	}
	t.Run("same key twice is a conflict and leaves no post", func(t *testing.T) {
		dup := &stgypub.Post{OwnedBy: alice, Snippet: "{}"}
		wantCode(t, s.Posts.CreateImportedPost(ctx, "a.md", dup), stgypub.CodeConflict)
		_, err := s.Posts.Post(ctx, dup.ID)
		wantCode(t, err, stgypub.CodeNotFound)
	})
	t.Run("keys are per user", func(t *testing.T) {
		if err := s.Posts.CreateImportedPost(ctx, "a.md", &stgypub.Post{OwnedBy: bob, Snippet: "{}"}); err != nil {
			t.Fatal(err)
		}
	})
	t.Run("deleted post forgets its import", func(t *testing.T) {
		if err := s.Posts.DeletePost(ctx, p.ID); err != nil {
			t.Fatal(err)
		}
		_, err := s.Posts.ImportedPostID(ctx, alice, "a.md")
		wantCode(t, err, stgypub.CodeNotFound)
	})
}
