-- The first archived post ID another account owns (RestoreSite refuses
-- the restore naming it). $1 post IDs, $2 the restoring account.
SELECT id, owned_by FROM posts
WHERE id = ANY($1::bigint[]) AND owned_by <> $2
ORDER BY id LIMIT 1
