-- Publish a pending comment, returning it with its post's owner
-- (ApproveComment, ApproveCommentIf). $1 comment ID, $2 the version it
-- must still have (NULL: any; stgy_comment_version).
UPDATE post_pub_comments c SET status = 'published' WHERE c.id = $1 AND ($2::bigint IS NULL OR stgy_comment_version(c.nickname, c.body, c.status, c.is_author) = $2)
RETURNING c.*, (SELECT owned_by FROM posts WHERE id = c.post_id) AS owned_by
