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
// takes them along when deleted; an edit of its Note rewrites it
// (EditRemoteComment).
func TestFederationRemoteComments(t *testing.T) {
	ctx := context.Background()
	s := newStore(t)
	alice := mustUser(t, s, "alice")
	post := mustPost(t, s, alice, 0, ptr(time.Now().Add(-time.Hour)), "hello")
	insert := func(note string, max int) (*stgypub.Comment, error) {
		c := &stgypub.Comment{PostID: post, Nickname: "Bob", Body: "hi\n", Status: stgypub.CommentPending}
		return c, s.Comments.InsertComment(ctx, &stgypub.NewComment{Comment: c, MaxComments: max, Notify: true,
			Remote: &stgypub.RemoteOrigin{NoteID: note, Actor: "https://remote.example/users/bob"}})
	}
	c1, err := insert("https://remote.example/statuses/1", 0)
	if err != nil {
		t.Fatal(err)
	}
	rc, err := s.Federation.RemoteComment(ctx, "https://remote.example/statuses/1")
	if err != nil || rc.CommentID != c1.ID || rc.PostID != post || rc.Actor != "https://remote.example/users/bob" {
		t.Fatalf("RemoteComment = %+v, %v", rc, err)
	}
	// The same Note again, even at the cap: ErrNoteStored, nothing stored.
	if _, err := insert("https://remote.example/statuses/1", 1); !errors.Is(err, stgypub.ErrNoteStored) {
		t.Fatalf("second insert of a Note: %v, want ErrNoteStored", err)
	}
	if n, _ := s.Comments.CountComments(ctx, post); n != 1 {
		t.Fatalf("%d comments after a refused duplicate", n)
	}
	c2, err := insert("https://remote.example/statuses/2", 0)
	if err != nil {
		t.Fatal(err)
	}
	if rcs, err := s.Federation.RemoteCommentsBy(ctx, "https://remote.example/users/bob"); err != nil || len(rcs) != 2 || rcs[0].CommentID != c1.ID || rcs[1].CommentID != c2.ID {
		t.Fatalf("RemoteCommentsBy = %+v, %v", rcs, err)
	}
	// An edited Note: the text changes; pending=false keeps the status,
	// pending=true returns an approved comment to pending.
	if _, err := s.Comments.ApproveComment(ctx, c2.ID); err != nil {
		t.Fatal(err)
	}
	ed, err := s.Comments.EditRemoteComment(ctx, c2.ID, "Bob B.", "edited\n", false)
	if err != nil || ed.Nickname != "Bob B." || ed.Body != "edited\n" || ed.Status != stgypub.CommentPublished {
		t.Fatalf("EditRemoteComment keeping the status = %+v, %v", ed, err)
	}
	ed, err = s.Comments.EditRemoteComment(ctx, c2.ID, "Bob", "edited again\n", true)
	if err != nil || ed.Body != "edited again\n" || ed.Status != stgypub.CommentPending {
		t.Fatalf("EditRemoteComment to pending = %+v, %v", ed, err)
	}
	_, err = s.Comments.EditRemoteComment(ctx, stgypub.ID(12345), "x", "y\n", false)
	wantCode(t, err, stgypub.CodeNotFound)
	if err := s.Comments.DeleteComment(ctx, c1.ID); err != nil {
		t.Fatal(err)
	}
	_, err = s.Federation.RemoteComment(ctx, "https://remote.example/statuses/1")
	wantCode(t, err, stgypub.CodeNotFound)
	if rcs, _ := s.Federation.RemoteCommentsBy(ctx, "https://remote.example/users/bob"); len(rcs) != 1 || rcs[0].CommentID != c2.ID {
		t.Fatalf("after delete: %+v", rcs)
	}
}
