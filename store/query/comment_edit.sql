-- Rewrite a comment's nickname and body, returning it with its post's
-- owner (EditComment, EditCommentIf). $1 nickname, $2 body, $3 comment ID,
-- $4 the version it must still have (NULL: any; stgy_comment_version).
UPDATE post_pub_comments c SET nickname = $1, body = $2 WHERE c.id = $3 AND ($4::bigint IS NULL OR stgy_comment_version(c.nickname, c.body, c.status, c.is_author) = $4)
RETURNING c.*, (SELECT owned_by FROM posts WHERE id = c.post_id) AS owned_by
