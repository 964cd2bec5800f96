package store

import (
	"context"
	"fmt"
	"time"

	"github.com/uptrace/bun/dialect/pgdialect"

	"github.com/stgy/stgypub"
)

// Notification statements: every one walks idx_pub_comment_notifications_user_id.
var (
	sqlNotifications       = sqlFile("comment_notifications")
	sqlNotificationsUnread = sqlText("comment_notifications_unread", `SELECT count(*) FROM pub_comment_notifications
WHERE user_id = $1 AND read_at IS NULL`)
	sqlNotificationsMark = sqlText("comment_notifications_mark", `UPDATE pub_comment_notifications SET read_at = $1
WHERE user_id = $2 AND read_at IS NULL AND id = ANY($3::bigint[])`)
	sqlNotificationsMarkAll = sqlText("comment_notifications_mark_all", `UPDATE pub_comment_notifications SET read_at = $1
WHERE user_id = $2 AND read_at IS NULL`)
)

type notificationRow struct {
	ID        int64      `bun:"id"`
	UserID    int64      `bun:"user_id"`
	PostID    int64      `bun:"post_id"`
	CommentID int64      `bun:"comment_id"`
	Nickname  string     `bun:"nickname"`
	ReadAt    *time.Time `bun:"read_at"`
}

// CommentNotifications lists a user's comment notifications, newest first
// (q.Offset, q.Limit; only unread ones with q.UnreadOnly), and counts the
// unread ones.
func (s *Comments) CommentNotifications(ctx context.Context, userID stgypub.ID, q stgypub.NotificationQuery) ([]*stgypub.CommentNotification, int, error) {
	var rows []notificationRow
	if err := sqlNotifications.raw(s.DB, int64(userID), q.UnreadOnly, q.Limit, q.Offset).Scan(ctx, &rows); err != nil {
		return nil, 0, fmt.Errorf("store: notifications of %s: %w", userID, err)
	}
	var unread int
	if err := sqlNotificationsUnread.raw(s.DB, int64(userID)).Scan(ctx, &unread); err != nil {
		return nil, 0, fmt.Errorf("store: unread notifications of %s: %w", userID, err)
	}
	out := make([]*stgypub.CommentNotification, len(rows))
	for i, r := range rows {
		out[i] = &stgypub.CommentNotification{
			ID: stgypub.ID(r.ID), UserID: stgypub.ID(r.UserID), PostID: stgypub.ID(r.PostID),
			CommentID: stgypub.ID(r.CommentID), Nickname: r.Nickname, ReadAt: utcPtr(r.ReadAt),
		}
	}
	return out, unread, nil
}

// MarkCommentNotificationsRead marks the user's unread notifications
// among ids read at s.Now() (every unread one when ids is nil; other
// users' IDs are ignored) and returns how many it changed.
func (s *Comments) MarkCommentNotificationsRead(ctx context.Context, userID stgypub.ID, ids []stgypub.ID) (int, error) {
	now := s.Now().UTC()
	q := sqlNotificationsMarkAll.raw(s.DB, now, int64(userID))
	if ids != nil {
		q = sqlNotificationsMark.raw(s.DB, now, int64(userID), pgdialect.Array(toInt64s(ids)))
	}
	res, err := q.Exec(ctx)
	if err != nil {
		return 0, fmt.Errorf("store: mark notifications of %s read: %w", userID, err)
	}
	n, _ := res.RowsAffected()
	return int(n), nil
}
