package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/stgy/stgypub"
)

// The webhook delivery queue (docs/WEBHOOKS.md "Retries"): events are
// queued by the writes and the publication poller, claimed by the workers
// of any number of processes and marked with each attempt's outcome.
var (
	sqlWebhookEnqueue      = sqlFile("webhook_enqueue")
	sqlWebhookAnnouncePost = sqlTemplate("webhook_announce_post", "webhook_announce_post", variant{})
	sqlWebhookAnnounceDue  = sqlTemplate("webhook_announce_due", "webhook_announce_due", variant{})
	sqlWebhookClaim        = sqlFile("webhook_claim")
	sqlWebhookAttempted    = sqlFile("webhook_attempted")
)

type deliveryRow struct {
	ID            string     `bun:"id"`
	HookID        int64      `bun:"hook_id"`
	Event         string     `bun:"event"`
	PostID        int64      `bun:"post_id"`
	CommentID     *int64     `bun:"comment_id"`
	OccurredAt    time.Time  `bun:"occurred_at"`
	Body          []byte     `bun:"body"`
	Attempts      int        `bun:"attempts"`
	NextAttemptAt time.Time  `bun:"next_attempt_at"`
	LastStatus    *int       `bun:"last_status"`
	LastError     *string    `bun:"last_error"`
	DeliveredAt   *time.Time `bun:"delivered_at"`
	FailedAt      *time.Time `bun:"failed_at"`
}

func (r *deliveryRow) toDomain() *stgypub.WebhookDelivery {
	d := &stgypub.WebhookDelivery{
		ID: r.ID, HookID: stgypub.ID(r.HookID), Event: stgypub.WebhookEvent(r.Event), PostID: stgypub.ID(r.PostID),
		OccurredAt: r.OccurredAt.UTC(), Body: r.Body, Attempts: r.Attempts, NextAttemptAt: r.NextAttemptAt.UTC(),
		DeliveredAt: utcPtr(r.DeliveredAt), FailedAt: utcPtr(r.FailedAt),
	}
	if r.CommentID != nil {
		d.CommentID = stgypub.ID(*r.CommentID)
	}
	if r.LastStatus != nil {
		d.LastStatus = *r.LastStatus
	}
	if r.LastError != nil {
		d.LastError = *r.LastError
	}
	return d
}

// EnqueueWebhookEvent implements stgypub.WebhookQueue.
func (s *Store) EnqueueWebhookEvent(ctx context.Context, owner stgypub.ID, ev stgypub.WebhookEvent, post, comment stgypub.ID, now time.Time) error {
	var commentArg *int64
	if comment != 0 {
		c := int64(comment)
		commentArg = &c
	}
	var ids []string
	err := sqlWebhookEnqueue.raw(s.DB, int64(owner), string(ev), int64(post), commentArg, now.UTC()).Scan(ctx, &ids)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return fmt.Errorf("store: enqueue %s of %s: %w", ev, post, err)
	}
	return nil
}

// AnnouncePublication implements stgypub.WebhookQueue.
func (s *Store) AnnouncePublication(ctx context.Context, id stgypub.ID, now time.Time) error {
	var ids []string
	err := sqlWebhookAnnouncePost.raw(s.DB, now.UTC(), int64(id)).Scan(ctx, &ids)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return fmt.Errorf("store: announce publication of %s: %w", id, err)
	}
	return nil
}

// AnnounceDuePosts marks up to limit posts whose publication time lies
// in (since, now] and that were not announced, queueing POST_PUBLISHED
// for their owners' hooks (the scheduled post poller). It returns how
// many posts it marked; fewer than limit means none is left.
func (s *Store) AnnounceDuePosts(ctx context.Context, now, since time.Time, limit int) (posts, deliveries int, err error) {
	var row struct {
		Posts      int `bun:"posts"`
		Deliveries int `bun:"deliveries"`
	}
	if err := sqlWebhookAnnounceDue.raw(s.DB, now.UTC(), since.UTC(), limit).Scan(ctx, &row); err != nil {
		return 0, 0, fmt.Errorf("store: announce due posts: %w", err)
	}
	return row.Posts, row.Deliveries, nil
}

// ClaimWebhookDeliveries claims up to limit deliveries due at now for
// one attempt each, skipping rows another process holds (FOR UPDATE SKIP
// LOCKED): each is counted as attempted and left until leaseEnd, when it
// is due again unless RecordWebhookAttempt says otherwise first.
func (s *Store) ClaimWebhookDeliveries(ctx context.Context, now, leaseEnd time.Time, limit int) ([]stgypub.WebhookClaim, error) {
	var rows []struct {
		deliveryRow
		URL     string `bun:"url"`
		Secret  string `bun:"secret"`
		OwnerID int64  `bun:"owner_id"`
	}
	if err := sqlWebhookClaim.raw(s.DB, now.UTC(), leaseEnd.UTC(), limit).Scan(ctx, &rows); err != nil && !errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("store: claim deliveries: %w", err)
	}
	out := make([]stgypub.WebhookClaim, len(rows))
	for i := range rows {
		d := rows[i].toDomain()
		out[i] = stgypub.WebhookClaim{Delivery: d, Hook: &stgypub.Webhook{ID: d.HookID, OwnerID: stgypub.ID(rows[i].OwnerID), URL: rows[i].URL, Secret: rows[i].Secret}}
	}
	return out, nil
}

// RecordWebhookAttempt stores an attempt's outcome on delivery d: its
// Body, LastStatus (0: none), LastError, DeliveredAt, NextAttemptAt and
// FailedAt as set by the caller. A delivery deleted meanwhile (its hook
// was) is ignored.
func (s *Store) RecordWebhookAttempt(ctx context.Context, d *stgypub.WebhookDelivery) error {
	var status *int
	if d.LastStatus != 0 {
		status = &d.LastStatus
	}
	var msg *string
	if d.LastError != "" {
		msg = &d.LastError
	}
	_, err := sqlWebhookAttempted.raw(s.DB, d.ID, d.Body, status, msg, utcPtr(d.DeliveredAt), d.NextAttemptAt.UTC(), utcPtr(d.FailedAt)).Exec(ctx)
	if err != nil {
		return fmt.Errorf("store: record attempt of %s: %w", d.ID, err)
	}
	return nil
}
