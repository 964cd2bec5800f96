package comment

import (
	"context"

	"github.com/stgy/stgypub"
)

// load returns a comment with its target, NOT_FOUND when missing or when
// the viewer could not see its post.
func (s *Service) load(ctx context.Context, viewer *stgypub.User, id stgypub.ID) (*stgypub.Comment, *stgypub.CommentTarget, error) {
	c, t, err := s.store.Comment(ctx, id)
	if err != nil {
		return nil, nil, err
	}
	if stgypub.CommentListVisibility(viewer, t, s.cfg.Now()) == stgypub.CommentsHidden {
		return nil, nil, stgypub.Errorf(stgypub.CodeNotFound, "comment not found")
	}
	return c, t, nil
}

// Approve publishes a pending comment: the post's owner or an
// administrator (UNAUTHENTICATED, FORBIDDEN, NOT_FOUND otherwise). A
// published comment is BAD_USER_INPUT "comment is not pending" (nothing
// changes; two approvals racing both succeed). The public cache is
// invalidated.
func (s *Service) Approve(ctx context.Context, viewer *stgypub.User, id stgypub.ID) (*Item, error) {
	old, t, err := s.load(ctx, viewer, id)
	if err != nil {
		return nil, err
	}
	if !stgypub.CanModerateComments(viewer, t.Post) {
		return nil, deny(viewer, "approve comments")
	}
	if old.Status != stgypub.CommentPending {
		return nil, stgypub.FieldErrorf("id", "comment is not pending: it is published already")
	}
	c, err := s.store.ApproveComment(ctx, id)
	if err != nil {
		return nil, err
	}
	s.invalidate(ctx, c.PostID)
	return item(viewer, t.Post, c), nil
}

// Edit replaces a comment's body and, when nickname is not nil, its
// nickname, normalized and limited as when posting (BAD_USER_INPUT).
// Administrators edit any comment, the post's owner the comments posted
// as owner (UNAUTHENTICATED, FORBIDDEN, NOT_FOUND otherwise). Status and
// is_author are kept. The public cache is invalidated.
func (s *Service) Edit(ctx context.Context, viewer *stgypub.User, id stgypub.ID, nickname *string, body string) (*Item, error) {
	old, t, err := s.load(ctx, viewer, id)
	if err != nil {
		return nil, err
	}
	if !stgypub.CanEditComment(viewer, t.Post, old) {
		if viewer == nil {
			return nil, deny(viewer, "edit comments")
		}
		return nil, stgypub.Errorf(stgypub.CodeForbidden, "only an administrator, or the article's owner for comments posted as owner, may edit this comment")
	}
	nick := old.Nickname
	if nickname != nil {
		if nick, err = CheckNickname(*nickname, stgypub.CommentNicknameMaxChars); err != nil {
			return nil, err
		}
	}
	b, err := CheckBody(body, stgypub.CommentBodyMaxChars)
	if err != nil {
		return nil, err
	}
	c, err := s.store.EditComment(ctx, id, nick, b)
	if err != nil {
		return nil, err
	}
	s.invalidate(ctx, c.PostID)
	return item(viewer, t.Post, c), nil
}

// Delete deletes a comment: the post's owner or an administrator
// (UNAUTHENTICATED, FORBIDDEN, NOT_FOUND otherwise). The public cache is
// invalidated.
func (s *Service) Delete(ctx context.Context, viewer *stgypub.User, id stgypub.ID) error {
	c, t, err := s.load(ctx, viewer, id)
	if err != nil {
		return err
	}
	if !stgypub.CanModerateComments(viewer, t.Post) {
		return deny(viewer, "delete comments")
	}
	if err := s.store.DeleteComment(ctx, id); err != nil {
		return err
	}
	s.invalidate(ctx, c.PostID)
	return nil
}
