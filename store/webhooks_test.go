package store_test

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/store"
)

func mustHook(t *testing.T, s *store.Store, owner stgypub.ID, events ...stgypub.WebhookEvent) *stgypub.Webhook {
	t.Helper()
	h := &stgypub.Webhook{OwnerID: owner, URL: "https://example.com/hook", Events: events, Secret: "s3cret"}
	if err := s.Webhooks.CreateWebhook(context.Background(), h, 10); err != nil {
		t.Fatalf("create webhook: %v", err)
	}
	return h
}

func TestWebhooksCreateListDelete(t *testing.T) {
	ctx := context.Background()
	s := newStore(t)
	alice, bob := mustUser(t, s, "alice"), mustUser(t, s, "bob")
	h := mustHook(t, s, alice, stgypub.EventPostPublished, stgypub.EventCommentPosted)
	hooks, err := s.Webhooks.Webhooks(ctx, alice)
	if err != nil || len(hooks) != 1 || hooks[0].ID != h.ID || hooks[0].URL != h.URL || len(hooks[0].Events) != 2 ||
		hooks[0].Events[1] != stgypub.EventCommentPosted || hooks[0].Secret != "s3cret" || !hooks[0].CreatedAt.Equal(now) {
		t.Fatalf("Webhooks = %+v, %v", hooks, err)
	}
	if hooks, _ := s.Webhooks.Webhooks(ctx, bob); len(hooks) != 0 {
		t.Fatalf("bob's hooks = %+v", hooks)
	}
	wantCode(t, s.Webhooks.DeleteWebhook(ctx, bob, h.ID), stgypub.CodeNotFound)
	if err := s.Webhooks.DeleteWebhook(ctx, alice, h.ID); err != nil {
		t.Fatal(err)
	}
	wantCode(t, s.Webhooks.DeleteWebhook(ctx, alice, h.ID), stgypub.CodeNotFound)
	wantCode(t, s.Webhooks.CreateWebhook(ctx, &stgypub.Webhook{OwnerID: 12345, URL: "https://x", Events: stgypub.WebhookEvents, Secret: "s"}, 10), stgypub.CodeNotFound)
}

// Concurrent creations never pass the per-owner limit together.
func TestWebhooksLimitConcurrent(t *testing.T) {
	ctx := context.Background()
	s := newStore(t)
	alice := mustUser(t, s, "alice")
	const limit, tries = 3, 8
	var wg sync.WaitGroup
	errs := make([]error, tries)
	for i := range tries {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs[i] = s.Webhooks.CreateWebhook(ctx, &stgypub.Webhook{OwnerID: alice, URL: "https://example.com/", Events: stgypub.WebhookEvents, Secret: "s"}, limit)
		}()
	}
	wg.Wait()
	ok := 0
	for _, err := range errs {
		if err == nil {
			ok++
		} else if stgypub.ErrorCode(err) != stgypub.CodeWebhookLimit {
			t.Fatalf("error %v, want %s", err, stgypub.CodeWebhookLimit)
		}
	}
	hooks, _ := s.Webhooks.Webhooks(ctx, alice)
	if ok != limit || len(hooks) != limit {
		t.Fatalf("%d created, %d stored, want %d", ok, len(hooks), limit)
	}
}

