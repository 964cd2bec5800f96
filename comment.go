package stgypub

import (
	"crypto/sha256"
	"encoding/binary"
	"strconv"
	"time"
)

// CommentStatus is the moderation state of an external comment
// (docs/SPEC.md "Comments"): readers see published comments only.
type CommentStatus string

// The two comment statuses (post_pub_comments.status).
const (
	CommentPending   CommentStatus = "pending"
	CommentPublished CommentStatus = "published"
)

// ParseCommentStatus accepts "pending" and "published" in any case;
// anything else is BAD_USER_INPUT.
func ParseCommentStatus(s string) (CommentStatus, error) {
	switch s {
	case "pending", "PENDING":
		return CommentPending, nil
	case "published", "PUBLISHED":
		return CommentPublished, nil
	}
	return "", Errorf(CodeBadUserInput, "status must be pending or published")
}

// Comment limits, in Unicode code points. The form limits apply to
// ordinary posting and editing; the database limits (the column widths)
// only to archive import.
const (
	CommentNicknameMaxChars   = 30
	CommentBodyMaxChars       = 1000
	CommentNicknameDBMaxChars = 50
	CommentBodyDBMaxChars     = 65536
	// CommentPageSize is the fixed page size of comment lists.
	CommentPageSize = 10
	// CommentMaxPage bounds the page argument of comment lists.
	CommentMaxPage = 10000
	// DefaultMaxComments is the default per-post cap on stored comments,
	// pending ones included (STGY_PUB_COMMENT_MAX_COMMENTS).
	DefaultMaxComments = 100
)

// Comment is one external comment on a post (post_pub_comments). It holds
// no commenter user ID, e-mail or IP address; its creation time is
// recovered from the Snowflake ID.
type Comment struct {
	ID     ID
	PostID ID
	// Nickname is a display name, normalized (stgypub.NormalizeNickname).
	Nickname string
	// Body is the normalized text (stgypub.NormalizeBody): LF line ends,
	// exactly one trailing LF.
	Body   string
	Status CommentStatus
	// IsAuthor is true when the article owner or an administrator posted
	// choosing "as owner" (API name asAuthor/isAuthor).
	IsAuthor bool
}

// CreatedAt is the creation time recovered from the comment's ID.
func (c *Comment) CreatedAt() time.Time { return c.ID.Time() }

// CommentTarget is a post as the comment rules see it: the post (without
// Content) and its owner's extensions.comments.mode.
type CommentTarget struct {
	Post *Post
	Mode string // CommentsNone, CommentsModerated or CommentsOpen
}

// CommentQuery selects one page of a post's comments.
type CommentQuery struct {
	Order Order // OrderNewest (ID descending) or OrderOldest
	Page  int   // 1-based; pages are CommentPageSize long
	// IncludePending lists pending comments too (owner and admin views).
	IncludePending bool
}

// OwnerCommentQuery selects comments across an owner's posts: Status ""
// for every status, Order by creation (ID), Offset and Limit (1-100).
type OwnerCommentQuery struct {
	Status CommentStatus
	Order  Order
	Offset int
	Limit  int
}

// OwnerCommentsMaxLimit clamps OwnerCommentQuery.Limit.
const OwnerCommentsMaxLimit = 100

// CommentPage is one page of a post's comments and the number of
// comments its query matches on every page.
type CommentPage struct {
	Items      []*Comment
	TotalCount int
}

// CommentNotification tells a post's owner that someone else commented
// (docs/SPEC.md "Comments"). The commenter is named by nickname only; the
// notification's time is recovered from its ID.
type CommentNotification struct {
	ID        ID
	UserID    ID // the owner notified
	PostID    ID
	CommentID ID
	Nickname  string
	ReadAt    *time.Time // nil while unread
}

// Read reports whether the owner marked the notification read.
func (n *CommentNotification) Read() bool { return n.ReadAt != nil }

// CreatedAt is the notification's time, recovered from its ID.
func (n *CommentNotification) CreatedAt() time.Time { return n.ID.Time() }

// ContentVersion is the comment's version: the first 63 bits of the
// SHA-256 of what a write can change (nickname, body, status, is_author),
// each length-prefixed, so every approve or edit that changes something
// changes it. PostgreSQL computes the same value
// (stgy_comment_version in store/migrations/20261203000301), which the
// conditional writes compare in their WHERE.
func (c *Comment) ContentVersion() Version {
	s := strconv.Itoa(len(c.Nickname)) + ":" + c.Nickname + strconv.Itoa(len(c.Body)) + ":" + c.Body +
		string(c.Status) + ":" + strconv.FormatBool(c.IsAuthor)
	sum := sha256.Sum256([]byte(s))
	return Version(binary.BigEndian.Uint64(sum[:8]) & (1<<63 - 1))
}
