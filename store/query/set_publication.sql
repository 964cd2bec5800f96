-- Set a post's published_at (NULL unpublishes) and move its owner's site
-- change time forward (SetPublication). $1 published_at, $2 post ID, $3 now.
-- No row affected: the post does not exist.
WITH p AS (UPDATE posts SET published_at = $1 WHERE id = $2 RETURNING owned_by)
UPDATE users u SET updated_at = greatest(u.updated_at, $3)
FROM p WHERE u.id = p.owned_by
