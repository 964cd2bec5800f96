package stgypub

import "context"

// LiveEvents receives the writes that live subscriptions announce
// (docs/API.md "Subscriptions"). Implementations carry them to every app
// server (live.Hub, over Redis pub/sub); they never fail the write that
// caused them: delivery is best effort and errors are only logged.
type LiveEvents interface {
	// CommentAdded announces a comment stored or approved on a post
	// of owner, in its current status; notification is the owner's new
	// notification about it (nil when none was recorded).
	CommentAdded(ctx context.Context, owner ID, c *Comment, notification *CommentNotification)
	// ViewsRecorded announces that views of these owners' posts were
	// recorded (each owner once).
	ViewsRecorded(ctx context.Context, owners []ID)
}

// LiveCommentVisible reports whether a subscriber of a post's comments
// may receive c: a published comment always, a pending one only when the
// subscriber moderates the post (CanModerateComments, decided when the
// subscription starts). The one rule of pubCommentAdded.
func LiveCommentVisible(moderates bool, c *Comment) bool {
	return c.Status == CommentPublished || moderates
}

// LiveEvent is what one subscriber receives (live.Hub): a comment with
// its post's owner (pubCommentAdded), a notification
// (pubCommentNotification), or, for pubViewsToday, only the owner whose
// views were recorded (read the counts then).
type LiveEvent struct {
	Owner        ID
	Comment      *Comment
	Notification *CommentNotification
}
