-- The published posts among the IDs $1 in input order (first occurrence
-- wins), without details (PublishedByIDs). $2 now.
WITH req AS (
  SELECT id, min(ord) AS ord FROM unnest($1::bigint[]) WITH ORDINALITY AS t(id, ord) GROUP BY id
)
SELECT p.id, p.owned_by, p.reply_to, p.published_at, p.updated_at,
  p.snippet, p.featured_image, p.featured_image_alt, p.reading_minutes, p.tags, p.locale, p.allow_likes, p.allow_replies
FROM req r JOIN posts p ON p.id = r.id
WHERE p.published_at <= $2
ORDER BY r.ord
