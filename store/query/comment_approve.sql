-- Publish a pending comment, returning it with its post's owner
-- (ApproveComment). $1 comment ID.
UPDATE post_pub_comments c SET status = 'published' WHERE c.id = $1
RETURNING c.*, (SELECT owned_by FROM posts WHERE id = c.post_id) AS owned_by
