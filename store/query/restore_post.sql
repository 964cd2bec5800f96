-- One archived post (RestoreSite) with its ID: inserted, or, when the ID
-- is already this account's post, updated only where a column differs
-- (the version trigger then moves), so a second restore writes nothing.
-- RETURNING tells an insert (xmax 0) from an update; no row: unchanged.
-- RestoreSite refused posts of other accounts before. $1 ID, $2 owner,
-- $3 reply_to, $4 published_at, $5 updated_at, $6 snippet, $7 featured
-- image, $8 its alt, $9 reading minutes, $10 derived_version, $11 tags,
-- $12 tag keys, $13 locale (NULL: unknown), $14 allow_likes, $15
-- allow_replies.
INSERT INTO posts (id, owned_by, reply_to, published_at, updated_at, snippet, featured_image,
  featured_image_alt, reading_minutes, derived_version, tags, tag_keys, locale, allow_likes, allow_replies)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11::text[], $12::text[], $13, $14, $15)
ON CONFLICT (id) DO UPDATE SET reply_to = EXCLUDED.reply_to, published_at = EXCLUDED.published_at,
  updated_at = EXCLUDED.updated_at, snippet = EXCLUDED.snippet, featured_image = EXCLUDED.featured_image,
  featured_image_alt = EXCLUDED.featured_image_alt, reading_minutes = EXCLUDED.reading_minutes,
  derived_version = EXCLUDED.derived_version, tags = EXCLUDED.tags, tag_keys = EXCLUDED.tag_keys,
  locale = EXCLUDED.locale, allow_likes = EXCLUDED.allow_likes, allow_replies = EXCLUDED.allow_replies
WHERE posts.owned_by = EXCLUDED.owned_by
  AND (posts.reply_to, posts.published_at, posts.updated_at, posts.snippet, posts.featured_image,
  posts.featured_image_alt, posts.reading_minutes, posts.derived_version, posts.tags, posts.tag_keys,
  posts.locale, posts.allow_likes, posts.allow_replies)
  IS DISTINCT FROM (EXCLUDED.reply_to, EXCLUDED.published_at, EXCLUDED.updated_at, EXCLUDED.snippet,
  EXCLUDED.featured_image, EXCLUDED.featured_image_alt, EXCLUDED.reading_minutes, EXCLUDED.derived_version,
  EXCLUDED.tags, EXCLUDED.tag_keys, EXCLUDED.locale, EXCLUDED.allow_likes, EXCLUDED.allow_replies)
RETURNING (xmax = 0) AS inserted
