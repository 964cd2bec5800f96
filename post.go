package stgypub

import (
	"context"
	"time"
)

// Post is one SNS post (docs/SPEC.md#publication-state). Its external
// publication state is PublishedAt alone: nil is unpublished, a future time
// is scheduled, a time at or before now is published.
type Post struct {
	ID           ID
	OwnedBy      ID
	ReplyTo      *ID
	PublishedAt  *time.Time
	UpdatedAt    *time.Time
	Snippet      string // JSON snippet (markdown package), at most 4096 characters
	Locale       string // BCP 47 tag such as "en" or "ja-JP"; "" when unknown
	AllowLikes   bool
	AllowReplies bool
	// Version moves forward on every write of the post (its row, body,
	// publication or owner): OwnPost.version (version.go).
	Version Version

	// Content is the Markdown body from post_details; "" when the query
	// did not load it (lists load only Snippet).
	Content string
	// PlainText is Content as plain text, stored for search and KWIC.
	PlainText string
	// Derived is what every write derives from Content and stores with the
	// post (posts.featured_image, featured_image_alt, reading_minutes), so
	// lists and pages read it without the body.
	Derived PostDerived
	// Tags are the post's tags as NormalizeTags gives them (never nil
	// when read from the store).
	Tags []string
}

// PublicationState is the external publication state derived from PublishedAt
// and a clock (docs/SPEC.md#publication-state).
type PublicationState string

// The three publication states.
const (
	StateUnpublished PublicationState = "UNPUBLISHED"
	StateScheduled   PublicationState = "SCHEDULED"
	StatePublished   PublicationState = "PUBLISHED"
)

// State returns the publication state of p at now.
func (p *Post) State(now time.Time) PublicationState {
	switch {
	case p.PublishedAt == nil:
		return StateUnpublished
	case p.PublishedAt.After(now):
		return StateScheduled
	default:
		return StatePublished
	}
}

// IsPublished reports whether p is published at now
// (published_at IS NOT NULL AND published_at <= now).
func (p *Post) IsPublished(now time.Time) bool { return p.State(now) == StatePublished }

// CreatedAt is the creation time recovered from the Snowflake ID.
func (p *Post) CreatedAt() time.Time { return p.ID.Time() }

// Order is the direction of a publication-ordered list: by
// (published_at, id) descending (newest) or ascending (oldest).
type Order string

// The two list orders.
const (
	OrderNewest Order = "newest"
	OrderOldest Order = "oldest"
)

// ParseOrder maps "", "newest", "desc" to OrderNewest and "oldest", "asc"
// to OrderOldest; anything else fails with BAD_USER_INPUT.
func ParseOrder(s string) (Order, error) {
	switch s {
	case "", "newest", "desc", "NEWEST":
		return OrderNewest, nil
	case "oldest", "asc", "OLDEST":
		return OrderOldest, nil
	}
	return "", Errorf(CodeBadUserInput, "order must be newest or oldest")
}

// PostQuery selects a page of a publication-ordered list: Limit posts
// after the first Offset, or, keyset paging, Limit posts after the
// position After (then Offset must be 0).
type PostQuery struct {
	Order  Order
	Offset int // >= 0
	Limit  int // >= 1
	// After, when not nil, starts the page just past this position in
	// Order: posts with (published_at, id) below it for OrderNewest,
	// above it for OrderOldest. A post published or unpublished in
	// between does not shift the page (docs/API.md "Cursors").
	After *PostCursor
	// Tag, when not "", lists only the posts with this tag: a TagKey
	// (docs/SPEC.md#tags).
	Tag string
}

// PostCursor is a position in a publication-ordered list: the
// (published_at, id) of the last post a page showed.
type PostCursor struct {
	PublishedAt time.Time
	ID          ID
}

// PostContentMaxChars limits a post's Markdown body, in Unicode code
// points, whether written through the API or imported: with the
// renderer's nesting limit and parse budget it bounds what one render
// costs (docs/API.md "Limits").
const PostContentMaxChars = 100_000

// PostStore is the owner-side post storage (posts in any publication
// state; store implements it). It does no permission checks and derives
// nothing: callers fill Snippet and PlainText from Content (markdown
// package) and check who may act.
type PostStore interface {
	// Post returns a post in any publication state, with Content; NOT_FOUND
	// when missing.
	Post(ctx context.Context, id ID) (*Post, error)
	// CreatePost inserts p and its details; a zero p.ID is replaced by a
	// new Snowflake ID.
	CreatePost(ctx context.Context, p *Post) error
	// UpdatePost rewrites Content, PlainText, Snippet, Locale, AllowLikes,
	// AllowReplies and sets updated_at; NOT_FOUND when missing.
	UpdatePost(ctx context.Context, p *Post) error
	// DeletePost deletes a post (details and checkpoints cascade).
	DeletePost(ctx context.Context, id ID) error
	// SetPublication sets published_at (nil unpublishes); NOT_FOUND when
	// missing.
	SetPublication(ctx context.Context, id ID, publishedAt *time.Time) error
	// ChangeOwner moves a post to another user and, in the same
	// transaction, the owner_id of its post_pub_access_counts rows.
	ChangeOwner(ctx context.Context, id, newOwner ID) error
	// UpdatePostIf, DeletePostIf and SetPublicationIf are the writes
	// above under a precondition: a post no longer at its version is left
	// alone and the error is VersionConflict, decided in the write
	// statement itself (docs/API.md "Versions and conflicts").
	UpdatePostIf(ctx context.Context, p *Post, pre Precondition) error
	DeletePostIf(ctx context.Context, id ID, pre Precondition) error
	SetPublicationIf(ctx context.Context, id ID, publishedAt *time.Time, pre Precondition) error
	// PostsByOwner lists a user's posts of every state, newest ID first,
	// without Content.
	PostsByOwner(ctx context.Context, ownerID ID, offset, limit int) ([]*Post, error)
	// StaleDerived returns up to limit posts derived with rules older
	// than version, with ID, OwnedBy, UpdatedAt, Content and PlainText.
	StaleDerived(ctx context.Context, version, limit int) ([]*Post, error)
	// SaveDerived stores p.Derived unless the post changed since
	// p.UpdatedAt (ok false).
	SaveDerived(ctx context.Context, p *Post, version int) (ok bool, err error)
	// PostTitles gives posts' titles by ID in any publication state (the
	// Stats table shows titles); unknown IDs are left out of the map.
	PostTitles(ctx context.Context, ids []ID) (map[ID]string, error)
	// ImportedPostID returns the post imported earlier for (userID,
	// sourceKey) (docs/SPEC.md#import, idempotent imports); NOT_FOUND when
	// there is none or its post was deleted.
	ImportedPostID(ctx context.Context, userID ID, sourceKey string) (ID, error)
	// CreateImportedPost inserts p as CreatePost does and records it as
	// the import of (p.OwnedBy, sourceKey) in the same transaction;
	// CONFLICT when the post ID or the source key is taken.
	CreateImportedPost(ctx context.Context, sourceKey string, p *Post) error
}

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

// MaxSearchQuery is the longest search query, in code points, that the
// site search accepts (the page's ?q= and the API's site.search query;
// longer is BAD_USER_INPUT: 400 on the page).
const MaxSearchQuery = 200
