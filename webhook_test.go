package stgypub

import "testing"

// TestPostWebhookEvent: every (write, announced, visible) case of the
// one rule.
func TestPostWebhookEvent(t *testing.T) {
	const none WebhookEvent = ""
	cases := []struct {
		w                  PostWrite
		announced, visible bool
		want               WebhookEvent
	}{
		{PostPublicationSet, false, false, none},
		{PostPublicationSet, false, true, EventPostPublished},
		{PostPublicationSet, true, false, EventPostUnpublished},
		{PostPublicationSet, true, true, none}, // a new time in the past
		{PostCreated, false, false, none},
		{PostCreated, false, true, EventPostPublished},
		{PostEdited, false, false, none},
		{PostEdited, false, true, EventPostPublished}, // fell due, not polled yet
		{PostEdited, true, false, EventPostUnpublished},
		{PostEdited, true, true, EventPostUpdated},
		{PostDeleted, false, false, none},
		{PostDeleted, false, true, none}, // never announced: nothing to take back
		{PostDeleted, true, false, EventPostUnpublished},
		{PostDeleted, true, true, EventPostUnpublished},
	}
	for _, c := range cases {
		ev, ok := PostWebhookEvent(c.w, c.announced, c.visible)
		if ok != (c.want != none) || ev != c.want {
			t.Errorf("PostWebhookEvent(%d, announced %v, visible %v) = %q, %v; want %q", c.w, c.announced, c.visible, ev, ok, c.want)
		}
	}
}
