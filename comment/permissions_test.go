package comment_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/comment"
)

// The permission matrix: who may approve, edit and delete which comment.
func TestPermissionMatrix(t *testing.T) {
	t.Parallel()
	e := newEnv(t, stgypub.CommentsModerated)
	ctx := context.Background()
	otherOwner := e.user("other-owner", false)
	viewers := map[string]*stgypub.User{"anonymous": nil, "reader": e.reader, "other owner": otherOwner, "owner": e.owner, "admin": e.admin}
	type want struct{ approve, editReader, editAuthored, editAdminAuthored, deleteC string }
	const ok, unauth, forbidden = "", stgypub.CodeUnauthenticated, stgypub.CodeForbidden
	for name, w := range map[string]want{
		"anonymous":   {unauth, unauth, unauth, unauth, unauth},
		"reader":      {forbidden, forbidden, forbidden, forbidden, forbidden},
		"other owner": {forbidden, forbidden, forbidden, forbidden, forbidden},
		"owner":       {ok, forbidden, ok, ok, ok},
		"admin":       {ok, ok, ok, ok, ok},
	} {
		t.Run(name, func(t *testing.T) {
			v := viewers[name]
			readers := e.mustReaderPost(e.post, "reader")
			authored, _ := e.as(e.owner, e.post, "owner", ptr(true))
			adminAuthored, _ := e.as(e.admin, e.post, "admin", ptr(true))
			check := func(what string, err error, want string) {
				t.Helper()
				if code(err) != want {
					t.Errorf("%s: %v, want %q", what, err, want)
				}
			}
			_, err := e.svc.Approve(ctx, v, readers.ID)
			check("approve", err, w.approve)
			_, err = e.svc.Edit(ctx, v, readers.ID, ptr("x"), "edited")
			check("edit a reader's comment", err, w.editReader)
			_, err = e.svc.Edit(ctx, v, authored.Comment.ID, nil, "edited")
			check("edit the owner's as-owner comment", err, w.editAuthored)
			// is_author does not tell the owner from an admin posting as owner.
			_, err = e.svc.Edit(ctx, v, adminAuthored.Comment.ID, nil, "edited")
			check("edit an admin's as-owner comment", err, w.editAdminAuthored)
			check("delete", e.svc.Delete(ctx, v, readers.ID), w.deleteC)
			_, err = e.svc.Export(ctx, v, e.post)
			check("export", err, w.approve)
		})
	}
	// The owner may not edit an admin comment posted without "as owner".
	plain, _ := e.as(e.admin, e.post, "admin", ptr(false))
	if _, err := e.svc.Edit(ctx, e.owner, plain.Comment.ID, nil, "x"); code(err) != forbidden {
		t.Errorf("owner edits admin's plain comment: %v", err)
	}
	// Editing keeps status and is_author and applies the form limits.
	if _, err := e.svc.Edit(ctx, e.admin, plain.Comment.ID, ptr("  new  name "), "\n\nnew body\n\n\n"); err != nil {
		t.Fatal(err)
	}
	c, _, _ := e.st.Comments.Comment(ctx, plain.Comment.ID)
	if c.Nickname != "new name" || c.Body != "new body\n" || c.Status != stgypub.CommentPublished || c.IsAuthor {
		t.Errorf("edited: %+v", c)
	}
	if _, err := e.svc.Edit(ctx, e.admin, plain.Comment.ID, nil, strings.Repeat("y", 1001)); code(err) != stgypub.CodeBadUserInput {
		t.Errorf("edit past the limit: %v", err)
	}
	if _, err := e.svc.Approve(ctx, e.owner, stgypub.ID(999)); !stgypub.IsNotFound(err) {
		t.Errorf("unknown comment: %v", err)
	}
	// Comments of an unpublished post are hidden from readers.
	_ = e.st.Posts.SetPublication(ctx, e.post, nil)
	if _, err := e.svc.Approve(ctx, e.reader, c.ID); !stgypub.IsNotFound(err) {
		t.Errorf("reader on an unpublished post: %v", err)
	}
	pending := e.importID(3)
	if _, err := e.svc.Import(ctx, e.admin, e.post, []comment.ImportInput{{ID: pending, Nickname: "p", Body: "b", Status: stgypub.CommentPending}}); err != nil {
		t.Fatal(err)
	}
	if _, err := e.svc.Approve(ctx, e.owner, pending); err != nil {
		t.Errorf("owner on an unpublished post: %v", err)
	}
	// Approving it again (or any published comment) is refused, unchanged.
	for _, id := range []stgypub.ID{pending, c.ID} {
		if _, err := e.svc.Approve(ctx, e.owner, id); code(err) != stgypub.CodeBadUserInput || !strings.Contains(err.Error(), "comment is not pending") {
			t.Errorf("re-approve %s: %v", id, err)
		}
		if _, err := e.svc.Approve(ctx, e.admin, id); code(err) != stgypub.CodeBadUserInput {
			t.Errorf("admin re-approves %s: %v", id, err)
		}
	}
	// The list tells each viewer what it may do with each comment.
	page, _ := e.svc.List(ctx, e.owner, e.post, stgypub.OrderNewest, 1)
	for _, it := range page.Items {
		if !it.CanModerate || it.CanEdit != it.IsAuthor {
			t.Errorf("owner's view of %+v", it)
		}
	}
}

