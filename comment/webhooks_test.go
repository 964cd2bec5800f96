package comment_test

import (
	"context"
	"testing"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/comment"
)

// A reader's pending comment queues COMMENT_POSTED, its approval
// COMMENT_APPROVED, for the post owner's subscribed hooks only.
func TestCommentWebhookEvents(t *testing.T) {
	ctx := context.Background()
	e := newEnv(t, "moderated")
	e.svc = comment.New(e.st.Comments, e.gate, e.cache, comment.Config{Now: e.clk.Now})
	hook := &stgypub.Webhook{OwnerID: e.owner.ID, URL: "https://example.com/", Secret: "s",
		Events: []stgypub.WebhookEvent{stgypub.EventCommentPosted, stgypub.EventCommentApproved}}
	if err := e.st.Webhooks.CreateWebhook(ctx, hook, 10); err != nil {
		t.Fatal(err)
	}
	other := &stgypub.Webhook{OwnerID: e.reader.ID, URL: "https://example.com/", Secret: "s", Events: stgypub.WebhookEvents}
	if err := e.st.Webhooks.CreateWebhook(ctx, other, 10); err != nil {
		t.Fatal(err)
	}
	c := e.mustReaderPost(e.post, "Ann")
	if c.Status != stgypub.CommentPending {
		t.Fatalf("status %s, want pending", c.Status)
	}
	if _, err := e.svc.Approve(ctx, e.owner, c.ID); err != nil {
		t.Fatal(err)
	}
	list, err := e.st.Webhooks.WebhookDeliveries(ctx, hook.ID, 10)
	if err != nil || len(list) != 2 {
		t.Fatalf("deliveries %+v, %v", list, err)
	}
	approved, posted := list[0], list[1]
	if list[0].Event == stgypub.EventCommentPosted { // same occurred_at: either order
		approved, posted = posted, approved
	}
	if posted.Event != stgypub.EventCommentPosted || approved.Event != stgypub.EventCommentApproved ||
		posted.CommentID != c.ID || approved.CommentID != c.ID || posted.PostID != e.post {
		t.Fatalf("deliveries %+v %+v", posted, approved)
	}
	if list, _ := e.st.Webhooks.WebhookDeliveries(ctx, other.ID, 10); len(list) != 0 {
		t.Fatalf("another owner's hook got %+v", list)
	}
}
