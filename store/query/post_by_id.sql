-- One post in any publication state with its details (Post). $1 post ID.
SELECT p.id, p.owned_by, p.reply_to, p.published_at, p.updated_at,
  p.snippet, p.featured_image, p.featured_image_alt, p.reading_minutes, p.tags, p.locale, p.allow_likes, p.allow_replies, p.version,
  d.content, d.plain_text
FROM posts p JOIN post_details d ON d.post_id = p.id
WHERE p.id = $1
