package comment_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/comment"
)

func (e *env) list(viewer *stgypub.User, post stgypub.ID) *comment.Page {
	e.t.Helper()
	p, err := e.svc.List(context.Background(), viewer, post, stgypub.OrderNewest, 1)
	if err != nil {
		e.t.Fatalf("list: %v", err)
	}
	return p
}

func TestModes(t *testing.T) {
	t.Parallel()
	t.Run("moderated", func(t *testing.T) {
		t.Parallel()
		e := newEnv(t, stgypub.CommentsModerated)
		r := e.mustReaderPost(e.post, "reader")
		if r.Status != stgypub.CommentPending || r.IsAuthor {
			t.Errorf("reader's comment: %+v", r)
		}
		// A logged-in user who does not own the post is a reader too.
		res, err := e.svc.Post(e.client(e.post, e.ip(), e.pass(e.ip())), e.reader, comment.PostInput{PostID: e.post, Nickname: "u", Body: "b"})
		if err == nil && res.Comment.Status != stgypub.CommentPending {
			t.Errorf("logged-in reader: %+v", res.Comment)
		}
		for _, v := range []*stgypub.User{e.owner, e.admin} {
			res, err := e.as(v, e.post, v.LoginName, nil)
			if err != nil || res.Comment.Status != stgypub.CommentPublished {
				t.Errorf("%s's comment: %+v, %v", v.LoginName, res, err)
			}
		}
		if got := e.list(nil, e.post); got.TotalCount != 2 || got.PublishedCount != 2 || got.CanModerate {
			t.Errorf("reader sees %d (want the 2 published)", got.TotalCount)
		}
		if got := e.list(e.owner, e.post); got.TotalCount != 4 || got.PublishedCount != 2 || !got.CanModerate {
			t.Errorf("owner sees %d, %d published (want 4 with pending, 2)", got.TotalCount, got.PublishedCount)
		}
		if got := e.list(e.admin, e.post); got.TotalCount != 4 {
			t.Errorf("admin sees %d", got.TotalCount)
		}
	})
	t.Run("open", func(t *testing.T) {
		t.Parallel()
		e := newEnv(t, stgypub.CommentsOpen)
		if r := e.mustReaderPost(e.post, "reader"); r.Status != stgypub.CommentPublished {
			t.Errorf("reader's comment in open mode: %s", r.Status)
		}
		if got := e.list(nil, e.post); got.TotalCount != 1 {
			t.Errorf("reader sees %d", got.TotalCount)
		}
	})
	t.Run("none", func(t *testing.T) {
		t.Parallel()
		e := newEnv(t, stgypub.CommentsOpen)
		old := e.mustReaderPost(e.post, "before")
		e.setMode(e.owner.ID, stgypub.CommentsNone)
		if _, err := e.readerPost(e.post, "reader"); code(err) != stgypub.CodeForbidden {
			t.Errorf("reader in mode none: %v", err)
		}
		if _, err := e.as(e.owner, e.post, "owner", nil); code(err) != stgypub.CodeForbidden {
			t.Errorf("owner in mode none: %v", err)
		}
		if got := e.list(nil, e.post); got.TotalCount != 0 || len(got.Items) != 0 {
			t.Errorf("reader sees %d comments of a closed section", got.TotalCount)
		}
		// Existing rows are kept and the owner still manages them.
		if got := e.list(e.owner, e.post); got.TotalCount != 1 || got.Items[0].ID != old.ID {
			t.Errorf("owner sees %+v", got)
		}
		st, _ := e.svc.FormState(e.client(e.post, e.ip(), ""), nil, e.post)
		if st.Open || st.CaptchaRequired {
			t.Errorf("form state in mode none: %+v", st)
		}
	})
}

