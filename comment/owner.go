package comment

import (
	"context"
	"fmt"

	"github.com/stgy/stgypub"
)

// OwnerList is the Publications Comments tab: comments on every post of
// userID (the viewer, or any user for an administrator), all statuses or
// one, oldest or newest first, with how many match; items carry the
// viewer's edit and moderation rights. Errors: UNAUTHENTICATED,
// FORBIDDEN (stgypub.RequireSelfOrAdmin), BAD_USER_INPUT for a negative
// offset (limit is clamped to 1..stgypub.OwnerCommentsMaxLimit).
func (s *Service) OwnerList(ctx context.Context, viewer *stgypub.User, userID stgypub.ID, q stgypub.OwnerCommentQuery) ([]*Item, int, error) {
	if err := stgypub.RequireSelfOrAdmin(viewer, userID); err != nil {
		return nil, 0, err
	}
	if q.Offset < 0 {
		return nil, 0, stgypub.Errorf(stgypub.CodeBadUserInput, "offset must not be negative")
	}
	q.Limit = min(max(q.Limit, 1), stgypub.OwnerCommentsMaxLimit)
	if q.Order != stgypub.OrderNewest {
		q.Order = stgypub.OrderOldest
	}
	cp, err := s.store.OwnerComments(ctx, userID, q)
	if err != nil {
		return nil, 0, fmt.Errorf("comment: owner list %s: %w", userID, err)
	}
	items := make([]*Item, len(cp.Items))
	for i, c := range cp.Items {
		items[i] = item(viewer, &stgypub.Post{ID: c.PostID, OwnedBy: userID}, c)
	}
	return items, cp.TotalCount, nil
}
