package comment_test

import (
	"context"
	"testing"
	"time"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/comment"
)

func TestPublicTTLByCreationTime(t *testing.T) {
	now := time.Date(2026, 12, 10, 12, 0, 0, 0, time.UTC)
	for _, tc := range []struct {
		age  time.Duration
		want time.Duration
	}{
		{0, 180 * time.Second},
		{6 * 24 * time.Hour, 180 * time.Second},
		{7 * 24 * time.Hour, 180 * time.Second},
		{7*24*time.Hour + time.Millisecond, 60 * time.Second},
		{400 * 24 * time.Hour, 60 * time.Second},
	} {
		// Publication time does not matter: a post published today but
		// created long ago gets the short TTL.
		pub := now
		p := &stgypub.Post{ID: stgypub.IDFromTime(now.Add(-tc.age), 1), PublishedAt: &pub}
		if got := comment.PublicTTL(p, now); got != tc.want {
			t.Errorf("created %v ago: %v, want %v", tc.age, got, tc.want)
		}
	}
}

func (e *env) cacheFields(post stgypub.ID) map[string]string {
	e.t.Helper()
	m, err := e.rdb.HGetAll(context.Background(), e.cache.Key(post)).Result()
	if err != nil {
		e.t.Fatal(err)
	}
	return m
}

func TestPublicCacheReadThroughAndTTL(t *testing.T) {
	t.Parallel()
	e := newEnv(t, stgypub.CommentsOpen)
	ctx := context.Background()
	first := e.mustReaderPost(e.post, "first")
	// Readers fill newest:1 and an empty oldest:5; TTL from the post's age.
	e.list(nil, e.post)
	if _, err := e.svc.List(ctx, nil, e.post, stgypub.OrderOldest, 5); err != nil {
		t.Fatal(err)
	}
	f := e.cacheFields(e.post)
	if _, ok := f["newest:1"]; !ok {
		t.Fatalf("newest:1 not cached: %v", f)
	}
	if _, ok := f["oldest:5"]; !ok {
		t.Errorf("the empty page oldest:5 is not cached: %v", f)
	}
	if ttl := e.rdb.TTL(ctx, e.cache.Key(e.post)).Val(); ttl <= 170*time.Second || ttl > 180*time.Second {
		t.Errorf("TTL of a new post's comments %v, want 180s", ttl)
	}
	// A change behind the cache's back is not seen by readers (served
	// from Redis) but is seen by the owner, who bypasses the cache.
	if _, err := e.st.Comments.EditComment(ctx, first.ID, "changed", "behind the cache\n"); err != nil {
		t.Fatal(err)
	}
	if got := e.list(nil, e.post); got.Items[0].Nickname != "first" {
		t.Errorf("reader read %q: not from the cache", got.Items[0].Nickname)
	}
	if got := e.list(e.owner, e.post); got.Items[0].Nickname != "changed" {
		t.Errorf("owner read %q through the cache", got.Items[0].Nickname)
	}

	// An old post's pages live 60 s.
	old := e.newPost(e.owner.ID, stgypub.IDFromTime(e.clk.Now().Add(-30*24*time.Hour), 7), true)
	e.list(nil, old)
	if ttl := e.rdb.TTL(ctx, e.cache.Key(old)).Val(); ttl <= 50*time.Second || ttl > 60*time.Second {
		t.Errorf("TTL of an old post's comments %v, want 60s", ttl)
	}
	// Filling another page does not extend the Hash's TTL.
	e.rdb.PExpire(ctx, e.cache.Key(old), 5*time.Second)
	if _, err := e.svc.List(ctx, nil, old, stgypub.OrderOldest, 1); err != nil {
		t.Fatal(err)
	}
	if ttl := e.rdb.TTL(ctx, e.cache.Key(old)).Val(); ttl > 5*time.Second {
		t.Errorf("a second page reset the TTL to %v", ttl)
	}
}

