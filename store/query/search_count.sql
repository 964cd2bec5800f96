-- The number of a user's published posts whose plain text matches
-- (SearchPublished past the last page). $1 user ID, $2 now, $3 ILIKE
-- pattern. The same plan as search_newest.sql.
WITH mine AS MATERIALIZED (
  SELECT p.id FROM posts p WHERE p.owned_by = $1 AND p.published_at <= $2
)
SELECT count(*)
FROM mine p JOIN LATERAL (
  SELECT 1 FROM post_details d
  WHERE d.post_id = p.id AND d.plain_text ILIKE $3 ESCAPE '\' OFFSET 0
) d ON true
