-- One page of a user's published posts whose plain text matches, oldest
-- first, with the plain text and the number of matches (SearchPublished).
-- $1 user ID, $2 now, $3 ILIKE pattern (escaped with backslash), $4 offset,
-- $5 limit. mine narrows to the user's published posts first (the owner
-- index); only their details are then matched by primary key. OFFSET 0
-- stops the planner from flattening the LATERAL subquery into a join that
-- scans every user's details.
WITH mine AS MATERIALIZED (
  SELECT p.id, p.owned_by, p.reply_to, p.published_at, p.updated_at,
    p.snippet, p.featured_image, p.featured_image_alt, p.reading_minutes, p.tags, p.locale, p.allow_likes, p.allow_replies
  FROM posts p WHERE p.owned_by = $1 AND p.published_at <= $2
)
SELECT p.*, d.plain_text, count(*) OVER () AS total
FROM mine p JOIN LATERAL (
  SELECT d.plain_text FROM post_details d
  WHERE d.post_id = p.id AND d.plain_text ILIKE $3 ESCAPE '\' OFFSET 0
) d ON true
ORDER BY p.published_at ASC, p.id ASC OFFSET $4 LIMIT $5
