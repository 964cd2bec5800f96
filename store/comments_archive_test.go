package store_test

import (
	"context"
	"testing"
	"time"

	"github.com/stgy/stgypub"
)

func TestCommentExportImportRoundTrip(t *testing.T) {
	f := newCommentFixture(t)
	ctx := context.Background()
	a := f.insert(t, "alice", stgypub.CommentPublished)
	b := f.insert(t, "bob", stgypub.CommentPending)
	c := &stgypub.Comment{PostID: f.post, Nickname: "owner", Body: "reply\n", Status: stgypub.CommentPublished, IsAuthor: true}
	if err := f.s.Comments.InsertComment(ctx, &stgypub.NewComment{Comment: c}); err != nil {
		t.Fatal(err)
	}
	exported, err := f.s.Comments.ExportComments(ctx, f.post)
	if err != nil || len(exported) != 3 {
		t.Fatalf("export: %d, %v", len(exported), err)
	}
	for i, want := range []*stgypub.Comment{a, b, c} {
		if *exported[i] != *want {
			t.Errorf("export[%d] = %+v, want %+v", i, exported[i], want)
		}
	}

	// Restore onto a fresh post of another database-less owner: same IDs,
	// statuses and is_author; the whole batch is one transaction.
	other := mustUser(t, f.s, "other")
	restored := mustPost(t, f.s, other, 0, nil, "restored post (unpublished: import ignores state)")
	// IDs already used on f.post: CONFLICT and nothing written.
	if err := f.s.Comments.ImportComments(ctx, restored, exported); stgypub.ErrorCode(err) != stgypub.CodeConflict {
		t.Fatalf("import of another post's IDs: %v, want CONFLICT", err)
	}
	if got, _ := f.s.Comments.ExportComments(ctx, restored); len(got) != 0 {
		t.Fatalf("a conflicting import wrote %d rows", len(got))
	}
	// Delete the originals (as if restoring on a new server) and import.
	for _, c := range exported {
		if err := f.s.Comments.DeleteComment(ctx, c.ID); err != nil {
			t.Fatal(err)
		}
	}
	before := f.tick()
	in := make([]*stgypub.Comment, len(exported))
	for i, c := range exported {
		cp := *c
		cp.PostID = restored
		in[i] = &cp
	}
	if err := f.s.Comments.ImportComments(ctx, restored, in); err != nil {
		t.Fatalf("import: %v", err)
	}
	got, _ := f.s.Comments.ExportComments(ctx, restored)
	if len(got) != 3 {
		t.Fatalf("restored %d comments", len(got))
	}
	for i := range got {
		if *got[i] != *in[i] {
			t.Errorf("restored[%d] = %+v, want %+v", i, got[i], in[i])
		}
	}
	if ts, _ := f.s.Posts.SiteChangedAt(ctx, other); !ts.Equal(before) {
		t.Errorf("import did not move the owner's site change time: %v", ts)
	}
	// Same ID on the same post updates it (status and is_author too).
	upd := *in[1]
	upd.Nickname, upd.Body, upd.Status, upd.IsAuthor = "bob2", "edited\n", stgypub.CommentPublished, true
	if err := f.s.Comments.ImportComments(ctx, restored, []*stgypub.Comment{&upd}); err != nil {
		t.Fatalf("re-import: %v", err)
	}
	if c, _, _ := f.s.Comments.Comment(ctx, upd.ID); *c != upd {
		t.Errorf("updated = %+v, want %+v", c, upd)
	}
	// No notification for imports; unknown post is NOT_FOUND.
	if n, _, _ := f.s.Comments.CommentNotifications(ctx, other, stgypub.NotificationQuery{Limit: 10}); len(n) != 0 {
		t.Errorf("import notified %d times", len(n))
	}
	if err := f.s.Comments.ImportComments(ctx, 777, in); !stgypub.IsNotFound(err) {
		t.Errorf("unknown post: %v", err)
	}
}

func TestCommentNotifications(t *testing.T) {
	f := newCommentFixture(t)
	ctx := context.Background()
	var cs []*stgypub.Comment
	for _, nick := range []string{"ann", "ben", "cy"} {
		c := &stgypub.Comment{PostID: f.post, Nickname: nick, Body: "hi\n", Status: stgypub.CommentPending}
		if err := f.s.Comments.InsertComment(ctx, &stgypub.NewComment{Comment: c, Notify: true}); err != nil {
			t.Fatal(err)
		}
		cs = append(cs, c)
	}
	f.insert(t, "owner-without-notify", stgypub.CommentPublished)
	list, unread, err := f.s.Comments.CommentNotifications(ctx, f.owner, stgypub.NotificationQuery{Limit: 10})
	if err != nil || len(list) != 3 || unread != 3 {
		t.Fatalf("list %d, unread %d, %v", len(list), unread, err)
	}
	if n := list[0]; n.Nickname != "cy" || n.CommentID != cs[2].ID || n.PostID != f.post || n.ReadAt != nil || n.UserID != f.owner {
		t.Errorf("newest = %+v", n)
	}
	if d := time.Until(list[0].CreatedAt()).Abs(); d > time.Minute {
		t.Errorf("notification time off by %v", d)
	}
	// Another user's IDs are ignored; marking is idempotent.
	stranger := mustUser(t, f.s, "stranger")
	if n, err := f.s.Comments.MarkCommentNotificationsRead(ctx, stranger, []stgypub.ID{list[0].ID}); err != nil || n != 0 {
		t.Errorf("stranger marked %d, %v", n, err)
	}
	if n, err := f.s.Comments.MarkCommentNotificationsRead(ctx, f.owner, []stgypub.ID{list[0].ID, list[0].ID}); err != nil || n != 1 {
		t.Errorf("marked %d, %v", n, err)
	}
	unreadOnly, unread, _ := f.s.Comments.CommentNotifications(ctx, f.owner, stgypub.NotificationQuery{Limit: 10, UnreadOnly: true})
	if len(unreadOnly) != 2 || unread != 2 {
		t.Errorf("unread list %d, unread %d; want 2, 2", len(unreadOnly), unread)
	}
	if n, _ := f.s.Comments.MarkCommentNotificationsRead(ctx, f.owner, nil); n != 2 {
		t.Errorf("mark all changed %d, want 2", n)
	}
	// Deleting a comment takes its notification along.
	if err := f.s.Comments.DeleteComment(ctx, cs[0].ID); err != nil {
		t.Fatal(err)
	}
	list, unread, _ = f.s.Comments.CommentNotifications(ctx, f.owner, stgypub.NotificationQuery{Limit: 10})
	if len(list) != 2 || unread != 0 || list[0].ReadAt == nil {
		t.Errorf("after delete: %d items, %d unread", len(list), unread)
	}
	// Paging.
	if page, _, _ := f.s.Comments.CommentNotifications(ctx, f.owner, stgypub.NotificationQuery{Offset: 1, Limit: 1}); len(page) != 1 || page[0].Nickname != "ben" {
		t.Errorf("offset 1 = %+v", page)
	}
}
