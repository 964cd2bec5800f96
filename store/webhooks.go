package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/uptrace/bun"
	"github.com/uptrace/bun/dialect/pgdialect"

	"github.com/stgy/stgypub"
)

// Webhooks is the part of the store for webhooks and their delivery
// queue (webhooks_queue.go): stgypub.WebhookStore.
type Webhooks struct{ *shared }

var _ stgypub.WebhookStore = (*Webhooks)(nil)

// Webhooks and their delivery queue (docs/WEBHOOKS.md).
var (
	sqlWebhookLockOwner        = sqlFile("webhook_lock_owner")
	sqlWebhookInsert           = sqlFile("webhook_insert")
	sqlWebhooksByOwner         = sqlFile("webhooks_by_owner")
	sqlWebhookDelete           = sqlFile("webhook_delete")
	sqlWebhookDeliveriesRecent = sqlFile("webhook_deliveries_recent")
)

type webhookRow struct {
	ID        int64     `bun:"id"`
	OwnerID   int64     `bun:"owner_id"`
	URL       string    `bun:"url"`
	Events    []string  `bun:"events,array"`
	Secret    string    `bun:"secret"`
	CreatedAt time.Time `bun:"created_at"`
}

func (r *webhookRow) toDomain() *stgypub.Webhook {
	h := &stgypub.Webhook{ID: stgypub.ID(r.ID), OwnerID: stgypub.ID(r.OwnerID), URL: r.URL, Secret: r.Secret, CreatedAt: r.CreatedAt.UTC()}
	for _, e := range r.Events {
		h.Events = append(h.Events, stgypub.WebhookEvent(e))
	}
	return h
}

// CreateWebhook stores h (ID and CreatedAt set here) unless its owner
// has max hooks already: CodeWebhookLimit then, NOT_FOUND for an owner
// that does not exist. The owner's row is locked meanwhile, so
// concurrent creations never pass the limit together.
func (s *Webhooks) CreateWebhook(ctx context.Context, h *stgypub.Webhook, max int) error {
	h.ID = NewID()
	h.CreatedAt = s.Now().UTC().Truncate(time.Microsecond)
	events := make([]string, len(h.Events))
	for i, e := range h.Events {
		events[i] = string(e)
	}
	return s.DB.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		var owner []int64
		if err := sqlWebhookLockOwner.raw(tx, int64(h.OwnerID)).Scan(ctx, &owner); err != nil && !errors.Is(err, sql.ErrNoRows) {
			return fmt.Errorf("store: lock owner %s: %w", h.OwnerID, err)
		}
		if len(owner) == 0 {
			return notFound("owner")
		}
		var ids []int64
		err := sqlWebhookInsert.raw(tx, int64(h.ID), int64(h.OwnerID), h.URL, pgdialect.Array(events), h.Secret, h.CreatedAt, max).Scan(ctx, &ids)
		if err != nil && !errors.Is(err, sql.ErrNoRows) {
			return fmt.Errorf("store: insert webhook: %w", err)
		}
		if len(ids) == 0 {
			return stgypub.Errorf(stgypub.CodeWebhookLimit, "at most %d webhooks per owner: delete one first", max)
		}
		return nil
	})
}

// Webhooks returns owner's hooks, oldest first.
func (s *Webhooks) Webhooks(ctx context.Context, owner stgypub.ID) ([]*stgypub.Webhook, error) {
	var rows []webhookRow
	if err := sqlWebhooksByOwner.raw(s.DB, int64(owner)).Scan(ctx, &rows); err != nil && !errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("store: webhooks of %s: %w", owner, err)
	}
	out := make([]*stgypub.Webhook, len(rows))
	for i := range rows {
		out[i] = rows[i].toDomain()
	}
	return out, nil
}

// DeleteWebhook deletes owner's hook id and its queued deliveries
// (deliveries being attempted finish; their outcome is dropped).
// NOT_FOUND when owner has no such hook.
func (s *Webhooks) DeleteWebhook(ctx context.Context, owner, id stgypub.ID) error {
	var ids []int64
	if err := sqlWebhookDelete.raw(s.DB, int64(id), int64(owner)).Scan(ctx, &ids); err != nil && !errors.Is(err, sql.ErrNoRows) {
		return fmt.Errorf("store: delete webhook %s: %w", id, err)
	}
	if len(ids) == 0 {
		return notFound("webhook")
	}
	return nil
}

// WebhookDeliveries returns hook's limit most recent deliveries, newest
// first.
func (s *Webhooks) WebhookDeliveries(ctx context.Context, hook stgypub.ID, limit int) ([]*stgypub.WebhookDelivery, error) {
	var rows []deliveryRow
	if err := sqlWebhookDeliveriesRecent.raw(s.DB, int64(hook), limit).Scan(ctx, &rows); err != nil && !errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("store: deliveries of %s: %w", hook, err)
	}
	out := make([]*stgypub.WebhookDelivery, len(rows))
	for i := range rows {
		out[i] = rows[i].toDomain()
	}
	return out, nil
}