func TestImportPermissionsAndValidation(t *testing.T) {
	t.Parallel()
	e := newEnv(t, stgypub.CommentsOpen)
	ctx := context.Background()
	one := []comment.ImportInput{{ID: e.importID(5), Nickname: "n", Body: "b", Status: stgypub.CommentPublished}}
	for name, v := range map[string]*stgypub.User{"anonymous": nil, "reader": e.reader, "owner": e.owner} {
		if _, err := e.svc.Import(ctx, v, e.post, one); code(err) != stgypub.CodeUnauthenticated && code(err) != stgypub.CodeForbidden {
			t.Errorf("%s imports: %v", name, err)
		}
	}
	long := make([]rune, 50)
	for i := range long {
		long[i] = 'あ'
	}
	body := make([]rune, 65535)
	for i := range body {
		body[i] = 'x'
	}
	// The database limits, not the form limits, apply: 50 characters and
	// 65536 stored (the final LF included).
	if _, err := e.svc.Import(ctx, e.admin, e.post, []comment.ImportInput{{ID: e.importID(6), Nickname: string(long), Body: string(body), Status: stgypub.CommentPending}}); err != nil {
		t.Errorf("50/65535+LF characters: %v", err)
	}
	for name, bad := range map[string][]comment.ImportInput{
		"51 characters":  {{ID: e.importID(7), Nickname: string(long) + "x", Body: "b", Status: stgypub.CommentPublished}},
		"65536+LF body":  {{ID: e.importID(7), Nickname: "n", Body: string(body) + "x", Status: stgypub.CommentPublished}},
		"zero id":        {{ID: 0, Nickname: "n", Body: "b", Status: stgypub.CommentPublished}},
		"duplicate ids":  {{ID: e.importID(8), Nickname: "n", Body: "b", Status: stgypub.CommentPublished}, {ID: e.importID(8), Nickname: "m", Body: "c", Status: stgypub.CommentPublished}},
		"bad status":     {{ID: e.importID(9), Nickname: "n", Body: "b", Status: "spam"}},
		"empty nickname": {{ID: e.importID(10), Nickname: "\t", Body: "b", Status: stgypub.CommentPublished}},
	} {
		if _, err := e.svc.Import(ctx, e.admin, e.post, bad); code(err) != stgypub.CodeBadUserInput {
			t.Errorf("%s: %v", name, err)
		}
	}
	// An ID's time is the comment's createdAt: before 2000 or more than
	// a day ahead is refused, never re-dated.
	now := e.clk.Now()
	for name, id := range map[string]stgypub.ID{
		"0000000000000004 (1970)": 4,
		"1 ms after 1970":         stgypub.IDFromTime(time.UnixMilli(1), 0),
		"1999-12-31":              stgypub.IDFromTime(time.Date(1999, 12, 31, 23, 59, 59, 0, time.UTC), 7),
		"25 hours ahead":          stgypub.IDFromTime(now.Add(25*time.Hour), 1),
		"year 2200":               stgypub.IDFromTime(time.Date(2200, 1, 1, 0, 0, 0, 0, time.UTC), 1),
	} {
		if _, err := e.svc.Import(ctx, e.admin, e.post, []comment.ImportInput{{ID: id, Nickname: "n", Body: "b", Status: stgypub.CommentPublished}}); code(err) != stgypub.CodeBadUserInput {
			t.Errorf("ID %s (%s): %v, want BAD_USER_INPUT", name, id, err)
		}
	}
	if n, _ := e.st.Comments.CountComments(ctx, e.post); n != 1 {
		t.Errorf("refused imports wrote: %d rows", n)
	}
	// The bounds themselves are accepted, and createdAt is the ID's time.
	for i, at := range []time.Time{comment.ImportIDEarliest, now.Add(24 * time.Hour), now.Add(-365 * 24 * time.Hour)} {
		id := stgypub.IDFromTime(at, int64(100+i))
		if _, err := e.svc.Import(ctx, e.admin, e.post, []comment.ImportInput{{ID: id, Nickname: "n", Body: "b", Status: stgypub.CommentPublished}}); err != nil {
			t.Errorf("ID dated %s: %v", at, err)
		}
		if got := id.Time(); !got.Equal(at.Truncate(time.Millisecond)) {
			t.Errorf("ID %s dates %s, want %s", id, got, at)
		}
	}
	if n, _ := e.st.Comments.CountComments(ctx, e.post); n != 4 {
		t.Errorf("after the bound imports: %d rows, want 4", n)
	}
	// No cap, mode or allow_replies on import.
	e.setMode(e.owner.ID, stgypub.CommentsNone)
	many := make([]comment.ImportInput, 150)
	for i := range many {
		many[i] = comment.ImportInput{ID: e.importID(1000 + i), Nickname: "n", Body: "b", Status: stgypub.CommentPending}
	}
	if n, err := e.svc.Import(ctx, e.admin, e.post, many); err != nil || n != 150 {
		t.Errorf("150 comments past the cap in mode none: %d, %v", n, err)
	}
	if list, _, _ := e.st.Comments.CommentNotifications(ctx, e.owner.ID, stgypub.NotificationQuery{Limit: 10}); len(list) != 0 {
		t.Errorf("import notified %d times", len(list))
	}
}

