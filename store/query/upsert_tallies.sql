-- The monotonic multi-row UPSERT of crawl and share counts (UpsertTallies):
-- a row is inserted, or its count raised when the incoming one is larger;
-- never lowered. $1 post IDs, $2 owner IDs, $3 UTC dates ('YYYY-MM-DD'),
-- $4 kinds, $5 names, $6 counts: parallel arrays, at most one element per
-- (post, kind, date, name).
INSERT INTO post_pub_tallies (post_id, owner_id, target_date, kind, name, count)
SELECT * FROM unnest($1::bigint[], $2::bigint[], $3::date[], $4::text[], $5::text[], $6::bigint[])
ON CONFLICT (post_id, kind, target_date, name) DO UPDATE SET count = EXCLUDED.count
WHERE post_pub_tallies.count < EXCLUDED.count
