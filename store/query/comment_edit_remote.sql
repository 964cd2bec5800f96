-- Rewrite a comment made from a fediverse Note when its Note is updated
-- (EditRemoteComment), returning it with its post's owner. $1 nickname,
-- $2 body, $3 comment ID, $4 true returns it to pending (moderated mode).
UPDATE post_pub_comments c SET nickname = $1, body = $2, status = CASE WHEN $4::boolean THEN 'pending' ELSE c.status END WHERE c.id = $3
RETURNING c.*, (SELECT owned_by FROM posts WHERE id = c.post_id) AS owned_by
