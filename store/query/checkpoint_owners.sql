-- The owners with at least $3 checkpoints within a range of UTC dates, most
-- rows first, at most $4 of them (CheckpointOwners: the owners whose Stats
-- snapshot is written ahead of their first request). $1 and $2 the first
-- and last dates ('YYYY-MM-DD'); the target_date index bounds the scan.
SELECT owner_id
FROM post_pub_access_counts
WHERE target_date BETWEEN $1::date AND $2::date
GROUP BY owner_id
HAVING count(*) >= $3
ORDER BY count(*) DESC, owner_id
LIMIT $4
