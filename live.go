package stgypub

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