func TestWebhookQueueEnqueueClaimRecord(t *testing.T) {
	ctx := context.Background()
	s := newStore(t)
	alice := mustUser(t, s, "alice")
	post := mustPost(t, s, alice, 0, ptr(now.Add(-time.Hour)), "hello")
	comments := mustHook(t, s, alice, stgypub.EventCommentPosted)
	mustHook(t, s, alice, stgypub.EventPostUpdated)
	c := &stgypub.Comment{ID: 77, PostID: post, Nickname: "ann", Body: "hi\n", Status: stgypub.CommentPending}
	if err := s.Comments.InsertComment(ctx, &stgypub.NewComment{Comment: c}); err != nil {
		t.Fatal(err)
	}
	got, err := s.Webhooks.ClaimWebhookDeliveries(ctx, now, now.Add(time.Minute), 10)
	if err != nil || len(got) != 1 {
		t.Fatalf("claimed %+v, %v", got, err)
	}
	d, hook := got[0].Delivery, got[0].Hook
	if d.HookID != comments.ID || d.Event != stgypub.EventCommentPosted || d.PostID != post || d.CommentID != 77 ||
		d.Attempts != 1 || hook.URL != comments.URL || hook.Secret != "s3cret" || hook.OwnerID != alice || len(d.ID) != 36 {
		t.Fatalf("claimed %+v %+v", d, hook)
	}
	// Claimed: leased until the minute is over.
	if again, _ := s.Webhooks.ClaimWebhookDeliveries(ctx, now, now.Add(time.Minute), 10); len(again) != 0 {
		t.Fatalf("claimed twice: %+v", again)
	}
	d.Body, d.LastStatus, d.LastError, d.NextAttemptAt = []byte(`{"a":1}`), 503, "status 503", now.Add(10*time.Second)
	if err := s.Webhooks.RecordWebhookAttempt(ctx, d); err != nil {
		t.Fatal(err)
	}
	again, err := s.Webhooks.ClaimWebhookDeliveries(ctx, now.Add(10*time.Second), now.Add(time.Minute), 10)
	if err != nil || len(again) != 1 {
		t.Fatalf("second claim %+v, %v", again, err)
	}
	d = again[0].Delivery
	if d.Attempts != 2 || string(d.Body) != `{"a":1}` || d.LastStatus != 503 || d.LastError != "status 503" {
		t.Fatalf("second claim %+v", d)
	}
	at := now.Add(11 * time.Second)
	d.LastStatus, d.LastError, d.DeliveredAt = 204, "", &at
	if err := s.Webhooks.RecordWebhookAttempt(ctx, d); err != nil {
		t.Fatal(err)
	}
	if more, _ := s.Webhooks.ClaimWebhookDeliveries(ctx, now.Add(time.Hour), now.Add(2*time.Hour), 10); len(more) != 0 {
		t.Fatalf("delivered one claimed again: %+v", more)
	}
	list, err := s.Webhooks.WebhookDeliveries(ctx, comments.ID, 5)
	if err != nil || len(list) != 1 || list[0].DeliveredAt == nil || !list[0].DeliveredAt.Equal(at) || list[0].LastStatus != 204 || list[0].LastError != "" {
		t.Fatalf("deliveries %+v, %v", list, err)
	}
}

