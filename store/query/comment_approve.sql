-- Publish a pending comment, returning it with its post's owner and
-- whether it was pending (ApproveComment, ApproveCommentIf: only then is
-- COMMENT_APPROVED queued; the row is locked first, so of two approvals
-- racing only one sees it pending). $1 comment ID, $2 the version it must
-- still have (NULL: any; stgy_comment_version).
WITH old AS (SELECT id, status FROM post_pub_comments WHERE id = $1 FOR UPDATE)
UPDATE post_pub_comments c SET status = 'published' FROM old
WHERE c.id = old.id AND ($2::bigint IS NULL OR stgy_comment_version(c.nickname, c.body, c.status, c.is_author) = $2)
RETURNING c.*, (SELECT owned_by FROM posts WHERE id = c.post_id) AS owned_by, old.status = 'pending' AS was_pending
