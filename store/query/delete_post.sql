-- Delete a post (details, imports, comments and checkpoints cascade) and
-- move its owner's site change time forward (DeletePost). $1 post ID,
-- $2 now. No row affected: the post does not exist.
WITH d AS (DELETE FROM posts WHERE id = $1 RETURNING owned_by)
UPDATE users u SET updated_at = greatest(u.updated_at, $2)
FROM d WHERE u.id = d.owned_by
