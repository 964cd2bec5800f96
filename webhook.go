package stgypub

import (
	"context"
	"net/url"
	"slices"
	"strings"
	"time"
)

// WebhookEvent names what a webhook delivery announces
// (docs/WEBHOOKS.md "Events").
type WebhookEvent string

// The events an owner's webhook may subscribe to.
const (
	// EventPostPublished: a post became visible on the site, by a
	// publication at or before now or a scheduled time falling due.
	EventPostPublished WebhookEvent = "POST_PUBLISHED"
	// EventPostUpdated: a published post's body or flags were saved.
	EventPostUpdated WebhookEvent = "POST_UPDATED"
	// EventPostUnpublished: a post announced as published was unpublished
	// or moved to a future time.
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
// same on every retry. Body is nil until the first attempt builds it.
// LastStatus is the last answer's HTTP status (0: no answer); LastError
// says why the last attempt failed ("" after success or before any).
// DeliveredAt is set by a 2xx answer, FailedAt when retries gave up.
type WebhookDelivery struct {
	ID            string
	HookID        ID
	Event         WebhookEvent
	PostID        ID
	CommentID     ID // 0 for post events
	OccurredAt    time.Time
	Body          []byte
	Attempts      int
	NextAttemptAt time.Time
	LastStatus    int
	LastError     string
	DeliveredAt   *time.Time
	FailedAt      *time.Time
}

// WebhookQueue enqueues events for the owners' hooks. Writes call it
// right after their commit; an error is only logged (the write is done),
// and the publication poller catches a POST_PUBLISHED an error lost.
type WebhookQueue interface {
	// AnnouncePublication enqueues POST_PUBLISHED when post id is visible
	// at now and not yet announced, POST_UNPUBLISHED when it was announced
	// and is no longer visible, and nothing otherwise; the mark and the
	// deliveries change in one statement, so of the owner's action and the
	// poller exactly one announces.
	AnnouncePublication(ctx context.Context, id ID, now time.Time) error
	// EnqueueWebhookEvent enqueues ev about post (and comment, 0 for none)
	// for each of owner's hooks subscribed to it, occurring at now.
	EnqueueWebhookEvent(ctx context.Context, owner ID, ev WebhookEvent, post, comment ID, now time.Time) error
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
// absolute, at most WebhookURLMaxLen bytes, a host, no user information
// or fragment, and https, or http when allowHTTP (development and tests
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
	return u, nil
}

// WebhookClaim is a delivery claimed for one attempt, with the hook it
// goes to (ID, OwnerID, URL and Secret set).
type WebhookClaim struct {
	Delivery *WebhookDelivery
	Hook     *Webhook
}
