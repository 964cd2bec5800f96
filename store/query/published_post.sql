-- One published post with its details (PublishedPost). $1 post ID, $2 now.
SELECT p.id, p.owned_by, p.reply_to, p.published_at, p.updated_at,
  p.snippet, p.featured_image, p.featured_image_alt, p.reading_minutes, p.tags, p.locale, p.allow_likes, p.allow_replies,
  d.content, d.plain_text
FROM posts p JOIN post_details d ON d.post_id = p.id
WHERE p.id = $1 AND p.published_at <= $2
