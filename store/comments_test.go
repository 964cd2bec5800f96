package store_test

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/store"
)

// commentFixture is a store with an owner, a published post and a clock
// that can move.
type commentFixture struct {
	s     *store.Store
	owner stgypub.ID
	post  stgypub.ID
	clock *time.Time
}

func newCommentFixture(t *testing.T) *commentFixture {
	t.Helper()
	s := newStore(t)
	clock := now
	s.Now = func() time.Time { return clock }
	f := &commentFixture{s: s, clock: &clock}
	f.owner = mustUser(t, s, "owner")
	f.post = mustPost(t, s, f.owner, 0, ptr(now.Add(-time.Hour)), "post")
	return f
}

func (f *commentFixture) insert(t *testing.T, nick string, st stgypub.CommentStatus) *stgypub.Comment {
	t.Helper()
	c := &stgypub.Comment{PostID: f.post, Nickname: nick, Body: nick + " says hi\n", Status: st}
	if err := f.s.Comments.InsertComment(context.Background(), &stgypub.NewComment{Comment: c}); err != nil {
		t.Fatalf("insert %s: %v", nick, err)
	}
	return c
}

func (f *commentFixture) siteChange(t *testing.T) time.Time {
	t.Helper()
	ts, err := f.s.Posts.SiteChangedAt(context.Background(), f.owner)
	if err != nil {
		t.Fatal(err)
	}
	return ts
}

// tick moves the clock one second forward and returns the new time.
func (f *commentFixture) tick() time.Time { *f.clock = f.clock.Add(time.Second); return *f.clock }

func TestCommentTableIsTheSeedDDL(t *testing.T) {
	s := newStore(t)
	var cols []struct {
		Name string `bun:"column_name"`
		Type string `bun:"data_type"`
		Max  *int   `bun:"character_maximum_length"`
	}
	err := s.DB.NewRaw(`SELECT column_name, data_type, character_maximum_length FROM information_schema.columns
WHERE table_name = 'post_pub_comments' ORDER BY ordinal_position`).Scan(context.Background(), &cols)
	if err != nil {
		t.Fatal(err)
	}
	got := fmt.Sprint(len(cols))
	for _, c := range cols {
		got += fmt.Sprintf(" %s:%s", c.Name, c.Type)
		if c.Max != nil {
			got += fmt.Sprint(*c.Max)
		}
	}
	want := "6 id:bigint post_id:bigint nickname:character varying50 body:character varying65536 status:character varying32 is_author:boolean"
	if got != want {
		t.Errorf("columns = %s\nwant      %s", got, want)
	}
	var def string
	err = s.DB.NewRaw(`SELECT indexdef FROM pg_indexes WHERE indexname = 'idx_post_pub_comments_post_id'`).Scan(context.Background(), &def)
	if err != nil || def != "CREATE INDEX idx_post_pub_comments_post_id ON public.post_pub_comments USING btree (post_id, id DESC)" {
		t.Errorf("index = %q, %v", def, err)
	}
}

