package store_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/store"
)

func mustHook(t *testing.T, s *store.Store, owner stgypub.ID, events ...stgypub.WebhookEvent) *stgypub.Webhook {
	t.Helper()
	h := &stgypub.Webhook{OwnerID: owner, URL: "https://example.com/hook", Events: events, Secret: "s3cret"}
	if err := s.CreateWebhook(context.Background(), h, 10); err != nil {
		t.Fatalf("create webhook: %v", err)
	}
	return h
}

func TestWebhooksCreateListDelete(t *testing.T) {
	ctx := context.Background()
	s := newStore(t)
	alice, bob := mustUser(t, s, "alice"), mustUser(t, s, "bob")
	h := mustHook(t, s, alice, stgypub.EventPostPublished, stgypub.EventCommentPosted)
	hooks, err := s.Webhooks(ctx, alice)
	if err != nil || len(hooks) != 1 || hooks[0].ID != h.ID || hooks[0].URL != h.URL || len(hooks[0].Events) != 2 ||
		hooks[0].Events[1] != stgypub.EventCommentPosted || hooks[0].Secret != "s3cret" || !hooks[0].CreatedAt.Equal(now) {
		t.Fatalf("Webhooks = %+v, %v", hooks, err)
	}
	if hooks, _ := s.Webhooks(ctx, bob); len(hooks) != 0 {
		t.Fatalf("bob's hooks = %+v", hooks)
	}
	wantCode(t, s.DeleteWebhook(ctx, bob, h.ID), stgypub.CodeNotFound)
	if err := s.DeleteWebhook(ctx, alice, h.ID); err != nil {
		t.Fatal(err)
	}
	wantCode(t, s.DeleteWebhook(ctx, alice, h.ID), stgypub.CodeNotFound)
	wantCode(t, s.CreateWebhook(ctx, &stgypub.Webhook{OwnerID: 12345, URL: "https://x", Events: stgypub.WebhookEvents, Secret: "s"}, 10), stgypub.CodeNotFound)
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
			errs[i] = s.CreateWebhook(ctx, &stgypub.Webhook{OwnerID: alice, URL: "https://example.com/", Events: stgypub.WebhookEvents, Secret: "s"}, limit)
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
	hooks, _ := s.Webhooks(ctx, alice)
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
	if err := s.EnqueueWebhookEvent(ctx, alice, stgypub.EventCommentPosted, post, 77, now); err != nil {
		t.Fatal(err)
	}
	got, err := s.ClaimWebhookDeliveries(ctx, now, now.Add(time.Minute), 10)
	if err != nil || len(got) != 1 {
		t.Fatalf("claimed %+v, %v", got, err)
	}
	d, hook := got[0].Delivery, got[0].Hook
	if d.HookID != comments.ID || d.Event != stgypub.EventCommentPosted || d.PostID != post || d.CommentID != 77 ||
		d.Attempts != 1 || hook.URL != comments.URL || hook.Secret != "s3cret" || hook.OwnerID != alice || len(d.ID) != 36 {
		t.Fatalf("claimed %+v %+v", d, hook)
	}
	// Claimed: leased until the minute is over.
	if again, _ := s.ClaimWebhookDeliveries(ctx, now, now.Add(time.Minute), 10); len(again) != 0 {
		t.Fatalf("claimed twice: %+v", again)
	}
	d.Body, d.LastStatus, d.LastError, d.NextAttemptAt = []byte(`{"a":1}`), 503, "status 503", now.Add(10*time.Second)
	if err := s.RecordWebhookAttempt(ctx, d); err != nil {
		t.Fatal(err)
	}
	again, err := s.ClaimWebhookDeliveries(ctx, now.Add(10*time.Second), now.Add(time.Minute), 10)
	if err != nil || len(again) != 1 {
		t.Fatalf("second claim %+v, %v", again, err)
	}
	d = again[0].Delivery
	if d.Attempts != 2 || string(d.Body) != `{"a":1}` || d.LastStatus != 503 || d.LastError != "status 503" {
		t.Fatalf("second claim %+v", d)
	}
	at := now.Add(11 * time.Second)
	d.LastStatus, d.LastError, d.DeliveredAt = 204, "", &at
	if err := s.RecordWebhookAttempt(ctx, d); err != nil {
		t.Fatal(err)
	}
	if more, _ := s.ClaimWebhookDeliveries(ctx, now.Add(time.Hour), now.Add(2*time.Hour), 10); len(more) != 0 {
		t.Fatalf("delivered one claimed again: %+v", more)
	}
	list, err := s.WebhookDeliveries(ctx, comments.ID, 5)
	if err != nil || len(list) != 1 || list[0].DeliveredAt == nil || !list[0].DeliveredAt.Equal(at) || list[0].LastStatus != 204 || list[0].LastError != "" {
		t.Fatalf("deliveries %+v, %v", list, err)
	}
}