func TestPublicCacheInvalidation(t *testing.T) {
	t.Parallel()
	e := newEnv(t, stgypub.CommentsModerated)
	ctx := context.Background()
	pending := e.mustReaderPost(e.post, "pending")
	ownerRes, _ := e.as(e.owner, e.post, "owner", nil)
	other := e.newPost(e.owner.ID, 0, true)
	warm := func() {
		e.list(nil, e.post)
		e.list(nil, other)
		if _, err := e.svc.List(ctx, nil, e.post, stgypub.OrderOldest, 2); err != nil {
			t.Fatal(err)
		}
		if n := len(e.cacheFields(e.post)); n != 2 {
			t.Fatalf("warm: %d fields", n)
		}
	}
	for _, step := range []struct {
		name string
		do   func() error
	}{
		{"create", func() error { _, err := e.as(e.owner, e.post, "again", nil); return err }},
		{"approve", func() error { _, err := e.svc.Approve(ctx, e.owner, pending.ID); return err }},
		{"edit", func() error { _, err := e.svc.Edit(ctx, e.owner, ownerRes.Comment.ID, nil, "edited"); return err }},
		{"delete", func() error { return e.svc.Delete(ctx, e.owner, pending.ID) }},
		{"import", func() error {
			_, err := e.svc.Import(ctx, e.admin, e.post, []comment.ImportInput{{ID: e.importID(42), Nickname: "i", Body: "b", Status: stgypub.CommentPublished}})
			return err
		}},
		{"pending create", func() error { _, err := e.readerPost(e.post, "later"); return err }},
	} {
		warm()
		if err := step.do(); err != nil {
			t.Fatalf("%s: %v", step.name, err)
		}
		if f := e.cacheFields(e.post); len(f) != 0 {
			t.Errorf("%s left %d cached pages", step.name, len(f))
		}
		if f := e.cacheFields(other); len(f) != 1 {
			t.Errorf("%s dropped another post's pages", step.name)
		}
	}
	// What readers see after the invalidations is the database's state.
	got := e.list(nil, e.post)
	if got.TotalCount != 3 || got.Items[2].ID != e.importID(42) || got.Items[1].Body != "edited\n" {
		t.Errorf("after the changes readers see %d: %+v", got.TotalCount, got.Items)
	}
}

// A page read before an invalidation is not stored after it.
func TestPublicCacheDropsPagesReadBeforeAnInvalidation(t *testing.T) {
	t.Parallel()
	e := newEnv(t, stgypub.CommentsOpen)
	ctx := context.Background()
	p, _ := e.st.Comments.CommentTarget(ctx, e.post)
	_, err := e.cache.Page(ctx, p.Post, stgypub.OrderNewest, 1, e.clk.Now(), func() (*stgypub.CommentPage, error) {
		// A comment lands (and invalidates) while this read is in flight.
		e.mustReaderPost(e.post, "racer")
		return &stgypub.CommentPage{}, nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if f := e.cacheFields(e.post); len(f) != 0 {
		t.Fatalf("stale page stored after the invalidation: %v", f)
	}
	if got := e.list(nil, e.post); got.TotalCount != 1 {
		t.Errorf("readers see %d comments, want 1", got.TotalCount)
	}
}

func TestRedisDownFallsBackToPostgreSQL(t *testing.T) {
	t.Parallel()
	e := newEnv(t, stgypub.CommentsOpen)
	ctx := context.Background()
	own, stop := ownRedis(t)
	cache := comment.NewPublicCache(own, e.prefix, nil)
	svc := comment.New(e.st.Comments, e.gate, cache, comment.Config{Now: e.clk.Now})
	c := e.mustReaderPost(e.post, "before")
	if p, err := svc.List(ctx, nil, e.post, stgypub.OrderNewest, 1); err != nil || p.TotalCount != 1 {
		t.Fatalf("with Redis: %v", err)
	}
	if n := own.HLen(ctx, cache.Key(e.post)).Val(); n != 1 {
		t.Fatalf("own Redis holds %d pages", n)
	}
	stop()
	// Reads come from PostgreSQL; every mutation succeeds.
	p, err := svc.List(ctx, nil, e.post, stgypub.OrderNewest, 1)
	if err != nil || p.TotalCount != 1 {
		t.Fatalf("read with Redis down: %+v, %v", p, err)
	}
	res, err := svc.Post(e.client(e.post, e.ip(), ""), e.owner, comment.PostInput{PostID: e.post, Nickname: "o", Body: "b"})
	if err != nil {
		t.Fatalf("post with the cache's Redis down: %v", err)
	}
	if _, err := svc.Edit(ctx, e.owner, res.Comment.ID, nil, "edited"); err != nil {
		t.Errorf("edit: %v", err)
	}
	pending := []comment.ImportInput{{ID: e.importID(8), Nickname: "p", Body: "b", Status: stgypub.CommentPending}}
	if _, err := svc.Import(ctx, e.admin, e.post, pending); err != nil {
		t.Errorf("import a pending comment: %v", err)
	}
	if _, err := svc.Approve(ctx, e.admin, pending[0].ID); err != nil {
		t.Errorf("approve: %v", err)
	}
	if err := svc.Delete(ctx, e.owner, c.ID); err != nil {
		t.Errorf("delete: %v", err)
	}
	if _, err := svc.Import(ctx, e.admin, e.post, []comment.ImportInput{{ID: e.importID(9), Nickname: "i", Body: "b", Status: stgypub.CommentPublished}}); err != nil {
		t.Errorf("import: %v", err)
	}
	tg, _ := e.st.Comments.CommentTarget(ctx, e.post)
	if n, err := svc.PublishedCount(ctx, tg.Post, tg.Mode); err != nil || n != 3 { // owner's, approved, imported
		t.Errorf("published count with Redis down: %d, %v", n, err)
	}
	if p, _ := svc.List(ctx, nil, e.post, stgypub.OrderNewest, 1); p.TotalCount != 3 {
		t.Errorf("readers see %d after the changes", p.TotalCount)
	}
}