func TestCommentsListPagesAndOrder(t *testing.T) {
	f := newCommentFixture(t)
	ctx := context.Background()
	var all []*stgypub.Comment
	for i := range 23 {
		st := stgypub.CommentPublished
		if i%4 == 3 {
			st = stgypub.CommentPending
		}
		all = append(all, f.insert(t, fmt.Sprintf("n%02d", i), st))
	}
	published := 0
	for _, c := range all {
		if c.Status == stgypub.CommentPublished {
			published++
		}
	}
	for _, tc := range []struct {
		q         stgypub.CommentQuery
		total     int
		first     string
		n         int
		noPending bool
	}{
		{stgypub.CommentQuery{Order: stgypub.OrderNewest, Page: 1, IncludePending: true}, 23, "n22", 10, false},
		{stgypub.CommentQuery{Order: stgypub.OrderNewest, Page: 3, IncludePending: true}, 23, "n02", 3, false},
		{stgypub.CommentQuery{Order: stgypub.OrderOldest, Page: 1, IncludePending: true}, 23, "n00", 10, false},
		{stgypub.CommentQuery{Order: stgypub.OrderOldest, Page: 2}, published, "n13", 8, true},
		{stgypub.CommentQuery{Order: stgypub.OrderNewest, Page: 1}, published, "n22", 10, true},
		{stgypub.CommentQuery{Order: stgypub.OrderNewest, Page: 4}, published, "", 0, true},
	} {
		t.Run(fmt.Sprintf("%s/%d/%v", tc.q.Order, tc.q.Page, tc.q.IncludePending), func(t *testing.T) {
			p, err := f.s.Comments.Comments(ctx, f.post, tc.q)
			if err != nil {
				t.Fatal(err)
			}
			if p.TotalCount != tc.total || len(p.Items) != tc.n {
				t.Fatalf("total %d, items %d; want %d, %d", p.TotalCount, len(p.Items), tc.total, tc.n)
			}
			if tc.n > 0 && p.Items[0].Nickname != tc.first {
				t.Errorf("first = %s, want %s", p.Items[0].Nickname, tc.first)
			}
			for i, c := range p.Items {
				if tc.noPending && c.Status != stgypub.CommentPublished {
					t.Errorf("pending comment %s listed", c.Nickname)
				}
				if i > 0 && (c.ID < p.Items[i-1].ID) != (tc.q.Order == stgypub.OrderNewest) {
					t.Errorf("items out of order at %d", i)
				}
			}
		})
	}
	if _, err := f.s.Comments.Comments(ctx, f.post, stgypub.CommentQuery{Page: 0}); stgypub.ErrorCode(err) != stgypub.CodeBadUserInput {
		t.Errorf("page 0: %v", err)
	}
	if n, err := f.s.Comments.CountPublishedComments(ctx, f.post); err != nil || n != published {
		t.Errorf("CountPublishedComments = %d, %v; want %d", n, err, published)
	}
	if n, err := f.s.Comments.CountComments(ctx, f.post); err != nil || n != len(all) {
		t.Errorf("CountComments = %d, %v; want %d", n, err, len(all))
	}
	feed, err := f.s.Comments.PublishedComments(ctx, f.post, 5)
	if err != nil || len(feed) != 5 || feed[0].Nickname != "n22" {
		t.Errorf("PublishedComments = %d items, %v", len(feed), err)
	}
	// The creation time comes from the ID.
	if c := all[0]; time.Until(c.CreatedAt()).Abs() > time.Minute {
		t.Errorf("CreatedAt %v is not now", c.CreatedAt())
	}
}

func TestCommentCapUnderConcurrency(t *testing.T) {
	f := newCommentFixture(t)
	ctx := context.Background()
	for i := range 99 {
		f.insert(t, fmt.Sprint("c", i), stgypub.CommentPending)
	}
	var (
		wg       sync.WaitGroup
		mu       sync.Mutex
		ok, full int
		other    []error
	)
	for i := range 20 {
		wg.Go(func() {
			c := &stgypub.Comment{PostID: f.post, Nickname: fmt.Sprint("r", i), Body: "x\n", Status: stgypub.CommentPending}
			err := f.s.Comments.InsertComment(ctx, &stgypub.NewComment{Comment: c, MaxComments: 100})
			mu.Lock()
			defer mu.Unlock()
			switch stgypub.ErrorCode(err) {
			case "":
				ok++
			case stgypub.CodeConflict:
				full++
			default:
				other = append(other, err)
			}
		})
	}
	wg.Wait()
	if ok != 1 || full != 19 || len(other) > 0 {
		t.Fatalf("20 concurrent posts at 99: %d stored, %d refused, errors %v; want 1, 19", ok, full, other)
	}
	p, _ := f.s.Comments.Comments(ctx, f.post, stgypub.CommentQuery{Page: 1, IncludePending: true})
	if p.TotalCount != 100 {
		t.Errorf("stored %d comments, want 100", p.TotalCount)
	}
}

