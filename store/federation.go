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

// Federation is the part of the store for ActivityPub: actor keys,
// followers and the delivery queue (federation.go), remote comments
// (federation_comments.go), reactions and followers pages
// (federation_social.go): stgypub.FederationStore.
type Federation struct{ *shared }

var _ stgypub.FederationStore = (*Federation)(nil)

// Federation: key pairs, followers and the delivery queue
// (docs/FEDERATION.md).
var (
	sqlActorKey     = sqlText("federation_key", `SELECT user_id, public_pem, private_sealed, created_at FROM federation_keys WHERE user_id = $1`)
	sqlActorKeyPut  = sqlText("federation_key_put", `INSERT INTO federation_keys (user_id, public_pem, private_sealed, created_at) VALUES ($1, $2, $3, $4) ON CONFLICT (user_id) DO NOTHING`)
	sqlUserIDByName = sqlText("federation_user_by_login", `SELECT id FROM users WHERE lower(login_name) = lower($1)`)
	sqlFollowerPut  = sqlText("federation_follower_put", `INSERT INTO federation_followers (user_id, actor, inbox, shared_inbox, follow_id, created_at)
VALUES ($1, $2, $3, $4, $5, $6)
ON CONFLICT (user_id, actor) DO UPDATE SET inbox = EXCLUDED.inbox, shared_inbox = EXCLUDED.shared_inbox, follow_id = EXCLUDED.follow_id`)
	sqlFollowerDelete = sqlText("federation_follower_delete", `DELETE FROM federation_followers WHERE user_id = $1 AND actor = $2 AND ($3 = '' OR follow_id = $3)`)
	sqlFollowerCount  = sqlText("federation_follower_count", `SELECT count(*) FROM federation_followers WHERE user_id = $1`)
	sqlFollowers      = sqlText("federation_followers", `SELECT user_id, actor, inbox, shared_inbox, follow_id, created_at FROM federation_followers WHERE user_id = $1 ORDER BY created_at, actor`)
	sqlFedEnqueue     = sqlText("federation_enqueue", `INSERT INTO federation_deliveries (id, user_id, inbox, body, next_attempt_at, created_at) VALUES (gen_random_uuid(), $1, $2, $3, $4, $4) RETURNING id::text`)
	sqlFedClaim       = sqlFile("federation_claim")
	sqlFedEnqueuePost = sqlFile("federation_enqueue_post")
	sqlFedRetire      = sqlFile("federation_retire")
	sqlFedHostFailed  = sqlText("federation_host_failed", `INSERT INTO federation_hosts (host, failing_since, last_failure) VALUES ($1, $2, $2)
ON CONFLICT (host) DO UPDATE SET last_failure = EXCLUDED.last_failure`)
	sqlFedHostOK    = sqlText("federation_host_ok", `DELETE FROM federation_hosts WHERE host = $1`)
	sqlFedAttempted = sqlText("federation_attempted", `UPDATE federation_deliveries SET last_status = $2, last_error = $3, delivered_at = $4, next_attempt_at = $5, failed_at = $6, body = $7 WHERE id = $1::uuid`)
	sqlFedDelivery  = sqlText("federation_delivery", `SELECT id::text AS id, user_id, inbox, post_id, activity, body, attempts, next_attempt_at, last_status, last_error, delivered_at, failed_at, created_at FROM federation_deliveries WHERE id = $1::uuid`)
)

type actorKeyRow struct {
	UserID        int64     `bun:"user_id"`
	PublicPEM     string    `bun:"public_pem"`
	PrivateSealed []byte    `bun:"private_sealed"`
	CreatedAt     time.Time `bun:"created_at"`
}

// ActorKey returns the site's key pair or NOT_FOUND when none was made.
func (s *Federation) ActorKey(ctx context.Context, userID stgypub.ID) (*stgypub.ActorKey, error) {
	var rows []actorKeyRow
	if err := sqlActorKey.raw(s.DB, int64(userID)).Scan(ctx, &rows); err != nil && !errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("store: actor key of %s: %w", userID, err)
	}
	if len(rows) == 0 {
		return nil, notFound("actor key")
	}
	r := rows[0]
	return &stgypub.ActorKey{UserID: stgypub.ID(r.UserID), PublicPEM: r.PublicPEM, PrivateSealed: r.PrivateSealed, CreatedAt: r.CreatedAt.UTC()}, nil
}

