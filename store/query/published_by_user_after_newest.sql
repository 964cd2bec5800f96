-- A page of a user's published posts, newest first, after a position
-- (keyset paging: PublishedByUser with PostQuery.After), without details.
-- $1 user ID, $2 now, $3 the position's published_at, $4 its id, $5 limit.
SELECT p.id, p.owned_by, p.reply_to, p.published_at, p.updated_at,
  p.snippet, p.featured_image, p.featured_image_alt, p.reading_minutes, p.tags, p.locale, p.allow_likes, p.allow_replies
FROM posts p
WHERE p.owned_by = $1 AND p.published_at <= $2 AND (p.published_at, p.id) < ($3, $4)
ORDER BY p.published_at DESC, p.id DESC LIMIT $5
