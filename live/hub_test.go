package live_test

import (
	"context"
	"testing"
	"time"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/live"
)

// TestLocalHub: without Redis, events reach this process's subscribers by
// topic; a subscription ends with its context (channel closed, count
// back to 0); a slow subscriber loses comment events beyond its buffer
// (counted), and view signals coalesce.
func TestLocalHub(t *testing.T) {
	h := live.New(nil, "", nil)
	ctx, cancel := context.WithCancel(context.Background())
	owner, post, other := stgypub.ID(0x1A00000000000001), stgypub.ID(0x1A00000000000002), stgypub.ID(0x1A00000000000003)
	comments := h.Comments(ctx, post)
	elsewhere := h.Comments(ctx, other)
	notes := h.Notifications(ctx, owner)
	views := h.Views(ctx, owner)
	if n := h.Subscribers(); n != 4 {
		t.Fatalf("subscribers %d", n)
	}
	c := &stgypub.Comment{ID: 7, PostID: post, Status: stgypub.CommentPending}
	h.CommentAdded(ctx, owner, c, &stgypub.CommentNotification{ID: 8, UserID: owner, CommentID: 7})
	if ev := <-comments; ev.Comment.ID != 7 || ev.Owner != owner {
		t.Fatalf("comment event %+v", ev)
	}
	if ev := <-notes; ev.Notification.ID != 8 {
		t.Fatalf("notification event %+v", ev)
	}
	select {
	case ev := <-elsewhere:
		t.Fatalf("another post's subscriber got %+v", ev)
	default:
	}
	for range live.CommentBuffer + 3 {
		h.CommentAdded(ctx, owner, c, nil)
	}
	if d := h.Dropped(); d != 3 {
		t.Fatalf("dropped %d, want 3", d)
	}
	h.ViewsRecorded(ctx, []stgypub.ID{owner})
	h.ViewsRecorded(ctx, []stgypub.ID{owner})
	<-views
	cancel()
	deadline := time.Now().Add(5 * time.Second)
	for h.Subscribers() != 0 {
		if time.Now().After(deadline) {
			t.Fatalf("subscribers %d after cancel", h.Subscribers())
		}
		time.Sleep(time.Millisecond)
	}
	n := 0
	for range comments {
		n++
	}
	if n != live.CommentBuffer {
		t.Fatalf("buffered %d, want %d, then closed", n, live.CommentBuffer)
	}
}
