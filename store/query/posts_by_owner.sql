-- One page of a user's posts of every state, newest ID first, without
-- details (PostsByOwner). $1 owner ID, $2 offset, $3 limit.
SELECT p.id, p.owned_by, p.reply_to, p.published_at, p.updated_at,
  p.snippet, p.featured_image, p.featured_image_alt, p.reading_minutes, p.tags, p.locale, p.allow_likes, p.allow_replies, p.version
FROM posts p WHERE p.owned_by = $1
ORDER BY p.id DESC OFFSET $2 LIMIT $3
