package stgypub

import "time"

// The kinds of a remote reaction to a post (docs/FEDERATION.md "Inbox"):
// a Like (a favourite) or an Announce (a boost).
const (
	ReactionLike     = "Like"
	ReactionAnnounce = "Announce"
)

// Reaction is one remote actor's Like or Announce of one of a site's
// published posts: at most one per (PostID, Actor, Kind), so a repeated
// activity does not count twice. ActivityID is the activity's id (Undo
// may name it); CreatedAt when it was first received.
type Reaction struct {
	UserID     ID
	PostID     ID
	Actor      string
	Kind       string
	ActivityID string
	CreatedAt  time.Time
}

// ReactionCounts are the standing fediverse reactions to a post or a
// site: Likes and Announces received and not undone.
type ReactionCounts struct {
	Likes     int
	Announces int
}

// FollowerCursor is a position in a site's follower list, ordered by
// (CreatedAt, Actor): the follower just before the next page.
type FollowerCursor struct {
	CreatedAt time.Time
	Actor     string
}

// FederationOverview is a site's federation as its owner sees it:
// Available is false when the server does not federate
// (STGY_FEDERATION_KEY unset); Enabled is extensions.federation.enabled;
// Handle is "@{login}@{host}", ActorID the site's actor ID;
// FollowerCount how many remote actors follow it and Reactions the site's standing
// Likes and Announces.
type FederationOverview struct {
	UserID        ID
	Available     bool
	Enabled       bool
	Handle        string
	ActorID       string
	FollowerCount int
	Reactions     ReactionCounts
}
