-- An owner's checkpoints within a range of UTC dates as ONE row of three
-- parallel integer arrays: post IDs, days after the first date, counts
-- (EachOwnerCheckpoint). $1 owner ID, $2 and $3 the first and last dates.
-- A plain array_agg costs PostgreSQL about what sending the rows would,
-- while the driver's per-row overhead goes.
SELECT array_agg(post_id), array_agg(target_date - $2::date), array_agg(count)
FROM post_pub_access_counts
WHERE owner_id = $1 AND target_date BETWEEN $2::date AND $3::date
