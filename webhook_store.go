package stgypub

import (
	"context"
	"time"
)

// WebhookStore keeps the owners' webhooks and their delivery queue in
// PostgreSQL (store implements it; docs/WEBHOOKS.md). It checks no
// permissions: webhook.Service does.
type WebhookStore interface {
	// CreateWebhook stores h (ID and CreatedAt set) unless its owner has
	// max hooks already: CodeWebhookLimit then, NOT_FOUND for an owner
	// that does not exist. Concurrent creations never pass the limit
	// together.
	CreateWebhook(ctx context.Context, h *Webhook, max int) error
	// Webhooks returns owner's hooks, oldest first.
	Webhooks(ctx context.Context, owner ID) ([]*Webhook, error)
	// DeleteWebhook deletes owner's hook id and its queued deliveries;
	// NOT_FOUND when owner has no such hook.
	DeleteWebhook(ctx context.Context, owner, id ID) error
	// WebhookDeliveries returns hook's limit most recent deliveries,
	// newest first.
	WebhookDeliveries(ctx context.Context, hook ID, limit int) ([]*WebhookDelivery, error)
	// ClaimWebhookDeliveries claims up to limit deliveries due at now
	// for one attempt each, skipping rows another process holds: each is
	// counted as attempted and left until leaseEnd, when it is due again
	// unless RecordWebhookAttempt says otherwise first
	// (docs/WEBHOOKS.md "Retries").
	ClaimWebhookDeliveries(ctx context.Context, now, leaseEnd time.Time, limit int) ([]WebhookClaim, error)
	// RecordWebhookAttempt stores an attempt's outcome on d (Body,
	// LastStatus, LastError, DeliveredAt, NextAttemptAt, FailedAt as the
	// caller set them); a delivery deleted meanwhile is ignored.
	RecordWebhookAttempt(ctx context.Context, d *WebhookDelivery) error
	// AnnounceDuePosts queues POST_PUBLISHED for the posts whose
	// scheduled publication fell due in (since, now] and were not
	// announced (the scheduled-post poller), with the rule of every write
	// (PostWebhookEvent). It returns how many posts it looked at (fewer
	// than limit: none is left) and how many deliveries it queued.
	AnnounceDuePosts(ctx context.Context, now, since time.Time, limit int) (posts, deliveries int, err error)
}
