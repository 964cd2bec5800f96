package stgypub

import "time"

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

// User is an account. PasswordHash is never exposed to clients.
type User struct {
	ID           ID
	LoginName    string // unique login name, 1-50 of [A-Za-z0-9_.-]
	Nickname     string
	Introduction string
	IsAdmin      bool
	PasswordHash string
	// ProfileVersion moves forward on every profile write (nickname,
	// introduction): the version updateProfile's ifVersion compares.
	ProfileVersion Version
}

// PostContentMaxChars limits a post's Markdown body, in Unicode code
// points, whether written through the API or imported: with the
// renderer's nesting limit and parse budget it bounds what one render
// costs (docs/API.md "Limits").
const PostContentMaxChars = 100_000
