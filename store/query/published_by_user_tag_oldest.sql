-- One page of a user's published posts with a tag, oldest first, without
-- details (PublishedByUser with PostQuery.Tag). $1 user ID, $2 now, $3 offset,
-- $4 limit, $5 the tag key (stgypub.TagKey).
SELECT p.id, p.owned_by, p.reply_to, p.published_at, p.updated_at,
  p.snippet, p.featured_image, p.featured_image_alt, p.reading_minutes, p.tags, p.locale, p.allow_likes, p.allow_replies
FROM posts p
WHERE p.owned_by = $1 AND p.published_at <= $2 AND p.tag_keys @> ARRAY[$5::text]
ORDER BY p.published_at ASC, p.id ASC OFFSET $3 LIMIT $4
