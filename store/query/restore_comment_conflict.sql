-- The first archived comment ID stored on another post than the
-- archive's (RestoreSite refuses the restore naming it). $1 comment IDs,
-- $2 their posts, parallel arrays.
SELECT c.id, c.post_id, u.post_id AS want_post_id
FROM post_pub_comments c
JOIN unnest($1::bigint[], $2::bigint[]) AS u(id, post_id) ON c.id = u.id
WHERE c.post_id <> u.post_id
ORDER BY c.id LIMIT 1