func TestExportImportRoundTrip(t *testing.T) {
	t.Parallel()
	e := newEnv(t, stgypub.CommentsModerated)
	ctx := context.Background()
	e.mustReaderPost(e.post, "reader")
	e.as(e.owner, e.post, "owner", nil)
	e.as(e.admin, e.post, "admin", nil)
	// Export ignores publication state, mode and cache.
	e.setMode(e.owner.ID, stgypub.CommentsNone)
	_ = e.st.Posts.SetPublication(ctx, e.post, nil)
	out, err := e.svc.Export(ctx, e.owner, e.post)
	if err != nil || len(out) != 3 {
		t.Fatalf("export: %d, %v", len(out), err)
	}
	for i := 1; i < len(out); i++ {
		if out[i].ID <= out[i-1].ID {
			t.Error("export not by ID ascending")
		}
	}
	if out[0].Status != stgypub.CommentPending || !out[1].IsAuthor || out[2].IsAuthor {
		t.Errorf("exported %+v %+v %+v", out[0].Comment, out[1].Comment, out[2].Comment)
	}
	in := make([]comment.ImportInput, len(out))
	for i, c := range out {
		in[i] = comment.ImportInput{ID: c.ID, Nickname: c.Nickname, Body: c.Body, Status: c.Status, IsAuthor: c.IsAuthor}
	}
	// Same IDs on the same post: updated in place (a restore is idempotent).
	if n, err := e.svc.Import(ctx, e.admin, e.post, in); err != nil || n != 3 {
		t.Fatalf("re-import onto the same post: %d, %v", n, err)
	}
	// Same IDs on another post: CONFLICT and nothing written.
	restored := e.newPost(e.owner.ID, 0, true)
	if _, err := e.svc.Import(ctx, e.admin, restored, in); code(err) != stgypub.CodeConflict {
		t.Fatalf("IDs of another post: %v, want CONFLICT", err)
	}
	// Into a fresh database: the same rows come back.
	e2 := newEnv(t, stgypub.CommentsOpen)
	target := e2.newPost(e2.owner.ID, 0, true)
	if _, err := e2.svc.Import(ctx, e2.admin, target, in); err != nil {
		t.Fatal(err)
	}
	back, _ := e2.svc.Export(ctx, e2.owner, target)
	if len(back) != 3 {
		t.Fatalf("restored %d", len(back))
	}
	for i := range back {
		a, b := *back[i].Comment, *out[i].Comment
		b.PostID = target
		if a != b || !back[i].CreatedAt().Equal(out[i].CreatedAt()) {
			t.Errorf("restored %+v, want %+v", a, b)
		}
	}
}