func TestModeChangeRewritesNoStatus(t *testing.T) {
	t.Parallel()
	e := newEnv(t, stgypub.CommentsModerated)
	pending := e.mustReaderPost(e.post, "waiting")
	e.setMode(e.owner.ID, stgypub.CommentsOpen)
	newer := e.mustReaderPost(e.post, "later")
	if newer.Status != stgypub.CommentPublished {
		t.Errorf("new comment after the change: %s", newer.Status)
	}
	c, _, _ := e.st.Comments.Comment(context.Background(), pending.ID)
	if c.Status != stgypub.CommentPending {
		t.Errorf("moderated -> open published an old pending comment")
	}
	e.setMode(e.owner.ID, stgypub.CommentsModerated)
	c, _, _ = e.st.Comments.Comment(context.Background(), newer.ID)
	if c.Status != stgypub.CommentPublished {
		t.Errorf("open -> moderated unpublished a comment")
	}
	e.setMode(e.owner.ID, stgypub.CommentsNone)
	e.setMode(e.owner.ID, stgypub.CommentsOpen)
	if got := e.list(e.owner, e.post); got.TotalCount != 2 {
		t.Errorf("none and back lost comments: %d", got.TotalCount)
	}
}

func TestSectionRules(t *testing.T) {
	t.Parallel()
	e := newEnv(t, stgypub.CommentsOpen)
	ctx := context.Background()
	noReplies := e.newPost(e.owner.ID, 0, false)
	if _, err := e.readerPost(noReplies, "r"); code(err) != stgypub.CodeForbidden {
		t.Errorf("allow_replies false: %v", err)
	}
	// Unpublished and scheduled posts are NOT_FOUND for readers.
	for name, at := range map[string]*time.Time{"unpublished": nil, "scheduled": ptr(e.clk.Now().Add(time.Hour))} {
		if err := e.st.Posts.SetPublication(ctx, e.post, at); err != nil {
			t.Fatal(err)
		}
		if _, err := e.readerPost(e.post, "r"); code(err) != stgypub.CodeNotFound {
			t.Errorf("%s: post %v", name, err)
		}
		if _, err := e.svc.List(ctx, nil, e.post, stgypub.OrderNewest, 1); code(err) != stgypub.CodeNotFound {
			t.Errorf("%s: list %v", name, err)
		}
		if _, err := e.as(e.owner, e.post, "o", nil); code(err) != stgypub.CodeForbidden {
			t.Errorf("%s: the owner posts %v (want FORBIDDEN: no section)", name, err)
		}
		if _, err := e.svc.List(ctx, e.owner, e.post, stgypub.OrderNewest, 1); err != nil {
			t.Errorf("%s: owner's list %v", name, err)
		}
	}
	if _, err := e.readerPost(stgypub.ID(12345), "r"); code(err) != stgypub.CodeNotFound {
		t.Errorf("unknown post: %v", err)
	}
}

func TestPostInputAndHeaders(t *testing.T) {
	t.Parallel()
	e := newEnv(t, stgypub.CommentsOpen)
	ip := e.ip()
	pass := e.pass(ip)
	good := comment.PostInput{PostID: e.post, Nickname: "  Ann \t Lee ", Body: "\r\n\r\nHello\r\n\r\n\r\n\r\nWorld  \n"}
	// X-STGY-QueryHash is required and bound to the post.
	noHash := stgypub.WithCommentClient(context.Background(), stgypub.CommentClient{IP: ip, PassToken: pass})
	if _, err := e.svc.Post(noHash, nil, good); code(err) != stgypub.CodeBadUserInput {
		t.Errorf("without X-STGY-QueryHash: %v", err)
	}
	if _, err := e.svc.Post(e.client(e.post+1, ip, pass), nil, good); code(err) != stgypub.CodeBadUserInput {
		t.Errorf("query hash of another post: %v", err)
	}
	for _, bad := range []comment.PostInput{
		{PostID: e.post, Nickname: " \u3000", Body: "x"},
		{PostID: e.post, Nickname: strings.Repeat("n", 31), Body: "x"},
		{PostID: e.post, Nickname: "n", Body: "\n \n"},
		{PostID: e.post, Nickname: "n", Body: strings.Repeat("b", 1001)},
	} {
		if _, err := e.svc.Post(e.client(e.post, ip, pass), nil, bad); code(err) != stgypub.CodeBadUserInput {
			t.Errorf("nickname %q body %.20q: %v", bad.Nickname, bad.Body, err)
		}
	}
	// Refused input used no pass.
	if st, _ := e.gate.Status(context.Background(), pass, ip); st.Used != 0 || st.Remaining != 100 {
		t.Errorf("refused posts used the pass: %+v", st)
	}
	res, err := e.svc.Post(e.client(e.post, ip, pass), nil, good)
	if err != nil {
		t.Fatal(err)
	}
	if c := res.Comment; c.Nickname != "Ann Lee" || c.Body != "Hello\n\nWorld\n" {
		t.Errorf("stored %q %q", c.Nickname, c.Body)
	}
	if res.Nickname != "Ann Lee" || res.AsOwner != nil || res.PassToken != "" {
		t.Errorf("result %+v", res)
	}
	if st, _ := e.gate.Status(context.Background(), pass, ip); st.Used != 1 {
		t.Errorf("pass used %d times, want 1", st.Used)
	}
}