// PutActorKey stores k unless the site has a key already, and returns
// the site's key either way: of two processes generating one at once,
// the first stored wins and both use it.
func (s *Federation) PutActorKey(ctx context.Context, k *stgypub.ActorKey) (*stgypub.ActorKey, error) {
	if _, err := sqlActorKeyPut.raw(s.DB, int64(k.UserID), k.PublicPEM, k.PrivateSealed, s.Now().UTC()).Exec(ctx); err != nil {
		return nil, fmt.Errorf("store: put actor key of %s: %w", k.UserID, err)
	}
	return s.ActorKey(ctx, k.UserID)
}

// UserIDByLoginFold returns the ID of the user whose login name equals
// login case-insensitively (the WebFinger handle), or NOT_FOUND.
func (s *Federation) UserIDByLoginFold(ctx context.Context, login string) (stgypub.ID, error) {
	var ids []int64
	if err := sqlUserIDByName.raw(s.DB, login).Scan(ctx, &ids); err != nil && !errors.Is(err, sql.ErrNoRows) {
		return 0, fmt.Errorf("store: user by login: %w", err)
	}
	if len(ids) == 0 {
		return 0, notFound("user")
	}
	return stgypub.ID(ids[0]), nil
}

type followerRow struct {
	UserID      int64     `bun:"user_id"`
	Actor       string    `bun:"actor"`
	Inbox       string    `bun:"inbox"`
	SharedInbox string    `bun:"shared_inbox"`
	FollowID    string    `bun:"follow_id"`
	CreatedAt   time.Time `bun:"created_at"`
}

// PutFollower stores f (CreatedAt set here on a new follower); a
// follower following again keeps its place and gets the new inbox and
// Follow ID.
func (s *Federation) PutFollower(ctx context.Context, f *stgypub.Follower) error {
	f.CreatedAt = s.Now().UTC().Truncate(time.Microsecond)
	_, err := sqlFollowerPut.raw(s.DB, int64(f.UserID), f.Actor, f.Inbox, f.SharedInbox, f.FollowID, f.CreatedAt).Exec(ctx)
	if err != nil {
		return fmt.Errorf("store: put follower of %s: %w", f.UserID, err)
	}
	return nil
}

// DeleteFollower removes actor from the site's followers; with a
// followID other than "" only when it was that Follow. It reports
// whether a follower was removed.
func (s *Federation) DeleteFollower(ctx context.Context, userID stgypub.ID, actor, followID string) (bool, error) {
	res, err := sqlFollowerDelete.raw(s.DB, int64(userID), actor, followID).Exec(ctx)
	if err != nil {
		return false, fmt.Errorf("store: delete follower of %s: %w", userID, err)
	}
	n, _ := res.RowsAffected()
	return n > 0, nil
}

// CountFollowers returns how many remote actors follow the site.
func (s *Federation) CountFollowers(ctx context.Context, userID stgypub.ID) (int, error) {
	var n int
	if err := sqlFollowerCount.raw(s.DB, int64(userID)).Scan(ctx, &n); err != nil {
		return 0, fmt.Errorf("store: count followers of %s: %w", userID, err)
	}
	return n, nil
}

// Followers lists the site's followers, oldest first.
func (s *Federation) Followers(ctx context.Context, userID stgypub.ID) ([]*stgypub.Follower, error) {
	var rows []followerRow
	if err := sqlFollowers.raw(s.DB, int64(userID)).Scan(ctx, &rows); err != nil && !errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("store: followers of %s: %w", userID, err)
	}
	out := make([]*stgypub.Follower, len(rows))
	for i, r := range rows {
		out[i] = &stgypub.Follower{UserID: stgypub.ID(r.UserID), Actor: r.Actor, Inbox: r.Inbox, SharedInbox: r.SharedInbox, FollowID: r.FollowID, CreatedAt: r.CreatedAt.UTC()}
	}
	return out, nil
}

type fedDeliveryRow struct {
	ID        string    `bun:"id"`
	UserID    int64     `bun:"user_id"`
	Inbox     string    `bun:"inbox"`
	PostID    *int64    `bun:"post_id"`
	Activity  *string   `bun:"activity"`
	CreatedAt time.Time `bun:"created_at"`
	attemptRow
}

func (r *fedDeliveryRow) toDomain() *stgypub.FederationDelivery {
	d := &stgypub.FederationDelivery{ID: r.ID, UserID: stgypub.ID(r.UserID), Inbox: r.Inbox, CreatedAt: r.CreatedAt.UTC(),
		DeliveryAttempts: r.attemptRow.toDomain()}
	if r.PostID != nil {
		d.PostID = stgypub.ID(*r.PostID)
	}
	if r.Activity != nil {
		d.Activity = *r.Activity
	}
	return d
}

