-- Every user's published posts, newest first, without details
-- (PublishedForSitemap). $1 now, $2 limit.
SELECT p.id, p.owned_by, p.reply_to, p.published_at, p.updated_at,
  p.snippet, p.featured_image, p.featured_image_alt, p.reading_minutes, p.tags, p.locale, p.allow_likes, p.allow_replies
FROM posts p
WHERE p.published_at <= $1
ORDER BY p.published_at DESC, p.id DESC LIMIT $2
