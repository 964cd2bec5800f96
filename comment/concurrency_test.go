package comment_test

import (
	"context"
	"fmt"
	"sync"
	"testing"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/comment"
)

// 20 readers post at once on a post holding 99 comments: exactly one is
// stored, nineteen get CONFLICT, and their pass uses are given back.
func TestCapHoldsUnderConcurrentPosts(t *testing.T) {
	t.Parallel()
	e := newEnv(t, stgypub.CommentsModerated)
	ctx := context.Background()
	for i := range 99 {
		c := &stgypub.Comment{PostID: e.post, Nickname: fmt.Sprint("old", i), Body: "x\n", Status: stgypub.CommentPending}
		if err := e.st.Comments.InsertComment(ctx, &stgypub.NewComment{Comment: c}); err != nil {
			t.Fatal(err)
		}
	}
	type reader struct {
		ctx  context.Context
		pass string
	}
	readers := make([]reader, 20)
	for i := range readers {
		ip := e.ip()
		pass := e.pass(ip)
		readers[i] = reader{e.client(e.post, ip, pass), pass}
	}
	codes := make([]string, 20)
	var wg sync.WaitGroup
	for i, r := range readers {
		wg.Go(func() {
			_, err := e.svc.Post(r.ctx, nil, comment.PostInput{PostID: e.post, Nickname: fmt.Sprint("new", i), Body: "hi"})
			codes[i] = code(err)
		})
	}
	wg.Wait()
	stored, full := 0, 0
	for i, c := range codes {
		st, err := e.gate.Status(ctx, readers[i].pass, stgypub.CommentClientFrom(readers[i].ctx).IP)
		if err != nil {
			t.Fatal(err)
		}
		switch c {
		case "":
			stored++
			if st.Used != 1 {
				t.Errorf("stored comment's pass used %d times", st.Used)
			}
		case stgypub.CodeConflict:
			full++
			if st.Used != 0 || st.Remaining != 100 {
				t.Errorf("refused comment's pass: %+v (want the use released)", st)
			}
		default:
			t.Errorf("post %d: %s", i, c)
		}
	}
	if stored != 1 || full != 19 {
		t.Fatalf("%d stored, %d refused; want 1, 19", stored, full)
	}
	if n, _ := e.st.Comments.CountComments(ctx, e.post); n != 100 {
		t.Errorf("%d comments stored, want 100", n)
	}
	st, _ := e.svc.FormState(e.client(e.post, e.ip(), ""), nil, e.post)
	if !st.CapReached || st.CaptchaRequired {
		t.Errorf("form state at the cap: %+v (nothing can be posted, so no CAPTCHA is required)", st)
	}
	// Moderators are capped too.
	if _, err := e.as(e.owner, e.post, "owner", nil); code(err) != stgypub.CodeConflict {
		t.Errorf("owner over the cap: %v", err)
	}
}

// One pass used by 110 comments at once: exactly 100 are stored.
func TestPassUsesUnderConcurrentPosts(t *testing.T) {
	t.Parallel()
	e := newEnv(t, stgypub.CommentsOpen)
	e.svc = comment.New(e.st.Comments, e.gate, e.cache, comment.Config{Now: e.clk.Now, MaxComments: 1000})
	ip := e.ip()
	ctx := e.client(e.post, ip, e.pass(ip))
	codes := make([]string, 110)
	var wg sync.WaitGroup
	for i := range codes {
		wg.Go(func() {
			_, err := e.svc.Post(ctx, nil, comment.PostInput{PostID: e.post, Nickname: "n", Body: fmt.Sprint("comment ", i)})
			codes[i] = code(err)
		})
	}
	wg.Wait()
	n := map[string]int{}
	for _, c := range codes {
		n[c]++
	}
	if n[""] != 100 || n[stgypub.CodeCaptchaRequired] != 10 {
		t.Fatalf("110 parallel posts with one pass: %v; want 100 stored and 10 CAPTCHA_REQUIRED", n)
	}
	if c, _ := e.st.Comments.CountComments(context.Background(), e.post); c != 100 {
		t.Errorf("%d stored", c)
	}
}

// failingStore is the real store whose comment transaction fails after
// its checks (a real rollback), as a broken insert would.
type failingStore struct {
	stgypub.CommentStore
	err error
}

func (f failingStore) InsertComment(ctx context.Context, n *stgypub.NewComment) error {
	check := n.Check
	n.Check = func(t *stgypub.CommentTarget) error {
		if err := check(t); err != nil {
			return err
		}
		return f.err
	}
	return f.CommentStore.InsertComment(ctx, n)
}

