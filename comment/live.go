package comment

import (
	"context"

	"github.com/stgy/stgypub"
)

// announce passes a stored or approved comment to the live
// subscriptions (Config.Events); it never fails the write. Its webhook
// event was queued by the store in the write's transaction.
func (s *Service) announce(ctx context.Context, owner stgypub.ID, c *stgypub.Comment, n *stgypub.CommentNotification) {
	if s.cfg.Events != nil {
		s.cfg.Events.CommentAdded(context.WithoutCancel(ctx), owner, c, n)
	}
}

// Watch decides a pubCommentAdded subscription (docs/API.md
// "Subscriptions"): NOT_FOUND when the viewer could not list the post's
// comments (as pubComments), else whether the viewer moderates the post
// and so also receives pending comments (stgypub.LiveCommentVisible).
func (s *Service) Watch(ctx context.Context, viewer *stgypub.User, postID stgypub.ID) (moderates bool, err error) {
	t, err := s.target(ctx, viewer, postID)
	if err != nil {
		return false, err
	}
	return stgypub.CanModerateComments(viewer, t.Post), nil
}

// Live is a comment as one subscriber receives it: the same view of it
// as pubComments gives that viewer (edit and moderation rights), decided
// from the post's owner alone, so an event costs no query.
func Live(viewer *stgypub.User, owner stgypub.ID, c *stgypub.Comment) *Item {
	return item(viewer, &stgypub.Post{ID: c.PostID, OwnedBy: owner}, c)
}
