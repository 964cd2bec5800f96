-- Rewrite a comment's nickname and body, returning it with its post's
-- owner (EditComment). $1 nickname, $2 body, $3 comment ID.
UPDATE post_pub_comments c SET nickname = $1, body = $2 WHERE c.id = $3
RETURNING c.*, (SELECT owned_by FROM posts WHERE id = c.post_id) AS owned_by
