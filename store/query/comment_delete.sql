-- Delete a comment, returning it with its post's owner (DeleteComment).
-- $1 comment ID.
DELETE FROM post_pub_comments c WHERE c.id = $1
RETURNING c.*, (SELECT owned_by FROM posts WHERE id = c.post_id) AS owned_by
