-- The owner's published posts just before (older) and just after (newer)
-- a post in (published_at, id) order, without details
-- (AdjacentPublished). $1 owner ID, $2 now, $3 the post's published_at,
-- $4 its ID.
(SELECT p.id, p.owned_by, p.reply_to, p.published_at, p.updated_at,
    p.snippet, p.featured_image, p.featured_image_alt, p.reading_minutes, p.tags, p.locale, p.allow_likes, p.allow_replies, 'older' AS side
  FROM posts p
  WHERE p.owned_by = $1 AND p.published_at <= $2 AND (p.published_at, p.id) < ($3, $4)
  ORDER BY p.published_at DESC, p.id DESC LIMIT 1)
UNION ALL
(SELECT p.id, p.owned_by, p.reply_to, p.published_at, p.updated_at,
    p.snippet, p.featured_image, p.featured_image_alt, p.reading_minutes, p.tags, p.locale, p.allow_likes, p.allow_replies, 'newer' AS side
  FROM posts p
  WHERE p.owned_by = $1 AND p.published_at <= $2 AND (p.published_at, p.id) > ($3, $4)
  ORDER BY p.published_at ASC, p.id ASC LIMIT 1)
