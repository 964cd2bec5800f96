-- One page of a user's comment notifications, newest first
-- (CommentNotifications). $1 user ID, $2 unread only, $3 limit, $4 offset.
SELECT id, user_id, post_id, comment_id, nickname, read_at
FROM pub_comment_notifications
WHERE user_id = $1 AND (NOT $2 OR read_at IS NULL)
ORDER BY id DESC LIMIT $3 OFFSET $4
