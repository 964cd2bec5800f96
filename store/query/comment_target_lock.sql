-- comment_target.sql, locking the post's row until the transaction ends,
-- so the comment cap and mode checks hold while a comment is inserted or
-- imported. $1 post ID.
SELECT p.id, p.owned_by, p.reply_to, p.published_at, p.updated_at,
  p.snippet, p.featured_image, p.featured_image_alt, p.reading_minutes, p.tags, p.locale, p.allow_likes, p.allow_replies,
  coalesce(u.extensions, '{}') AS extensions
FROM posts p LEFT JOIN user_pub_configs u ON u.user_id = p.owned_by
WHERE p.id = $1
FOR NO KEY UPDATE OF p