// Two claimers at once never get the same delivery (SKIP LOCKED).
func TestWebhookClaimConcurrent(t *testing.T) {
	ctx := context.Background()
	s := newStore(t)
	alice := mustUser(t, s, "alice")
	post := mustPost(t, s, alice, 0, ptr(now.Add(-time.Hour)), "hello")
	mustHook(t, s, alice, stgypub.EventPostUpdated)
	const n = 40
	for range n {
		if err := s.EnqueueWebhookEvent(ctx, alice, stgypub.EventPostUpdated, post, 0, now); err != nil {
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
				got, err := s.ClaimWebhookDeliveries(ctx, now, now.Add(time.Hour), 3)
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

func TestWebhookAnnouncePublication(t *testing.T) {
	ctx := context.Background()
	s := newStore(t)
	alice := mustUser(t, s, "alice")
	h := mustHook(t, s, alice, stgypub.EventPostPublished, stgypub.EventPostUnpublished)
	post := mustPost(t, s, alice, 0, nil, "draft")
	events := func() []stgypub.WebhookEvent {
		t.Helper()
		list, err := s.WebhookDeliveries(ctx, h.ID, 50)
		if err != nil {
			t.Fatal(err)
		}
		var out []stgypub.WebhookEvent
		for i := len(list) - 1; i >= 0; i-- {
			out = append(out, list[i].Event)
		}
		return out
	}
	announce := func(at time.Time) {
		t.Helper()
		if err := s.AnnouncePublication(ctx, post, at); err != nil {
			t.Fatal(err)
		}
	}
	announce(now) // a draft: nothing
	if got := events(); len(got) != 0 {
		t.Fatalf("draft announced: %v", got)
	}
	if err := s.SetPublication(ctx, post, ptr(now)); err != nil {
		t.Fatal(err)
	}
	announce(now)
	announce(now.Add(time.Second)) // once only
	if got := events(); len(got) != 1 || got[0] != stgypub.EventPostPublished {
		t.Fatalf("after publishing: %v", got)
	}
	// The poller finds it marked already.
	if posts, _, err := s.AnnounceDuePosts(ctx, now.Add(time.Minute), now.Add(-24*time.Hour), 10); err != nil || posts != 0 {
		t.Fatalf("poller marked %d (%v) after the owner's announcement", posts, err)
	}
	if err := s.SetPublication(ctx, post, nil); err != nil {
		t.Fatal(err)
	}
	announce(now.Add(2 * time.Second))
	announce(now.Add(3 * time.Second))
	if got := events(); len(got) != 2 || got[1] != stgypub.EventPostUnpublished {
		t.Fatalf("after unpublishing: %v", got)
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
	mustPost(t, s, alice, 0, ptr(now.Add(-48*time.Hour)), "old, imported")
	// Before it falls due: nothing.
	if posts, _, err := s.AnnounceDuePosts(ctx, now, now.Add(-24*time.Hour), 10); err != nil || posts != 0 {
		t.Fatalf("before due: %d posts, %v", posts, err)
	}
	later := now.Add(2 * time.Hour)
	posts, deliveries, err := s.AnnounceDuePosts(ctx, later, later.Add(-24*time.Hour), 10)
	if err != nil || posts != 2 || deliveries != 1 {
		t.Fatalf("due: %d posts, %d deliveries, %v; want 2, 1", posts, deliveries, err)
	}
	list, _ := s.WebhookDeliveries(ctx, h.ID, 10)
	if len(list) != 1 || list[0].PostID != scheduled || list[0].Event != stgypub.EventPostPublished || !list[0].OccurredAt.Equal(later) {
		t.Fatalf("deliveries %+v", list)
	}
	if posts, _, _ := s.AnnounceDuePosts(ctx, later, later.Add(-24*time.Hour), 10); posts != 0 {
		t.Fatalf("announced twice: %d", posts)
	}
}