func TestInsertCommentCheckAndSiteChange(t *testing.T) {
	f := newCommentFixture(t)
	ctx := context.Background()
	before := f.siteChange(t)

	// A refusing check writes nothing.
	refused := stgypub.Errorf(stgypub.CodeForbidden, "closed")
	c := &stgypub.Comment{PostID: f.post, Nickname: "a", Body: "b\n", Status: stgypub.CommentPending}
	err := f.s.Comments.InsertComment(ctx, &stgypub.NewComment{Comment: c, Notify: true, Check: func(tg *stgypub.CommentTarget) error {
		if tg.Post.ID != f.post || tg.Mode != stgypub.CommentsNone {
			t.Errorf("check saw %+v", tg)
		}
		return refused
	}})
	if err != refused {
		t.Fatalf("refusing check: %v", err)
	}
	if p, _ := f.s.Comments.Comments(ctx, f.post, stgypub.CommentQuery{Page: 1, IncludePending: true}); p.TotalCount != 0 {
		t.Fatalf("refused comment stored")
	}
	if n, _, _ := f.s.Comments.CommentNotifications(ctx, f.owner, stgypub.NotificationQuery{Limit: 10}); len(n) != 0 {
		t.Fatalf("refused comment notified")
	}

	// A pending comment does not change the public page; a published one does.
	f.tick()
	f.insert(t, "pending", stgypub.CommentPending)
	if got := f.siteChange(t); !got.Equal(before) {
		t.Errorf("pending comment moved the site change time %v -> %v", before, got)
	}
	at := f.tick()
	pub := f.insert(t, "published", stgypub.CommentPublished)
	if got := f.siteChange(t); !got.Equal(at) {
		t.Errorf("published comment: site change %v, want %v", got, at)
	}
	// Approve, edit and delete each move it.
	for _, step := range []struct {
		name string
		do   func() error
	}{
		{"approve", func() error { _, err := f.s.Comments.ApproveComment(ctx, pub.ID); return err }},
		{"edit", func() error { _, err := f.s.Comments.EditComment(ctx, pub.ID, "new", "new body\n"); return err }},
		{"delete", func() error { return f.s.Comments.DeleteComment(ctx, pub.ID) }},
	} {
		at := f.tick()
		if err := step.do(); err != nil {
			t.Fatalf("%s: %v", step.name, err)
		}
		if got := f.siteChange(t); !got.Equal(at) {
			t.Errorf("%s: site change %v, want %v", step.name, got, at)
		}
		if step.name == "edit" {
			c, _, err := f.s.Comments.Comment(ctx, pub.ID)
			if err != nil || c.Nickname != "new" || c.Body != "new body\n" {
				t.Errorf("after edit: %+v, %v", c, err)
			}
		}
	}
	if _, _, err := f.s.Comments.Comment(ctx, pub.ID); !stgypub.IsNotFound(err) {
		t.Errorf("deleted comment: %v", err)
	}
	for name, err := range map[string]error{
		"approve": func() error { _, err := f.s.Comments.ApproveComment(ctx, pub.ID); return err }(),
		"edit":    func() error { _, err := f.s.Comments.EditComment(ctx, pub.ID, "x", "y\n"); return err }(),
		"delete":  f.s.Comments.DeleteComment(ctx, pub.ID),
		"insert on unknown post": f.s.Comments.InsertComment(ctx, &stgypub.NewComment{Comment: &stgypub.Comment{
			PostID: 12345, Nickname: "a", Body: "b\n", Status: stgypub.CommentPending}}),
	} {
		if !stgypub.IsNotFound(err) {
			t.Errorf("%s of a missing comment: %v, want NOT_FOUND", name, err)
		}
	}
}

func TestCommentTargetMode(t *testing.T) {
	f := newCommentFixture(t)
	ctx := context.Background()
	tg, err := f.s.Comments.CommentTarget(ctx, f.post)
	if err != nil || tg.Mode != stgypub.CommentsNone || tg.Post.OwnedBy != f.owner || !tg.Post.AllowReplies {
		t.Fatalf("target = %+v, %v", tg, err)
	}
	cfg, _ := f.s.Users.PubConfig(ctx, f.owner)
	cfg.Extensions, _ = stgypub.ParseExtensions(`{"comments":{"mode":"moderated"}}`)
	if err := f.s.Users.UpdatePubConfig(ctx, cfg); err != nil {
		t.Fatal(err)
	}
	if tg, _ := f.s.Comments.CommentTarget(ctx, f.post); tg.Mode != stgypub.CommentsModerated {
		t.Errorf("mode = %q, want moderated", tg.Mode)
	}
	if _, err := f.s.Comments.CommentTarget(ctx, 999); !stgypub.IsNotFound(err) {
		t.Errorf("unknown post: %v", err)
	}
}
