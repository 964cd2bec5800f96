package stgypub

import (
	"context"
	"time"
)

// FederationStore keeps the ActivityPub state of the federated sites in
// PostgreSQL (store implements it; docs/FEDERATION.md): each site's key
// pair, its followers and the remote reactions to its posts, the signed
// delivery queue with each remote host's standing, and the comments made
// from fediverse Notes. It checks no permissions: federation.Service does.
type FederationStore interface {
	// UserIDByLoginFold returns the ID of the user whose login name
	// equals login case-insensitively (the WebFinger handle), or
	// NOT_FOUND.
	UserIDByLoginFold(ctx context.Context, login string) (ID, error)
	// ActorKey returns the site's key pair or NOT_FOUND when none was
	// made.
	ActorKey(ctx context.Context, userID ID) (*ActorKey, error)
	// PutActorKey stores k unless the site has a key already and returns
	// the site's key either way (of two processes generating one at
	// once, the first stored wins and both use it).
	PutActorKey(ctx context.Context, k *ActorKey) (*ActorKey, error)
	// PutFollower stores f (CreatedAt set on a new follower); a follower
	// following again keeps its place and gets the new inbox and Follow ID.
	PutFollower(ctx context.Context, f *Follower) error
	// DeleteFollower removes actor from the site's followers, with a
	// followID other than "" only when it was that Follow; it reports
	// whether a follower was removed.
	DeleteFollower(ctx context.Context, userID ID, actor, followID string) (bool, error)
	// CountFollowers returns how many remote actors follow the site.
	CountFollowers(ctx context.Context, userID ID) (int, error)
	// FollowersPage lists up to limit of the site's followers after the
	// cursor (nil: from the start), oldest first.
	FollowersPage(ctx context.Context, userID ID, after *FollowerCursor, limit int) ([]*Follower, error)
	// RemoveFollower removes actor from the site's followers at the
	// owner's request and, in the same transaction, queues to its inbox
	// the activity notice builds for it (a signed Reject of its Follow);
	// it reports whether actor was a follower (false: nothing changed,
	// nothing queued).
	RemoveFollower(ctx context.Context, userID ID, actor string, notice func(*Follower) ([]byte, error)) (bool, error)
	// PutReaction stores r (CreatedAt set on a new one) and reports
	// whether it is new: an actor's repeated Like or Announce of a post
	// keeps one row.
	PutReaction(ctx context.Context, r *Reaction) (bool, error)
	// DeleteReaction removes actor's reaction to one of userID's posts:
	// the one of kind on postID, or the one whose activity ID is
	// activityID (either may be zero); it reports whether one was removed.
	DeleteReaction(ctx context.Context, userID ID, actor, kind string, postID ID, activityID string) (bool, error)
	// ReactionCounts returns the standing Likes and Announces of a post.
	ReactionCounts(ctx context.Context, postID ID) (ReactionCounts, error)
	// SiteReactionCounts returns those of all of a site's posts.
	SiteReactionCounts(ctx context.Context, userID ID) (ReactionCounts, error)
	// EnqueueFederation queues body (an activity's JSON) for inbox,
	// signed with userID's key, due now; it returns the delivery's ID.
	EnqueueFederation(ctx context.Context, userID ID, inbox string, body []byte) (string, error)
	// ClaimFederationDeliveries claims up to limit deliveries due at now
	// for one attempt each, skipping rows another process holds, leaving
	// them until leaseEnd, when they are due again unless
	// RecordFederationAttempt says otherwise first.
	ClaimFederationDeliveries(ctx context.Context, now, leaseEnd time.Time, limit int) ([]*FederationDelivery, error)
	// RecordFederationAttempt stores an attempt's outcome on d (Body,
	// LastStatus, LastError, DeliveredAt, NextAttemptAt, FailedAt as the
	// caller set them).
	RecordFederationAttempt(ctx context.Context, d *FederationDelivery) error
	// FederationHostFailed records a failed delivery to host (a URL's
	// Host, lower case) at now: the first since the last success starts
	// its failing time; post activities are not queued for a host
	// failing for 7 days.
	FederationHostFailed(ctx context.Context, host string, now time.Time) error
	// FederationHostOK records a successful delivery to host: it is no
	// longer failing.
	FederationHostOK(ctx context.Context, host string) error
	// RemoteComment returns the comment made from the Note noteID,
	// NOT_FOUND when none is.
	RemoteComment(ctx context.Context, noteID string) (*RemoteComment, error)
	// RemoteCommentsBy returns the comments made from Notes of actor, by
	// comment ID ascending.
	RemoteCommentsBy(ctx context.Context, actor string) ([]*RemoteComment, error)
}