func TestAsOwner(t *testing.T) {
	t.Parallel()
	e := newEnv(t, stgypub.CommentsModerated)
	for _, tc := range []struct {
		name      string
		viewer    *stgypub.User
		requested *bool
		saved     *bool
		want      bool
	}{
		{"owner default", e.owner, nil, nil, true},
		{"admin default", e.admin, nil, nil, false},
		{"owner chooses off", e.owner, ptr(false), nil, false},
		{"admin chooses on", e.admin, ptr(true), nil, true},
		{"owner saved off", e.owner, nil, ptr(false), false},
		{"admin saved on", e.admin, nil, ptr(true), true},
	} {
		ctx := stgypub.WithCommentClient(context.Background(), stgypub.CommentClient{
			IP: e.ip(), QueryHash: e.queryHash(e.post), AsOwner: tc.saved})
		res, err := e.svc.Post(ctx, tc.viewer, comment.PostInput{PostID: e.post, Nickname: "x", Body: "y", AsOwner: tc.requested})
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if res.Comment.IsAuthor != tc.want || res.AsOwner == nil || *res.AsOwner != tc.want {
			t.Errorf("%s: is_author %v, saved %v; want %v", tc.name, res.Comment.IsAuthor, res.AsOwner, tc.want)
		}
		st, _ := e.svc.FormState(ctx, tc.viewer, e.post)
		if !st.CanPostAsOwner || st.CaptchaRequired || st.Status != stgypub.CommentPublished {
			t.Errorf("%s: form state %+v", tc.name, st)
		}
	}
	// A reader asking for "as owner" does not get it.
	ip := e.ip()
	res, err := e.svc.Post(e.client(e.post, ip, e.pass(ip)), e.reader, comment.PostInput{PostID: e.post, Nickname: "r", Body: "b", AsOwner: ptr(true)})
	if err != nil || res.Comment.IsAuthor || res.AsOwner != nil {
		t.Errorf("reader as owner: %+v, %v", res, err)
	}
}

// captchaRequired follows whether anything can be posted: true for a
// reader without a pass while the section is open and under its cap,
// false at the cap (whatever the pass), false when closed.
func TestCaptchaRequiredOnlyWhenPostingIsPossible(t *testing.T) {
	t.Parallel()
	e := newEnv(t, stgypub.CommentsOpen)
	e.svc = comment.New(e.st.Comments, e.gate, e.cache, comment.Config{Now: e.clk.Now, MaxComments: 2})
	required := func(token string) bool {
		t.Helper()
		st, err := e.svc.FormState(e.client(e.post, e.ip(), token), nil, e.post)
		if err != nil {
			t.Fatal(err)
		}
		return st.CaptchaRequired
	}
	if !required("") || !required("Q") {
		t.Error("no pass, open, under the cap: captchaRequired false")
	}
	e.mustReaderPost(e.post, "one")
	if !required("") {
		t.Error("one below the cap: captchaRequired false")
	}
	e.mustReaderPost(e.post, "two")
	if required("") || required("Q") {
		t.Error("at the cap: captchaRequired true")
	}
	if st, _ := e.svc.FormState(e.client(e.post, e.ip(), ""), e.owner, e.post); st.CaptchaRequired || !st.CapReached {
		t.Errorf("owner at the cap: %+v", st)
	}
}
