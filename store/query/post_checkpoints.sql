-- A post's checkpoints within a range of UTC dates, oldest first, through
-- the primary key (PostCheckpoints). $1 post ID, $2 and $3 the first and
-- last dates ('YYYY-MM-DD'). Dates travel as text both ways, so no time
-- zone can shift them.
SELECT post_id, owner_id, target_date::text AS target_date, count
FROM post_pub_access_counts
WHERE post_id = $1 AND target_date BETWEEN $2::date AND $3::date
ORDER BY target_date, post_id
