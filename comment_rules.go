package stgypub

import "time"

// Comment rules (docs/SPEC.md "Comments"): written once here and called by
// the /pub page, the GraphQL API and the store's transaction alike.

// CommentSectionOpen reports whether post p shows a comment section and
// accepts new comments at now: it is published, allow_replies is true and
// the owner's mode is not none. Existing rows are kept whatever this says.
func CommentSectionOpen(p *Post, mode string, now time.Time) bool {
	return p != nil && p.IsPublished(now) && p.AllowReplies && mode != CommentsNone && mode != ""
}

// SectionOpen is CommentSectionOpen for the target.
func (t *CommentTarget) SectionOpen(now time.Time) bool {
	return CommentSectionOpen(t.Post, t.Mode, now)
}

// CanModerateComments reports whether viewer moderates the comments of p:
// the post's owner or an administrator (CanActFor). Moderators see pending
// comments, approve and delete, post without CAPTCHA and are published at
// once.
func CanModerateComments(viewer *User, p *Post) bool {
	return p != nil && CanActFor(viewer, p.OwnedBy)
}

// CanEditComment reports whether viewer may edit c on p: an administrator
// any comment, the post's owner the comments posted as owner
// (IsAuthor); nobody else.
func CanEditComment(viewer *User, p *Post, c *Comment) bool {
	if viewer == nil || p == nil || c == nil {
		return false
	}
	return viewer.IsAdmin || (viewer.ID == p.OwnedBy && c.IsAuthor)
}

// NewCommentStatus is the status of a new comment under mode: published
// for a moderator (CanModerateComments) and in open mode, pending for
// readers in moderated mode.
func NewCommentStatus(mode string, moderator bool) CommentStatus {
	if moderator || mode == CommentsOpen {
		return CommentPublished
	}
	return CommentPending
}

// AsOwnerChoice is the "as owner" choice of a new comment. Only
// moderators may choose it (false for anyone else, whatever they ask);
// an explicit request wins, then the saved preference, then the
// default: on for the post's owner, off for an administrator who does
// not own the post.
func AsOwnerChoice(viewer *User, p *Post, requested, saved *bool) bool {
	if !CanModerateComments(viewer, p) {
		return false
	}
	if requested != nil {
		return *requested
	}
	if saved != nil {
		return *saved
	}
	return viewer.ID == p.OwnedBy
}

// CommentVisibility is what a viewer may list of a post's comments.
type CommentVisibility int

// The visibilities CommentListVisibility returns.
const (
	// CommentsHidden: the post is not published and the viewer does not
	// moderate it (NOT_FOUND, like the post itself).
	CommentsHidden CommentVisibility = iota
	// CommentsClosed: the section does not exist (mode none or
	// allow_replies false); readers get an empty list, rows are kept.
	CommentsClosed
	// CommentsPublishedOnly: readers of an open section.
	CommentsPublishedOnly
	// CommentsAll: moderators, pending included, in any publication state
	// and mode.
	CommentsAll
)

// CommentListVisibility is what viewer may list on target at now.
func CommentListVisibility(viewer *User, t *CommentTarget, now time.Time) CommentVisibility {
	switch {
	case CanModerateComments(viewer, t.Post):
		return CommentsAll
	case !t.Post.IsPublished(now):
		return CommentsHidden
	case !t.SectionOpen(now):
		return CommentsClosed
	}
	return CommentsPublishedOnly
}
