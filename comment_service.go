package stgypub

import (
	"context"
	"errors"
	"net/netip"
)

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

// ErrPassGone is in the chain of the CAPTCHA_REQUIRED error of
// captcha.Service.ReservePass when the token names no pass any more: unknown
// or malformed, used up, or invalidated by a fifth address. The HTTP
// layer then clears the browser's pass cookie (docs/SPEC.md "CAPTCHA and
// pass tokens"). Test it with errors.Is.
var ErrPassGone = errors.New("captcha pass gone")

// Cookies of the comment form (HttpOnly, SameSite=Lax, one year).
const (
	CaptchaPassCookie     = "stgy_pub_comment_pass"
	CommentNicknameCookie = "stgy_pub_comment_nickname"
	CommentAsOwnerCookie  = "stgy_pub_comment_as_owner"
)

// CommentClient is what the HTTP layer learned about the requester of a
// comment or CAPTCHA operation: the normalized client IP, the protocol
// headers (X-STGY-MinuteHash, X-STGY-QueryHash) and the form cookies.
type CommentClient struct {
	IP         netip.Addr
	MinuteHash string
	QueryHash  string
	PassToken  string
	Nickname   string // saved nickname preference, "" when none
	AsOwner    *bool  // saved as-owner preference, nil when none
}

type commentClientKey struct{}

// WithCommentClient returns ctx carrying c.
func WithCommentClient(ctx context.Context, c CommentClient) context.Context {
	return context.WithValue(ctx, commentClientKey{}, c)
}

// CommentClientFrom returns the CommentClient of ctx (the zero value
// outside an HTTP request).
func CommentClientFrom(ctx context.Context) CommentClient {
	c, _ := ctx.Value(commentClientKey{}).(CommentClient)
	return c
}
