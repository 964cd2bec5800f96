-- Set a post's published_at (NULL unpublishes) and move its owner's site
-- change time forward (SetPublication, SetPublicationIf). $1 published_at,
-- $2 post ID, $3 now, $4 the version the post must still have (NULL: any;
-- the posts trigger moves it). Returns the owner and their new site change
-- time (strictly later, see touch_site); no row: the post does not exist
-- or is at another version.
WITH p AS (UPDATE posts SET published_at = $1 WHERE id = $2 AND ($4::bigint IS NULL OR version = $4) RETURNING owned_by)
UPDATE users u SET updated_at = greatest(u.updated_at + interval '1 microsecond', $3)
FROM p WHERE u.id = p.owned_by
RETURNING u.id, u.updated_at
