package webhook

import (
	"encoding/json"
	"time"

	"github.com/stgy/stgypub"
)

// Body is the JSON every delivery POSTs (docs/WEBHOOKS.md "Body"): the
// event, when it occurred (RFC 3339, UTC), the delivery ID (as the
// X-STGY-Delivery header), the owner, post and, for comment events,
// comment IDs (16 hexadecimal digits), the post's canonical URL and its
// display title (stgypub.DisplayTitle in the site's time zone; "" when
// the post was deleted before the first attempt, and Deleted is then
// true: a deleted announced post is POST_UNPUBLISHED with Deleted).
type Body struct {
	Event      stgypub.WebhookEvent `json:"event"`
	Time       string               `json:"time"`
	DeliveryID string               `json:"deliveryId"`
	OwnerID    string               `json:"ownerId"`
	PostID     string               `json:"postId"`
	CommentID  string               `json:"commentId,omitempty"`
	URL        string               `json:"url"`
	Title      string               `json:"title"`
	Deleted    bool                 `json:"deleted,omitempty"`
}

// NewBody is the body of d for a hook of owner; base is the server's
// base URL (no trailing slash), post nil when it is gone.
func NewBody(d *stgypub.WebhookDelivery, owner stgypub.ID, base string, post *stgypub.Post, loc *time.Location) ([]byte, error) {
	b := Body{
		Event: d.Event, Time: d.OccurredAt.UTC().Format(time.RFC3339Nano), DeliveryID: d.ID,
		OwnerID: owner.String(), PostID: d.PostID.String(), URL: base + "/pub/" + d.PostID.String(),
	}
	if d.CommentID != 0 {
		b.CommentID = d.CommentID.String()
	}
	if post != nil {
		b.Title = post.DisplayTitle(loc)
	} else {
		b.Deleted = true
	}
	return json.Marshal(b)
}
