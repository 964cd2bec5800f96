package store_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/stgy/stgypub"
)

// TestFederationRemoteComments: a comment made from a Note keeps the
// Note and its actor, refuses the same Note twice (before the cap), and
// takes them along when deleted.
func TestFederationRemoteComments(t *testing.T) {
	ctx := context.Background()
	s := newStore(t)
	alice := mustUser(t, s, "alice")
	post := mustPost(t, s, alice, 0, ptr(time.Now().Add(-time.Hour)), "hello")
	insert := func(note string, max int) (*stgypub.Comment, error) {
		c := &stgypub.Comment{PostID: post, Nickname: "Bob", Body: "hi\n", Status: stgypub.CommentPending}
		return c, s.InsertComment(ctx, &stgypub.NewComment{Comment: c, MaxComments: max, Notify: true,
			Remote: &stgypub.RemoteOrigin{NoteID: note, Actor: "https://remote.example/users/bob"}})
	}
	c1, err := insert("https://remote.example/statuses/1", 0)
	if err != nil {
		t.Fatal(err)
	}
	rc, err := s.RemoteComment(ctx, "https://remote.example/statuses/1")
	if err != nil || rc.CommentID != c1.ID || rc.PostID != post || rc.Actor != "https://remote.example/users/bob" {
		t.Fatalf("RemoteComment = %+v, %v", rc, err)
	}
	// The same Note again, even at the cap: ErrNoteStored, nothing stored.
	if _, err := insert("https://remote.example/statuses/1", 1); !errors.Is(err, stgypub.ErrNoteStored) {
		t.Fatalf("second insert of a Note: %v, want ErrNoteStored", err)
	}
	if n, _ := s.CountComments(ctx, post); n != 1 {
		t.Fatalf("%d comments after a refused duplicate", n)
	}
	c2, err := insert("https://remote.example/statuses/2", 0)
	if err != nil {
		t.Fatal(err)
	}
	if rcs, err := s.RemoteCommentsBy(ctx, "https://remote.example/users/bob"); err != nil || len(rcs) != 2 || rcs[0].CommentID != c1.ID || rcs[1].CommentID != c2.ID {
		t.Fatalf("RemoteCommentsBy = %+v, %v", rcs, err)
	}
	if err := s.DeleteComment(ctx, c1.ID); err != nil {
		t.Fatal(err)
	}
	_, err = s.RemoteComment(ctx, "https://remote.example/statuses/1")
	wantCode(t, err, stgypub.CodeNotFound)
	if rcs, _ := s.RemoteCommentsBy(ctx, "https://remote.example/users/bob"); len(rcs) != 1 || rcs[0].CommentID != c2.ID {
		t.Fatalf("after delete: %+v", rcs)
	}
}
