-- Delete a post (details, imports, comments and checkpoints cascade) and
-- move its owner's site change time forward (DeletePost, DeletePostIf).
-- $1 post ID, $2 now (the site change time moves strictly forward, see
-- touch_site), $3 the version the post must still have (NULL: any).
-- Returns the owner and their new site change time; no row: the post
-- does not exist or is at another version.
WITH d AS (DELETE FROM posts WHERE id = $1 AND ($3::bigint IS NULL OR version = $3) RETURNING owned_by)
UPDATE users u SET updated_at = greatest(u.updated_at + interval '1 microsecond', $2)
FROM d WHERE u.id = d.owned_by
RETURNING u.id, u.updated_at
