-- A checkpoint's PostgreSQL side in ONE statement (SyncCheckpoints): the
-- UPSERT of upsert_checkpoints.sql in a data-modifying CTE, and the post's
-- rows in a range of dates as they were BEFORE it (the statement's
-- snapshot), oldest first. $1..$4 as in upsert_checkpoints.sql, $5 post
-- ID, $6 and $7 the first and last dates.
WITH up AS (
INSERT INTO post_pub_access_counts (post_id, owner_id, target_date, count)
SELECT * FROM unnest($1::bigint[], $2::bigint[], $3::date[], $4::integer[])
ON CONFLICT (post_id, target_date) DO UPDATE SET count = EXCLUDED.count
WHERE post_pub_access_counts.count < EXCLUDED.count
RETURNING 1
)
SELECT post_id, owner_id, target_date::text AS target_date, count
FROM post_pub_access_counts
WHERE post_id = $5 AND target_date BETWEEN $6::date AND $7::date
ORDER BY target_date
