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
	return s.ApproveIf(ctx, viewer, id, stgypub.Precondition{})
}

// ApproveIf is Approve under pre (approvePubComment's ifVersion): a
// comment written since pre's version is left as it is and the error is
// CONFLICT with its current version (stgypub.VersionConflict, decided in
// the store's UPDATE).
func (s *Service) ApproveIf(ctx context.Context, viewer *stgypub.User, id stgypub.ID, pre stgypub.Precondition) (*Item, error) {
	old, t, err := s.load(ctx, viewer, id)
	if err != nil {
		return nil, err
	}
	if !stgypub.CanModerateComments(viewer, t.Post) {
		return nil, deny(viewer, "approve comments")
	}
	if !pre.Holds(old.ContentVersion()) {
		return nil, stgypub.VersionConflict("comment", old.ContentVersion(), nil)
	}
	if old.Status != stgypub.CommentPending {
		return nil, stgypub.FieldErrorf("id", "comment is not pending: it is published already")
	}
	c, err := s.store.ApproveCommentIf(ctx, id, pre)
	if err != nil {
		return nil, err
	}
	s.invalidate(ctx, c.PostID)
	s.announce(ctx, t.Post.OwnedBy, c, nil)
	return item(viewer, t.Post, c), nil
}

// Edit replaces a comment's body and, when nickname is not nil, its
// nickname, normalized and limited as when posting (BAD_USER_INPUT).
// Administrators edit any comment, the post's owner the comments posted
// as owner (UNAUTHENTICATED, FORBIDDEN, NOT_FOUND otherwise). Status and
// is_author are kept. The public cache is invalidated.
func (s *Service) Edit(ctx context.Context, viewer *stgypub.User, id stgypub.ID, nickname *string, body string) (*Item, error) {
	return s.EditIf(ctx, viewer, id, nickname, body, stgypub.Precondition{})
}

// EditIf is Edit under pre (see ApproveIf).
func (s *Service) EditIf(ctx context.Context, viewer *stgypub.User, id stgypub.ID, nickname *string, body string, pre stgypub.Precondition) (*Item, error) {
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
		if nick, err = stgypub.CheckNickname(*nickname, stgypub.CommentNicknameMaxChars); err != nil {
			return nil, err
		}
	}
	b, err := stgypub.CheckBody(body, stgypub.CommentBodyMaxChars)
	if err != nil {
		return nil, err
	}
	if !pre.Holds(old.ContentVersion()) {
		return nil, stgypub.VersionConflict("comment", old.ContentVersion(), nil)
	}
	c, err := s.store.EditCommentIf(ctx, id, nick, b, pre)
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
	return s.DeleteIf(ctx, viewer, id, stgypub.Precondition{})
}

// DeleteIf is Delete under pre (see ApproveIf). The comment's
// notification goes with it (the store's cascade), read or not.
func (s *Service) DeleteIf(ctx context.Context, viewer *stgypub.User, id stgypub.ID, pre stgypub.Precondition) error {
	c, t, err := s.load(ctx, viewer, id)
	if err != nil {
		return err
	}
	if !stgypub.CanModerateComments(viewer, t.Post) {
		return deny(viewer, "delete comments")
	}
	if !pre.Holds(c.ContentVersion()) {
		return stgypub.VersionConflict("comment", c.ContentVersion(), nil)
	}
	if err := s.store.DeleteCommentIf(ctx, id, pre); err != nil {
		return err
	}
	s.invalidate(ctx, c.PostID)
	return nil
}