func TestNotifications(t *testing.T) {
	t.Parallel()
	e := newEnv(t, stgypub.CommentsModerated)
	ctx := context.Background()
	r := e.mustReaderPost(e.post, "Ann")
	e.as(e.owner, e.post, "me", nil)
	e.as(e.admin, e.post, "Admin", nil)
	list, unread, err := e.svc.Notifications(ctx, e.owner, 0, 20, false)
	if err != nil || len(list) != 2 || unread != 2 {
		t.Fatalf("owner's notifications: %d, unread %d, %v", len(list), unread, err)
	}
	if list[0].Nickname != "Admin" || list[1].Nickname != "Ann" || list[1].CommentID != r.ID || list[1].PostID != e.post {
		t.Errorf("notifications %+v %+v", list[0], list[1])
	}
	if mine, _, _ := e.svc.Notifications(ctx, e.admin, 0, 20, false); len(mine) != 0 {
		t.Errorf("the admin got %d notifications", len(mine))
	}
	if _, _, err := e.svc.Notifications(ctx, nil, 0, 20, false); code(err) != stgypub.CodeUnauthenticated {
		t.Errorf("anonymous: %v", err)
	}
	if _, _, err := e.svc.Notifications(ctx, e.owner, -1, 20, false); code(err) != stgypub.CodeBadUserInput {
		t.Errorf("negative offset: %v", err)
	}
	if n, err := e.svc.MarkRead(ctx, e.admin, []stgypub.ID{list[0].ID}); err != nil || n != 0 {
		t.Errorf("admin marks the owner's: %d, %v", n, err)
	}
	if n, err := e.svc.MarkRead(ctx, e.owner, []stgypub.ID{list[0].ID}); err != nil || n != 1 {
		t.Errorf("mark one: %d, %v", n, err)
	}
	if _, unread, _ := e.svc.Notifications(ctx, e.owner, 0, 20, false); unread != 1 {
		t.Errorf("unread after marking one: %d", unread)
	}
	if n, _ := e.svc.MarkRead(ctx, e.owner, nil); n != 1 {
		t.Errorf("mark all: %d", n)
	}
	if only, unread, _ := e.svc.Notifications(ctx, e.owner, 0, 20, true); len(only) != 0 || unread != 0 {
		t.Errorf("unread only: %d, %d", len(only), unread)
	}
}
