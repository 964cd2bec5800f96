package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/uptrace/bun"

	"github.com/stgy/stgypub"
)

// The webhook delivery queue (docs/WEBHOOKS.md "Retries"): events are
// queued in the transaction of the write that causes them (a
// transactional outbox: a committed write always has its deliveries, a
// rolled back one none) and by the scheduled post poller, claimed by the
// workers of any number of processes and marked with each attempt's
// outcome.
var (
	sqlWebhookEnqueue   = sqlFile("webhook_enqueue")
	sqlWebhookPostState = sqlTemplate("webhook_post_state", "webhook_post_state", variant{})
	sqlWebhookDuePosts  = sqlTemplate("webhook_due_posts", "webhook_due_posts", variant{})
	sqlWebhookMark      = sqlText("webhook_mark", `INSERT INTO post_webhook_marks (post_id) VALUES ($1) ON CONFLICT DO NOTHING RETURNING post_id`)
	sqlWebhookUnmark    = sqlText("webhook_unmark", `DELETE FROM post_webhook_marks WHERE post_id = $1 RETURNING post_id`)
	sqlWebhookClaim     = sqlFile("webhook_claim")
	sqlWebhookAttempted = sqlFile("webhook_attempted")
)

type deliveryRow struct {
	ID         string    `bun:"id"`
	HookID     int64     `bun:"hook_id"`
	Event      string    `bun:"event"`
	PostID     int64     `bun:"post_id"`
	CommentID  *int64    `bun:"comment_id"`
	OccurredAt time.Time `bun:"occurred_at"`
	attemptRow
}

func (r *deliveryRow) toDomain() *stgypub.WebhookDelivery {
	d := &stgypub.WebhookDelivery{
		ID: r.ID, HookID: stgypub.ID(r.HookID), Event: stgypub.WebhookEvent(r.Event), PostID: stgypub.ID(r.PostID),
		OccurredAt: r.OccurredAt.UTC(), DeliveryAttempts: r.attemptRow.toDomain(),
	}
	if r.CommentID != nil {
		d.CommentID = stgypub.ID(*r.CommentID)
	}
	return d
}

// queueWebhookEvent queues ev about post (and comment, 0 for none),
// occurring at now, for each of owner's hooks subscribed to it, in db (the
// write's transaction). It returns how many deliveries it queued.
func queueWebhookEvent(ctx context.Context, db bun.IDB, owner stgypub.ID, ev stgypub.WebhookEvent, post, comment stgypub.ID, now time.Time) (int, error) {
	var commentArg *int64
	if comment != 0 {
		c := int64(comment)
		commentArg = &c
	}
	var ids []string
	err := sqlWebhookEnqueue.raw(db, int64(owner), string(ev), int64(post), commentArg, now.UTC()).Scan(ctx, &ids)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return 0, fmt.Errorf("store: queue %s of %s: %w", ev, post, err)
	}
	return len(ids), nil
}

// queuePostEvent applies stgypub.PostWebhookEvent to write w of post id
// in tx, the write's transaction: after the write, or before it for
// PostDeleted (the mark goes with the post). It locks the post row, reads
// whether the post is visible at now and was announced, moves the mark
// (POST_PUBLISHED inserts it, POST_UNPUBLISHED deletes it; a mark another
// transaction moved first means that one announced, and nothing is
// queued) and queues the event for the owner's subscribed hooks. It
// returns how many deliveries it queued; a missing post queues nothing.
func queuePostEvent(ctx context.Context, tx bun.IDB, id stgypub.ID, w stgypub.PostWrite, now time.Time) (int, error) {
	var st struct {
		OwnedBy   int64 `bun:"owned_by"`
		Visible   bool  `bun:"visible"`
		Announced bool  `bun:"announced"`
	}
	err := sqlWebhookPostState.raw(tx, now.UTC(), int64(id)).Scan(ctx, &st)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, nil
	}
	if err != nil {
		return 0, fmt.Errorf("store: webhook state of %s: %w", id, err)
	}
	ev, ok := stgypub.PostWebhookEvent(w, st.Announced, st.Visible)
	if !ok {
		return 0, nil
	}
	var mark *statement
	switch ev {
	case stgypub.EventPostPublished:
		mark = sqlWebhookMark
	case stgypub.EventPostUnpublished:
		mark = sqlWebhookUnmark
	}
	if mark != nil {
		var marked []int64
		if err := mark.raw(tx, int64(id)).Scan(ctx, &marked); err != nil && !errors.Is(err, sql.ErrNoRows) {
			return 0, fmt.Errorf("store: webhook mark of %s: %w", id, err)
		}
		if len(marked) == 0 {
			return 0, nil // announced by another transaction
		}
	}
	if err := queueFederationPostEvent(ctx, tx, stgypub.ID(st.OwnedBy), ev, id, now); err != nil {
		return 0, err
	}
	return queueWebhookEvent(ctx, tx, stgypub.ID(st.OwnedBy), ev, id, 0, now)
}

// webhooksQueued tells s.WebhookQueued (when set) that a committed write
// queued n deliveries (n > 0), so this process's worker sends them now.
func (s *shared) webhooksQueued(n int) {
	if n > 0 && s.WebhookQueued != nil {
		s.WebhookQueued()
	}
}

// AnnounceDuePosts judges up to limit posts whose publication time lies
// in (since, now] and that were not announced (the scheduled post
// poller), each in its own transaction with the rule every write uses
// (queuePostEvent, PostPublicationSet): POST_PUBLISHED is queued for the
// owners' subscribed hooks and the post marked. It returns how many posts
// it looked at (fewer than limit means none is left) and how many
// deliveries it queued.
func (s *Webhooks) AnnounceDuePosts(ctx context.Context, now, since time.Time, limit int) (posts, deliveries int, err error) {
	var ids []int64
	if err := sqlWebhookDuePosts.raw(s.DB, now.UTC(), since.UTC(), limit).Scan(ctx, &ids); err != nil && !errors.Is(err, sql.ErrNoRows) {
		return 0, 0, fmt.Errorf("store: due posts: %w", err)
	}
	for _, id := range ids {
		var n int
		err := s.DB.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
			var err error
			n, err = queuePostEvent(ctx, tx, stgypub.ID(id), stgypub.PostPublicationSet, now)
			return err
		})
		if err != nil {
			return posts, deliveries, fmt.Errorf("store: announce due post: %w", err)
		}
		posts++
		deliveries += n
	}
	return posts, deliveries, nil
}

// ClaimWebhookDeliveries claims up to limit deliveries due at now for
// one attempt each, skipping rows another process holds (FOR UPDATE SKIP
// LOCKED): each is counted as attempted and left until leaseEnd, when it
// is due again unless RecordWebhookAttempt says otherwise first.
func (s *Webhooks) ClaimWebhookDeliveries(ctx context.Context, now, leaseEnd time.Time, limit int) ([]stgypub.WebhookClaim, error) {
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
func (s *Webhooks) RecordWebhookAttempt(ctx context.Context, d *stgypub.WebhookDelivery) error {
	status, msg := attemptOutcome(&d.DeliveryAttempts)
	_, err := sqlWebhookAttempted.raw(s.DB, d.ID, d.Body, status, msg, utcPtr(d.DeliveredAt), d.NextAttemptAt.UTC(), utcPtr(d.FailedAt)).Exec(ctx)
	if err != nil {
		return fmt.Errorf("store: record attempt of %s: %w", d.ID, err)
	}
	return nil
}
