package comment

import (
	"context"

	"github.com/stgy/stgypub"
)

// MaxNotifications bounds one page of notifications.
const MaxNotifications = 100

// Notifications lists the viewer's comment notifications, newest first
// (limit clamped to 1..MaxNotifications; a negative offset is
// BAD_USER_INPUT), and counts the unread ones. UNAUTHENTICATED when
// anonymous.
func (s *Service) Notifications(ctx context.Context, viewer *stgypub.User, offset, limit int, unreadOnly bool) ([]*stgypub.CommentNotification, int, error) {
	if viewer == nil {
		return nil, 0, stgypub.Errorf(stgypub.CodeUnauthenticated, "login required")
	}
	if offset < 0 {
		return nil, 0, stgypub.Errorf(stgypub.CodeBadUserInput, "offset must not be negative")
	}
	limit = min(max(limit, 1), MaxNotifications)
	return s.store.CommentNotifications(ctx, viewer.ID, stgypub.NotificationQuery{Offset: offset, Limit: limit, UnreadOnly: unreadOnly})
}

// MarkRead marks the viewer's notifications among ids read (all unread
// ones when ids is nil; others' IDs are ignored) and returns how many
// changed. UNAUTHENTICATED when anonymous; at most MaxNotifications IDs.
func (s *Service) MarkRead(ctx context.Context, viewer *stgypub.User, ids []stgypub.ID) (int, error) {
	if viewer == nil {
		return 0, stgypub.Errorf(stgypub.CodeUnauthenticated, "login required")
	}
	if len(ids) > MaxNotifications {
		return 0, stgypub.Errorf(stgypub.CodeBadUserInput, "at most %d IDs", MaxNotifications)
	}
	return s.store.MarkCommentNotificationsRead(ctx, viewer.ID, ids)
}
