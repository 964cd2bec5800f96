package stgypub

import (
	"context"
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

// CommentStore is the PostgreSQL side of external comments (store
// implements it). It checks no permissions; comment.Service does.
type CommentStore interface {
	// CommentTarget returns the post (any publication state, without
	// Content) and its owner's comment mode; NOT_FOUND when missing.
	CommentTarget(ctx context.Context, postID ID) (*CommentTarget, error)
	// Comments returns one page of the post's comments.
	Comments(ctx context.Context, postID ID, q CommentQuery) (*CommentPage, error)
	// OwnerComments returns comments on every post of one owner (the
	// Publications Comments tab).
	OwnerComments(ctx context.Context, ownerID ID, q OwnerCommentQuery) (*CommentPage, error)
	// CountComments counts the post's stored comments, pending included
	// (what the per-post cap counts).
	CountComments(ctx context.Context, postID ID) (int, error)
	// CountPublishedComments counts the post's published comments.
	CountPublishedComments(ctx context.Context, postID ID) (int, error)
	// PublishedComments returns up to limit published comments of the
	// post, newest first (the comments feed).
	PublishedComments(ctx context.Context, postID ID, limit int) ([]*Comment, error)
	// Comment returns one comment with its post's target; NOT_FOUND.
	Comment(ctx context.Context, id ID) (*Comment, *CommentTarget, error)
	// InsertComment stores n.Comment in one transaction that locks the
	// post row, runs n.Check, enforces n.MaxComments (CONFLICT when the
	// post already has that many, pending included), records the owner's
	// notification when n.Notify, and moves the owner's site change time
	// when the comment is published. A zero ID is replaced by a new one.
	InsertComment(ctx context.Context, n *NewComment) error
	// ApproveComment publishes a comment (a published one stays so) and
	// moves the owner's site change time; NOT_FOUND.
	ApproveComment(ctx context.Context, id ID) (*Comment, error)
	// EditComment replaces nickname and body (already normalized) and
	// moves the owner's site change time; NOT_FOUND.
	EditComment(ctx context.Context, id ID, nickname, body string) (*Comment, error)
	// EditRemoteComment replaces nickname and body of a comment made
	// from a fediverse Note and, when pending is true, makes it pending
	// again; it moves the owner's site change time; NOT_FOUND.
	EditRemoteComment(ctx context.Context, id ID, nickname, body string, pending bool) (*Comment, error)
	// DeleteComment deletes a comment (its notification goes with it)
	// and moves the owner's site change time; NOT_FOUND.
	DeleteComment(ctx context.Context, id ID) error
	// ApproveCommentIf, EditCommentIf and DeleteCommentIf are the writes
	// above under a precondition: a comment no longer at its version is
	// left alone and the error is VersionConflict.
	ApproveCommentIf(ctx context.Context, id ID, pre Precondition) (*Comment, error)
	EditCommentIf(ctx context.Context, id ID, nickname, body string, pre Precondition) (*Comment, error)
	DeleteCommentIf(ctx context.Context, id ID, pre Precondition) error
	// ExportComments returns every comment of the post, pending included,
	// by ID ascending.
	ExportComments(ctx context.Context, postID ID) ([]*Comment, error)
	// ImportComments UPSERTs comments with explicit IDs onto the post in
	// one transaction: an ID already on this post is updated, an ID on
	// another post is CONFLICT (nothing is written); NOT_FOUND for an
	// unknown post. It moves the owner's site change time.
	ImportComments(ctx context.Context, postID ID, cs []*Comment) error
	// CommentNotifications lists a user's notifications, newest first,
	// and counts the unread ones.
	CommentNotifications(ctx context.Context, userID ID, q NotificationQuery) (items []*CommentNotification, unread int, err error)
	// MarkCommentNotificationsRead marks the user's notifications among
	// ids read (every unread one when ids is nil) and returns how many
	// changed.
	MarkCommentNotificationsRead(ctx context.Context, userID ID, ids []ID) (int, error)
}

// NewComment is a comment to insert with the rules of its transaction.
type NewComment struct {
	Comment *Comment
	// MaxComments is the per-post cap (pending included); 0 means none.
	MaxComments int
	// Notify records a notification for the post's owner.
	Notify bool
	// Notification is set by the store to the notification it recorded
	// (nil when Notify was false or nothing was stored).
	Notification *CommentNotification
	// Check runs inside the transaction with the post row locked; it may
	// refuse (its error is returned) or set Comment.Status/IsAuthor from
	// the current target.
	Check func(t *CommentTarget) error
	// Remote, when set, is the fediverse Note the comment was made from
	// (a reply through the federation inbox): stored with the comment
	// in the same transaction, so its Update and Delete find it. A Note
	// already stored is refused with an error wrapping ErrNoteStored.
	Remote *RemoteOrigin
}

// NotificationQuery selects a page of notifications.
type NotificationQuery struct {
	Offset, Limit int
	UnreadOnly    bool
}