func TestFailedInsertReleasesThePassUse(t *testing.T) {
	t.Parallel()
	e := newEnv(t, stgypub.CommentsOpen)
	broken := comment.New(failingStore{e.st.Comments, fmt.Errorf("disk on fire")}, e.gate, e.cache, comment.Config{Now: e.clk.Now})
	ip := e.ip()
	pass := e.pass(ip)
	if _, err := broken.Post(e.client(e.post, ip, pass), nil, comment.PostInput{PostID: e.post, Nickname: "n", Body: "b"}); err == nil {
		t.Fatal("broken insert succeeded")
	}
	st, _ := e.gate.Status(context.Background(), pass, ip)
	if st.Used != 0 || st.Remaining != 100 {
		t.Errorf("after a failed insert the pass is %+v; want the use released", st)
	}
	if n, _ := e.st.Comments.CountComments(context.Background(), e.post); n != 0 {
		t.Errorf("a failed insert stored %d rows", n)
	}
	// Inline solving: the pass is issued (the CAPTCHA was solved) but the
	// failed comment does not use it.
	ch, _ := e.gate.CreateChallenge(context.Background(), stgypub.CommentClientFrom(e.client(e.post, ip, "")))
	res, err := broken.Post(e.client(e.post, ip, ""), nil, comment.PostInput{PostID: e.post, Nickname: "n", Body: "b",
		CaptchaID: ch.ID, CaptchaAnswer: e.answer(ch.ID)})
	if err == nil || res == nil || res.PassToken == "" {
		t.Fatalf("inline + broken insert: %+v, %v", res, err)
	}
	if st, _ := e.gate.Status(context.Background(), res.PassToken, ip); !st.Valid || st.Used != 0 || st.Remaining != 100 {
		t.Errorf("inline pass after a failed insert: %+v", st)
	}
}

func TestInlineCaptcha(t *testing.T) {
	t.Parallel()
	e := newEnv(t, stgypub.CommentsOpen)
	ctx := context.Background()
	ip := e.ip()
	in := comment.PostInput{PostID: e.post, Nickname: "n", Body: "b"}
	if _, err := e.svc.Post(e.client(e.post, ip, ""), nil, in); code(err) != stgypub.CodeCaptchaRequired {
		t.Fatalf("no pass, no answer: %v", err)
	}
	st, _ := e.svc.FormState(e.client(e.post, ip, ""), nil, e.post)
	if !st.CaptchaRequired || st.CanPostAsOwner {
		t.Errorf("form state without pass: %+v", st)
	}
	ch, _ := e.gate.CreateChallenge(ctx, stgypub.CommentClientFrom(e.client(e.post, ip, "")))
	in.CaptchaID, in.CaptchaAnswer = ch.ID, "000000"
	if e.answer(ch.ID) == "000000" {
		in.CaptchaAnswer = "111111"
	}
	if _, err := e.svc.Post(e.client(e.post, ip, ""), nil, in); code(err) != stgypub.CodeBadUserInput {
		t.Fatalf("wrong inline answer: %v", err)
	}
	in.CaptchaAnswer = e.answer(ch.ID)
	res, err := e.svc.Post(e.client(e.post, ip, ""), nil, in)
	if err != nil || res.PassToken == "" {
		t.Fatalf("inline answer: %+v, %v", res, err)
	}
	// The comment is the pass's first use; the next one needs no CAPTCHA.
	if st, _ := e.gate.Status(ctx, res.PassToken, ip); st.Used != 1 || st.Remaining != 99 {
		t.Errorf("new pass %+v", st)
	}
	if st, _ := e.svc.FormState(e.client(e.post, ip, res.PassToken), nil, e.post); st.CaptchaRequired {
		t.Error("form state asks for a CAPTCHA with a valid pass")
	}
	in.CaptchaID, in.CaptchaAnswer = "", ""
	if _, err := e.svc.Post(e.client(e.post, ip, res.PassToken), nil, in); err != nil {
		t.Errorf("second comment with the pass: %v", err)
	}
	// The used challenge cannot be replayed.
	if _, err := e.svc.Post(e.client(e.post, e.ip(), ""), nil, comment.PostInput{PostID: e.post, Nickname: "n", Body: "b",
		CaptchaID: ch.ID, CaptchaAnswer: "123456"}); code(err) != stgypub.CodeCaptchaRequired {
		t.Errorf("replayed challenge: %v", err)
	}
}
