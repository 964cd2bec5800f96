-- The monotonic multi-row UPSERT of checkpoints (UpsertCheckpoints): a row
-- is inserted, or its count raised when the incoming one is larger; a
-- count is never lowered and an unchanged one causes no UPDATE. $1 post
-- IDs, $2 owner IDs, $3 UTC dates ('YYYY-MM-DD'), $4 counts: parallel
-- arrays, at most one element per (post, date).
INSERT INTO post_pub_access_counts (post_id, owner_id, target_date, count)
SELECT * FROM unnest($1::bigint[], $2::bigint[], $3::date[], $4::integer[])
ON CONFLICT (post_id, target_date) DO UPDATE SET count = EXCLUDED.count
WHERE post_pub_access_counts.count < EXCLUDED.count