// Two claimers at once never get the same delivery (SKIP LOCKED).
func TestWebhookClaimConcurrent(t *testing.T) {
	ctx := context.Background()
	s := newStore(t)
	alice := mustUser(t, s, "alice")
	post := mustPost(t, s, alice, 0, nil, "hello")
	if err := s.Posts.SetPublication(ctx, post, ptr(now.Add(-time.Hour))); err != nil { // announced
		t.Fatal(err)
	}
	mustHook(t, s, alice, stgypub.EventPostUpdated)
	const n = 40
	for i := range n {
		p := &stgypub.Post{ID: post, OwnedBy: alice, Content: fmt.Sprint("edit ", i), PlainText: fmt.Sprint("edit ", i)}
		if err := s.Posts.UpdatePost(ctx, p); err != nil {
			t.Fatal(err)
		}
	}
	var mu sync.Mutex
	seen := map[string]int{}
	var wg sync.WaitGroup
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				got, err := s.Webhooks.ClaimWebhookDeliveries(ctx, now, now.Add(time.Hour), 3)
				if err != nil {
					t.Error(err)
					return
				}
				if len(got) == 0 {
					return
				}
				mu.Lock()
				for _, c := range got {
					seen[c.Delivery.ID]++
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	if len(seen) != n {
		t.Fatalf("%d distinct deliveries claimed, want %d", len(seen), n)
	}
	for id, c := range seen {
		if c != 1 {
			t.Fatalf("delivery %s claimed %d times", id, c)
		}
	}
}

// hookEvents lists hook h's deliveries' events, oldest first.
func hookEvents(t *testing.T, s *store.Store, h *stgypub.Webhook) []stgypub.WebhookEvent {
	t.Helper()
	list, err := s.Webhooks.WebhookDeliveries(context.Background(), h.ID, 50)
	if err != nil {
		t.Fatal(err)
	}
	var out []stgypub.WebhookEvent
	for i := len(list) - 1; i >= 0; i-- {
		out = append(out, list[i].Event)
	}
	return out
}

// The post writes queue their events by one rule
// (stgypub.PostWebhookEvent), in their own transaction.
func TestWebhookPostWrites(t *testing.T) {
	ctx := context.Background()
	s := newStore(t)
	alice := mustUser(t, s, "alice")
	h := mustHook(t, s, alice, stgypub.EventPostPublished, stgypub.EventPostUpdated, stgypub.EventPostUnpublished)
	tick := now
	s.Now = func() time.Time { tick = tick.Add(time.Millisecond); return tick } // events in order
	post := mustPost(t, s, alice, 0, nil, "draft")
	edit := func() {
		t.Helper()
		if err := s.Posts.UpdatePost(ctx, &stgypub.Post{ID: post, OwnedBy: alice, Content: "edited", PlainText: "edited"}); err != nil {
			t.Fatal(err)
		}
	}
	publish := func(at *time.Time) {
		t.Helper()
		if err := s.Posts.SetPublication(ctx, post, at); err != nil {
			t.Fatal(err)
		}
	}
	want := func(evs ...stgypub.WebhookEvent) {
		t.Helper()
		if got := hookEvents(t, s, h); !slices.Equal(got, evs) {
			t.Fatalf("events %v, want %v", got, evs)
		}
	}
	edit() // a draft: nothing
	publish(ptr(now.Add(time.Hour)))
	want()
	publish(ptr(now))
	publish(ptr(now.Add(-time.Minute))) // published already: nothing more
	want(stgypub.EventPostPublished)
	// The poller finds it announced already.
	if posts, _, err := s.Webhooks.AnnounceDuePosts(ctx, now.Add(time.Minute), now.Add(-24*time.Hour), 10); err != nil || posts != 0 {
		t.Fatalf("poller judged %d (%v) after the owner's announcement", posts, err)
	}
	edit()
	want(stgypub.EventPostPublished, stgypub.EventPostUpdated)
	publish(ptr(now.Add(time.Hour))) // moved to the future
	edit()                           // scheduled: nothing
	want(stgypub.EventPostPublished, stgypub.EventPostUpdated, stgypub.EventPostUnpublished)
	publish(ptr(now))
	publish(nil)
	publish(nil)
	want(stgypub.EventPostPublished, stgypub.EventPostUpdated, stgypub.EventPostUnpublished,
		stgypub.EventPostPublished, stgypub.EventPostUnpublished)

	// Deleting: POST_UNPUBLISHED only when it was announced.
	draft := mustPost(t, s, alice, 0, nil, "never published")
	if err := s.Posts.DeletePost(ctx, draft); err != nil {
		t.Fatal(err)
	}
	publish(ptr(now))
	before := len(hookEvents(t, s, h))
	// A stale version deletes nothing and queues nothing.
	wantCode(t, s.Posts.DeletePostIf(ctx, post, stgypub.IfVersion(1)), stgypub.CodeConflict)
	if got := hookEvents(t, s, h); len(got) != before {
		t.Fatalf("a refused delete queued %v", got[before:])
	}
	if err := s.Posts.DeletePost(ctx, post); err != nil {
		t.Fatal(err)
	}
	got := hookEvents(t, s, h)
	if len(got) != before+1 || got[before] != stgypub.EventPostUnpublished {
		t.Fatalf("after delete: %v", got)
	}
}

// A committed write has its delivery rows, read straight from the
// table; a write whose transaction rolls back (here: refused by its
// version precondition after the event was judged) has none.
func TestWebhookOutboxTransactional(t *testing.T) {
	ctx := context.Background()
	s := newStore(t)
	alice := mustUser(t, s, "alice")
	mustHook(t, s, alice, stgypub.WebhookEvents...)
	post := mustPost(t, s, alice, 0, nil, "draft")
	rows := func() int {
		t.Helper()
		var n int
		if err := s.DB.NewRaw("SELECT count(*) FROM webhook_deliveries WHERE post_id = ?", int64(post)).Scan(ctx, &n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	marked := func() bool {
		t.Helper()
		var ok bool
		if err := s.DB.NewRaw("SELECT EXISTS (SELECT 1 FROM post_webhook_marks WHERE post_id = ?)", int64(post)).Scan(ctx, &ok); err != nil {
			t.Fatal(err)
		}
		return ok
	}
	// Published and committed, then refused writes of every kind.
	if err := s.Posts.SetPublication(ctx, post, ptr(now)); err != nil {
		t.Fatal(err)
	}
	if rows() != 1 || !marked() {
		t.Fatalf("committed publication: %d rows, marked %v", rows(), marked())
	}
	stale := stgypub.IfVersion(1)
	wantCode(t, s.Posts.SetPublicationIf(ctx, post, nil, stale), stgypub.CodeConflict)
	wantCode(t, s.Posts.DeletePostIf(ctx, post, stale), stgypub.CodeConflict) // judged before the delete, rolled back
	wantCode(t, s.Posts.UpdatePostIf(ctx, &stgypub.Post{ID: post, OwnedBy: alice, Content: "x", PlainText: "x"}, stale), stgypub.CodeConflict)
	if rows() != 1 || !marked() {
		t.Fatalf("after refused writes: %d rows, marked %v", rows(), marked())
	}
	// A transaction cancelled mid-way: the comment insert's Check fails
	// after the lock, the whole write rolls back.
	refused := stgypub.Errorf(stgypub.CodeForbidden, "no")
	err := s.Comments.InsertComment(ctx, &stgypub.NewComment{Comment: &stgypub.Comment{PostID: post, Nickname: "a", Body: "b\n", Status: stgypub.CommentPending},
		Check: func(*stgypub.CommentTarget) error { return refused }})
	wantCode(t, err, stgypub.CodeForbidden)
	if rows() != 1 {
		t.Fatalf("a refused comment queued: %d rows", rows())
	}
	// Committed writes: each has its row at once, no worker involved.
	c := &stgypub.Comment{PostID: post, Nickname: "a", Body: "b\n", Status: stgypub.CommentPending}
	if err := s.Comments.InsertComment(ctx, &stgypub.NewComment{Comment: c}); err != nil {
		t.Fatal(err)
	}
	if rows() != 2 {
		t.Fatalf("comment: %d rows", rows())
	}
	if _, err := s.Comments.ApproveComment(ctx, c.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Comments.ApproveComment(ctx, c.ID); err != nil { // published already: no event
		t.Fatal(err)
	}
	if err := s.Posts.DeletePost(ctx, post); err != nil {
		t.Fatal(err)
	}
	var evs []string
	if err := s.DB.NewRaw("SELECT event FROM webhook_deliveries WHERE post_id = ? ORDER BY occurred_at, event", int64(post)).Scan(ctx, &evs); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(evs, []string{"COMMENT_APPROVED", "COMMENT_POSTED", "POST_PUBLISHED", "POST_UNPUBLISHED"}) {
		t.Fatalf("events %v", evs)
	}
}

func TestWebhookAnnounceDuePosts(t *testing.T) {
	ctx := context.Background()
	s := newStore(t)
	alice, bob := mustUser(t, s, "alice"), mustUser(t, s, "bob")
	h := mustHook(t, s, alice, stgypub.EventPostPublished)
	mustHook(t, s, bob, stgypub.EventCommentPosted) // not subscribed
	scheduled := mustPost(t, s, alice, 0, ptr(now.Add(time.Hour)), "later")
	mustPost(t, s, bob, 0, ptr(now.Add(time.Hour)), "bob later")
	// Before it falls due: nothing.
	if posts, _, err := s.Webhooks.AnnounceDuePosts(ctx, now, now.Add(-24*time.Hour), 10); err != nil || posts != 0 {
		t.Fatalf("before due: %d posts, %v", posts, err)
	}
	later := now.Add(2 * time.Hour)
	// Fallen due before the window (the last half hour): left alone.
	if posts, _, err := s.Webhooks.AnnounceDuePosts(ctx, later, later.Add(-30*time.Minute), 10); err != nil || posts != 0 {
		t.Fatalf("outside the window: %d posts, %v", posts, err)
	}
	posts, deliveries, err := s.Webhooks.AnnounceDuePosts(ctx, later, later.Add(-24*time.Hour), 10)
	if err != nil || posts != 2 || deliveries != 1 {
		t.Fatalf("due: %d posts, %d deliveries, %v; want 2, 1", posts, deliveries, err)
	}
	// Edited before the poller's turn: the edit announces the publication.
	s.Now = func() time.Time { return later.Add(time.Second) }
	pending := mustPost(t, s, alice, 0, ptr(now.Add(90*time.Minute)), "due, not polled")
	if err := s.Posts.UpdatePost(ctx, &stgypub.Post{ID: pending, OwnedBy: alice, Content: "e", PlainText: "e"}); err != nil {
		t.Fatal(err)
	}
	if got := hookEvents(t, s, h); len(got) != 2 || got[1] != stgypub.EventPostPublished {
		t.Fatalf("edit of a due post: %v", got)
	}
	list, _ := s.Webhooks.WebhookDeliveries(ctx, h.ID, 10)
	list = list[len(list)-1:]
	if list[0].PostID != scheduled || list[0].Event != stgypub.EventPostPublished || !list[0].OccurredAt.Equal(later) {
		t.Fatalf("deliveries %+v", list)
	}
	if posts, _, _ := s.Webhooks.AnnounceDuePosts(ctx, later, later.Add(-24*time.Hour), 10); posts != 0 {
		t.Fatalf("announced twice: %d", posts)
	}
}

// The Markdown import and the archive restore queue their publications
// in their own transactions, by the same rule.
func TestWebhookImportAndRestore(t *testing.T) {
	ctx := context.Background()
	s := newStore(t)
	login := "restored"
	alice := mustUser(t, s, login)
	h := mustHook(t, s, alice, stgypub.EventPostPublished, stgypub.EventPostUpdated)
	imported := &stgypub.Post{OwnedBy: alice, PublishedAt: ptr(now.Add(-time.Minute)), Content: "# Imported", PlainText: "Imported", AllowLikes: true}
	if err := s.Posts.CreateImportedPost(ctx, "a.md", imported); err != nil {
		t.Fatal(err)
	}
	scheduled := &stgypub.Post{OwnedBy: alice, PublishedAt: ptr(now.Add(time.Hour)), Content: "# Later", PlainText: "Later"}
	if err := s.Posts.CreateImportedPost(ctx, "b.md", scheduled); err != nil {
		t.Fatal(err)
	}
	list, _ := s.Webhooks.WebhookDeliveries(ctx, h.ID, 10)
	if len(list) != 1 || list[0].PostID != imported.ID || list[0].Event != stgypub.EventPostPublished {
		t.Fatalf("after import: %+v", list)
	}
	// Posts.CreatePost of a published post, likewise (createPost makes
	// drafts: nothing).
	created := mustPost(t, s, alice, 0, ptr(now.Add(-time.Hour)), "created published")
	mustPost(t, s, alice, 0, nil, "a draft")
	if list, _ := s.Webhooks.WebhookDeliveries(ctx, h.ID, 10); len(list) != 2 || (list[0].PostID != created && list[1].PostID != created) {
		t.Fatalf("after CreatePost: %+v", list)
	}
	if _, err := s.DB.NewDelete().TableExpr("webhook_deliveries").Where("post_id = ?", int64(created)).Exec(ctx); err != nil {
		t.Fatal(err)
	}

	in := restoreInput(t)
	in.LoginName, in.Existing = login, true
	if _, err := s.Archive.RestoreSite(ctx, in); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Archive.RestoreSite(ctx, in); err != nil { // unchanged: nothing
		t.Fatal(err)
	}
	in.Posts[0].Content, in.Posts[0].PlainText = "# One\n\nrewritten\n", "One rewritten"
	in.Posts[1].Content = "# Two, still a draft\n"
	if _, err := s.Archive.RestoreSite(ctx, in); err != nil {
		t.Fatal(err)
	}
	list, _ = s.Webhooks.WebhookDeliveries(ctx, h.ID, 10)
	var got []string
	for _, d := range list {
		if d.PostID == in.Posts[0].ID {
			got = append(got, string(d.Event))
		}
		if d.PostID == in.Posts[1].ID {
			t.Fatalf("the draft was announced: %+v", d)
		}
	}
	slices.Sort(got)
	if !slices.Equal(got, []string{"POST_PUBLISHED", "POST_UPDATED"}) {
		t.Fatalf("restored post's events %v", got)
	}
}
