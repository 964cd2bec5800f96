-- An owner's checkpoints within a range of UTC dates, by date then post,
-- through the (owner_id, target_date) index (OwnerCheckpoints). $1 owner
-- ID, $2 and $3 the first and last dates ('YYYY-MM-DD').
SELECT post_id, owner_id, target_date::text AS target_date, count
FROM post_pub_access_counts
WHERE owner_id = $1 AND target_date BETWEEN $2::date AND $3::date
ORDER BY target_date, post_id
