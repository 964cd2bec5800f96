package stgypub

import (
	"context"
	"time"
)

// PubPostStore is the read path for published posts
// (docs/SPEC.md#published-posts). "Published" is published_at IS NOT NULL AND
// published_at <= now, on every method. Missing, unpublished, scheduled and
// deleted posts are all NOT_FOUND.
type PubPostStore interface {
	// PublishedPost returns one published post with Content loaded.
	PublishedPost(ctx context.Context, id ID) (*Post, error)
	// AdjacentPublished returns the owner's published posts just before
	// (older) and just after (newer) p in (published_at, id) order; nil
	// when there is none.
	AdjacentPublished(ctx context.Context, p *Post) (older, newer *Post, err error)
	// AdjacentPublishedMany is AdjacentPublished of many posts in one
	// statement, out[i] for ps[i] (the API's prev/next loader).
	AdjacentPublishedMany(ctx context.Context, ps []*Post) ([][2]*Post, error)
	// PublishedByUser lists a user's published posts in (published_at, id)
	// order without Content.
	PublishedByUser(ctx context.Context, userID ID, q PostQuery) ([]*Post, error)
	// CountPublishedByUser counts a user's published posts.
	CountPublishedByUser(ctx context.Context, userID ID) (int, error)
	// CountPublishedTagged counts a user's published posts with the tag
	// key tag (TagKey).
	CountPublishedTagged(ctx context.Context, userID ID, tag string) (int, error)
	// PublishedByIDs returns the published posts among ids (at most 20,
	// else BAD_USER_INPUT) in input order (WITH ORDINALITY), dropping
	// unknown, unpublished and scheduled ones and duplicates.
	PublishedByIDs(ctx context.Context, ids []ID) ([]*Post, error)
	// SearchPublished finds a user's published posts whose plain text
	// contains query (case-insensitive substring, so Japanese works), in
	// (published_at, id) order, with PlainText loaded; total is the number
	// of matches.
	SearchPublished(ctx context.Context, userID ID, query string, q PostQuery) (posts []*Post, total int, err error)
	// LastPublishedChange is the latest of the user's site change time and
	// of published_at and updated_at over their published posts (zero
	// when none, never later than now), for Last-Modified.
	LastPublishedChange(ctx context.Context, userID ID) (time.Time, error)
	// PublishedSites lists the sites that have published posts, newest
	// publication first, at most limit, each with Owner.ID and Nickname,
	// Config.SiteName, Subtitle and Author, and the newest published_at
	// as LastChange (the home page and Query.sites).
	PublishedSites(ctx context.Context, limit int) ([]*PubSite, error)
	// NextPublication is when the next scheduled post of any site falls
	// due (zero when none is known): lists change then without a write.
	NextPublication(ctx context.Context) (time.Time, error)
}

// PubUserStore reads accounts and their site settings (user_pub_configs)
// for the public pages and the API; store.Store implements it and
// api.ReadCache caches it.
type PubUserStore interface {
	// User returns one user or NOT_FOUND.
	User(ctx context.Context, id ID) (*User, error)
	// UsersByIDs returns the users that exist among ids, in any order.
	UsersByIDs(ctx context.Context, ids []ID) ([]*User, error)
	// PubConfig returns the user's settings, DefaultPubConfig when no row
	// exists. A corrupt stored extensions value is logged and read as {}.
	// NOT_FOUND when the user does not exist.
	PubConfig(ctx context.Context, userID ID) (*PubConfig, error)
	// PubConfigs is PubConfig for many users (dataloaders); missing rows
	// get defaults; unknown users are left out.
	PubConfigs(ctx context.Context, userIDs []ID) ([]*PubConfig, error)
	// SiteIdentities gives the users that exist among ids and their
	// settings in one statement, users[i] and configs[i] of one user,
	// the users without their password hash (the API's user and
	// settings loader).
	SiteIdentities(ctx context.Context, ids []ID) (users []*User, configs []*PubConfig, err error)
}
