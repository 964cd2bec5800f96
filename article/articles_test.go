package article_test

import (
	"context"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/article"
	"github.com/stgy/stgypub/markdown"
	"github.com/stgy/stgypub/store"
	"github.com/stgy/stgypub/store/storetest"
)

// countingStore wraps the store's posts part: it counts the body reads
// (each one is a render) and can slow them down so concurrent misses
// overlap.
type countingStore struct {
	*store.Posts
	reads atomic.Int64
	delay time.Duration
}

func (c *countingStore) PublishedPost(ctx context.Context, id stgypub.ID) (*stgypub.Post, error) {
	c.reads.Add(1)
	time.Sleep(c.delay)
	return c.Posts.PublishedPost(ctx, id)
}

var users int

func newPost(t *testing.T, st *store.Store, content string) *stgypub.Post {
	t.Helper()
	ctx := context.Background()
	users++
	u := &stgypub.User{LoginName: "user" + strconv.Itoa(users), Nickname: "U"}
	if err := st.Users.CreateUser(ctx, u); err != nil {
		t.Fatal(err)
	}
	p := &stgypub.Post{OwnedBy: u.ID, Content: content, Snippet: "[]", AllowLikes: true, AllowReplies: true}
	if err := st.Posts.CreatePost(ctx, p); err != nil {
		t.Fatal(err)
	}
	at := time.Now().Add(-time.Hour).UTC().Truncate(time.Microsecond)
	if err := st.Posts.SetPublication(ctx, p.ID, &at); err != nil {
		t.Fatal(err)
	}
	full, err := st.Posts.PublishedPost(ctx, p.ID)
	if err != nil {
		t.Fatal(err)
	}
	full.Content = "" // as the page data loads it
	return full
}

// TestRenderedOnceAndStored (issue 9 #6): a body is rendered by the first
// request only; later requests, a new process and the other direction's
// first request read or render as stated.
func TestRenderedOnceAndStored(t *testing.T) {
	ctx := context.Background()
	st := storetest.New(t)
	cs := &countingStore{Posts: st.Posts}
	p := newPost(t, st, "# Hello\n\nBody with **bold**.")
	a := article.New(cs, article.Config{})
	html, err := a.ArticleHTML(ctx, p, false)
	if err != nil || !strings.Contains(html, "<strong>bold</strong>") {
		t.Fatalf("html %q, %v", html, err)
	}
	for range 3 {
		if _, err := a.ArticleHTML(ctx, p, false); err != nil {
			t.Fatal(err)
		}
	}
	if n := cs.reads.Load(); n != 1 {
		t.Errorf("rendered %d times in one process, want 1", n)
	}
	// Another process finds the stored rendering.
	b := article.New(cs, article.Config{})
	if got, _ := b.ArticleHTML(ctx, p, false); got != html || cs.reads.Load() != 1 {
		t.Errorf("second process: %d renders, same html %v", cs.reads.Load(), got == html)
	}
	// The vertical direction is its own rendering.
	v, _ := b.ArticleHTML(ctx, p, true)
	if cs.reads.Load() != 2 || !strings.Contains(v, "ｂｏｌｄ") {
		t.Errorf("vertical: %d renders, %q", cs.reads.Load(), v)
	}
	// An edit makes the stored rendering stale.
	full, _ := st.Posts.Post(ctx, p.ID)
	full.Content = "# Hello\n\nEdited."
	if err := st.Posts.UpdatePost(ctx, full); err != nil {
		t.Fatal(err)
	}
	edited, _ := st.Posts.PublishedPost(ctx, p.ID)
	edited.Content = ""
	got, _ := article.New(cs, article.Config{}).ArticleHTML(ctx, edited, false)
	if !strings.Contains(got, "Edited.") || cs.reads.Load() != 3 {
		t.Errorf("after the edit: %d renders, %q", cs.reads.Load(), got)
	}
	r, err := st.Posts.PostRender(ctx, p.ID, false)
	if err != nil || !r.Current(edited, markdown.RenderVersion) || r.HTML != got {
		t.Errorf("stored %+v, %v", r, err)
	}
	// A rendering of another renderer version is not current.
	r.Version = markdown.RenderVersion - 1
	if err := st.Posts.SavePostRender(ctx, r); err != nil {
		t.Fatal(err)
	}
	if _, err := article.New(cs, article.Config{}).ArticleHTML(ctx, edited, false); err != nil || cs.reads.Load() != 4 {
		t.Errorf("old version not rendered again: %d renders, %v", cs.reads.Load(), err)
	}
}

// TestOneBuildWhenManyMiss: concurrent first requests render once.
func TestOneBuildWhenManyMiss(t *testing.T) {
	st := storetest.New(t)
	cs := &countingStore{Posts: st.Posts, delay: 100 * time.Millisecond}
	p := newPost(t, st, "# Busy\n\ntext")
	a := article.New(cs, article.Config{})
	var wg sync.WaitGroup
	for range 20 {
		wg.Go(func() {
			if _, err := a.ArticleHTML(context.Background(), p, false); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	if n := cs.reads.Load(); n != 1 {
		t.Errorf("20 concurrent misses rendered %d times, want 1", n)
	}
}

// TestHostileBodyBounded: the 99 KB of "* " (stored before the
// write-time checks existed) renders within the budget, once, and the
// stored result is served after that.
func TestHostileBodyBounded(t *testing.T) {
	ctx := context.Background()
	st := storetest.New(t)
	cs := &countingStore{Posts: st.Posts}
	for _, body := range []string{
		strings.Repeat("* ", 49_499) + "a",
		strings.Repeat("> ", 49_499) + "a",
		strings.Repeat("[a](", 24_999),
	} {
		p := newPost(t, st, body)
		before := cs.reads.Load()
		t0 := time.Now()
		html, err := article.New(cs, article.Config{}).ArticleHTML(ctx, p, false)
		if d := time.Since(t0); err != nil || d > markdown.RenderBudget+time.Second {
			t.Errorf("%.10q…: %v after %v", body, err, d)
		}
		if html == "" {
			t.Errorf("%.10q…: empty page", body)
		}
		if _, err := article.New(cs, article.Config{}).ArticleHTML(ctx, p, false); err != nil || cs.reads.Load() != before+1 {
			t.Errorf("%.10q…: rendered %d times", body, cs.reads.Load()-before)
		}
	}
}