// queueFederationPostEvent queues the activity of event ev about post
// (stgypub.PostActivity) for the inboxes of owner's followers when the
// site has federation on, in db (the write's transaction).
func queueFederationPostEvent(ctx context.Context, db bun.IDB, owner stgypub.ID, ev stgypub.WebhookEvent, post stgypub.ID, now time.Time) error {
	activity, ok := stgypub.PostActivity(ev)
	if !ok {
		return nil
	}
	var ids []string
	err := sqlFedEnqueuePost.raw(db, int64(owner), int64(post), activity, now.UTC()).Scan(ctx, &ids)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return fmt.Errorf("store: queue %s of %s to followers: %w", activity, post, err)
	}
	return nil
}

// EnqueueFederation queues body (an activity's JSON) for inbox, signed
// with userID's key, due at s.Now(); it returns the delivery's ID.
func (s *Federation) EnqueueFederation(ctx context.Context, userID stgypub.ID, inbox string, body []byte) (string, error) {
	var id string
	if err := sqlFedEnqueue.raw(s.DB, int64(userID), inbox, body, s.Now().UTC()).Scan(ctx, &id); err != nil {
		return "", fmt.Errorf("store: enqueue federation delivery: %w", err)
	}
	return id, nil
}

// ClaimFederationDeliveries claims up to limit deliveries due at now for
// one attempt each (FOR UPDATE SKIP LOCKED), leaving them until leaseEnd,
// when they are due again unless RecordFederationAttempt says otherwise
// first.
func (s *Federation) ClaimFederationDeliveries(ctx context.Context, now, leaseEnd time.Time, limit int) ([]*stgypub.FederationDelivery, error) {
	var rows []fedDeliveryRow
	if err := sqlFedClaim.raw(s.DB, now.UTC(), leaseEnd.UTC(), limit).Scan(ctx, &rows); err != nil && !errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("store: claim federation deliveries: %w", err)
	}
	out := make([]*stgypub.FederationDelivery, len(rows))
	for i := range rows {
		out[i] = rows[i].toDomain()
	}
	return out, nil
}

// RecordFederationAttempt stores an attempt's outcome on d: the Body
// sent (built at the first attempt of a post's activity), LastStatus
// (0: none), LastError, DeliveredAt, NextAttemptAt and FailedAt as the
// caller set them.
func (s *Federation) RecordFederationAttempt(ctx context.Context, d *stgypub.FederationDelivery) error {
	status, msg := attemptOutcome(&d.DeliveryAttempts)
	_, err := sqlFedAttempted.raw(s.DB, d.ID, status, msg, utcPtr(d.DeliveredAt), d.NextAttemptAt.UTC(), utcPtr(d.FailedAt), d.Body).Exec(ctx)
	if err != nil {
		return fmt.Errorf("store: record federation attempt of %s: %w", d.ID, err)
	}
	return nil
}

// FederationDelivery returns one delivery by ID or NOT_FOUND.
func (s *Federation) FederationDelivery(ctx context.Context, id string) (*stgypub.FederationDelivery, error) {
	var rows []fedDeliveryRow
	if err := sqlFedDelivery.raw(s.DB, id).Scan(ctx, &rows); err != nil && !errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("store: federation delivery %s: %w", id, err)
	}
	if len(rows) == 0 {
		return nil, notFound("federation delivery")
	}
	return rows[0].toDomain(), nil
}

// retireFederation runs in a settings write's transaction that leaves
// federation off: the site's followers are removed and each of their
// inboxes gets a queued Delete of the actor (stgypub.ActivityDeleteActor).
func retireFederation(ctx context.Context, db bun.IDB, userID stgypub.ID, now time.Time) error {
	var ids []string
	if err := sqlFedRetire.raw(db, int64(userID), now.UTC()).Scan(ctx, &ids); err != nil && !errors.Is(err, sql.ErrNoRows) {
		return fmt.Errorf("store: retire federation of %s: %w", userID, err)
	}
	return nil
}

// FederationHostFailed records a failed delivery to host (a URL's Host,
// lower case) at now: the first since the last success starts its
// failing time. Post activities are not queued for a host failing for 7
// days.
func (s *Federation) FederationHostFailed(ctx context.Context, host string, now time.Time) error {
	if _, err := sqlFedHostFailed.raw(s.DB, host, now.UTC()).Exec(ctx); err != nil {
		return fmt.Errorf("store: federation host %s failed: %w", host, err)
	}
	return nil
}

// FederationHostOK records a successful delivery to host: it is no
// longer failing.
func (s *Federation) FederationHostOK(ctx context.Context, host string) error {
	if _, err := sqlFedHostOK.raw(s.DB, host).Exec(ctx); err != nil {
		return fmt.Errorf("store: federation host %s ok: %w", host, err)
	}
	return nil
}
