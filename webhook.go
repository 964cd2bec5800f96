package stgypub

import (
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"
)

// WebhookEvent names what a webhook delivery announces
// (docs/WEBHOOKS.md "Events").
type WebhookEvent string

// The events an owner's webhook may subscribe to.
const (
	// EventPostPublished: a post became visible on the site, by a
	// publication at or before now, a scheduled time falling due, or an
	// import or restore of a published post.
	EventPostPublished WebhookEvent = "POST_PUBLISHED"
	// EventPostUpdated: a published post's body or flags were saved.
	EventPostUpdated WebhookEvent = "POST_UPDATED"
	// EventPostUnpublished: a post announced as published was
	// unpublished, moved to a future time, or deleted.
	EventPostUnpublished WebhookEvent = "POST_UNPUBLISHED"
	// EventCommentPosted: a comment was stored, pending or published.
	EventCommentPosted WebhookEvent = "COMMENT_POSTED"
	// EventCommentApproved: a pending comment was approved.
	EventCommentApproved WebhookEvent = "COMMENT_APPROVED"
)

// WebhookEvents lists every event, in the order the API documents them.
var WebhookEvents = []WebhookEvent{EventPostPublished, EventPostUpdated, EventPostUnpublished, EventCommentPosted, EventCommentApproved}

// Webhook error codes (extensions.code): a URL that is well formed but
// names a target the server refuses to call (loopback, private,
// link-local, CGNAT, metadata, unspecified or multicast addresses, or a
// name resolving to one), and an owner at the per-owner limit.
const (
	CodeWebhookURLRefused = "WEBHOOK_URL_REFUSED"
	CodeWebhookLimit      = "WEBHOOK_LIMIT_REACHED"
)

// WebhookURLMaxLen is the longest webhook URL accepted, in bytes.
const WebhookURLMaxLen = 2048

// Webhook is an owner's endpoint. Secret (64 hexadecimal digits) keys the
// HMAC-SHA256 signature of every body sent to it.
type Webhook struct {
	ID        ID
	OwnerID   ID
	URL       string
	Events    []WebhookEvent
	Secret    string
	CreatedAt time.Time
}

// WebhookDelivery is one queued delivery of one event to one hook. ID
// (a UUID) is sent as the X-STGY-Delivery header and in the body, the
// same on every retry; the attempts' state is DeliveryAttempts.
type WebhookDelivery struct {
	ID         string
	HookID     ID
	Event      WebhookEvent
	PostID     ID
	CommentID  ID // 0 for post events
	OccurredAt time.Time
	DeliveryAttempts
}

// PostWrite is the kind of write to a post, as the webhook events judge
// it (PostWebhookEvent).
type PostWrite int

// The writes to a post that may announce something.
const (
	// PostPublicationSet: its published_at was set (setPostPublication, an
	// import updating it) or a scheduled time fell due (the poller).
	PostPublicationSet PostWrite = iota
	// PostCreated: inserted with its publication (an import or a restore).
	PostCreated
	// PostEdited: its body or flags were saved (updatePost, a restore
	// rewriting it); its publication is as before or as restored.
	PostEdited
	// PostDeleted: it is being deleted (deletePost).
	PostDeleted
)

// PostWebhookEvent is the one rule deciding which event a write to a post
// announces (docs/WEBHOOKS.md "Events"), from whether the post was
// announced as published before the write (its publication mark) and
// whether it is visible (IsPublished) after it:
//
//   - deleted: POST_UNPUBLISHED when it was announced (the body says
//     "deleted"), else nothing;
//   - visible and not announced: POST_PUBLISHED (a publication, a
//     scheduled time falling due, an import or restore of a published
//     post, or an edit of a post the poller had not announced yet);
//   - announced and not visible: POST_UNPUBLISHED (unpublished or moved
//     to a future time);
//   - announced and visible: POST_UPDATED for an edit, nothing for a new
//     publication time in the past.
//
// ok is false when the write announces nothing. POST_PUBLISHED sets the
// mark, POST_UNPUBLISHED clears it; the store applies both in the
// write's transaction.
func PostWebhookEvent(w PostWrite, announced, visible bool) (ev WebhookEvent, ok bool) {
	switch {
	case w == PostDeleted && announced:
		return EventPostUnpublished, true
	case w == PostDeleted:
		return "", false
	case visible && !announced:
		return EventPostPublished, true
	case !visible && announced:
		return EventPostUnpublished, true
	case visible && w == PostEdited:
		return EventPostUpdated, true
	}
	return "", false
}

// ParseWebhookEvents checks a hook's event list: at least one, each one
// of WebhookEvents; duplicates are dropped and the order is
// WebhookEvents'. BAD_USER_INPUT (field "events") otherwise.
func ParseWebhookEvents(in []WebhookEvent) ([]WebhookEvent, error) {
	if len(in) == 0 {
		return nil, FieldErrorf("events", "at least one event is required")
	}
	var out []WebhookEvent
	for _, ev := range WebhookEvents {
		if slices.Contains(in, ev) {
			out = append(out, ev)
		}
	}
	for _, s := range in {
		if !slices.Contains(WebhookEvents, s) {
			return nil, FieldErrorf("events", "unknown event %q", s)
		}
	}
	return out, nil
}

// CheckWebhookURL checks a hook's URL before any address is looked at:
// absolute, at most WebhookURLMaxLen bytes, a host, a port (when given)
// from 1 to 65535, no user information or fragment, and https, or http when allowHTTP (development and tests
// only, STGY_WEBHOOK_ALLOW_LOOPBACK). It returns the URL as parsed;
// BAD_USER_INPUT (field "url") otherwise. Where the host points is
// checked by the webhook client when it connects.
func CheckWebhookURL(raw string, allowHTTP bool) (*url.URL, error) {
	if raw != strings.TrimSpace(raw) || raw == "" {
		return nil, FieldErrorf("url", "url must be an absolute https URL without surrounding spaces")
	}
	if len(raw) > WebhookURLMaxLen {
		return nil, FieldErrorf("url", "url must be at most %d bytes", WebhookURLMaxLen)
	}
	u, err := url.Parse(raw)
	if err != nil || u.Host == "" || u.Hostname() == "" {
		return nil, FieldErrorf("url", "url must be an absolute https URL with a host")
	}
	switch {
	case u.Scheme == "https":
	case u.Scheme == "http" && allowHTTP:
	default:
		return nil, FieldErrorf("url", "url must use https")
	}
	if u.User != nil || u.Fragment != "" || strings.Contains(raw, "#") {
		return nil, FieldErrorf("url", "url must not hold user information or a fragment")
	}
	if p := u.Port(); p != "" {
		if n, err := strconv.Atoi(p); err != nil || n < 1 || n > 65535 {
			return nil, FieldErrorf("url", "url's port must be a number from 1 to 65535")
		}
	}
	return u, nil
}

// WebhookClaim is a delivery claimed for one attempt, with the hook it
// goes to (ID, OwnerID, URL and Secret set).
type WebhookClaim struct {
	Delivery *WebhookDelivery
	Hook     *Webhook
}
