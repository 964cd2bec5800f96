-- Delete a comment (its notification cascades), returning it with its
-- post's owner (DeleteComment, DeleteCommentIf). $1 comment ID, $2 the
-- version it must still have (NULL: any).
DELETE FROM post_pub_comments c WHERE c.id = $1 AND ($2::bigint IS NULL OR stgy_comment_version(c.nickname, c.body, c.status, c.is_author) = $2)
RETURNING c.*, (SELECT owned_by FROM posts WHERE id = c.post_id) AS owned_by
