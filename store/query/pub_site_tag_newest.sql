-- A /sites/{userId}?tag= page in one round trip (PubSite with a tag), newest first.
-- $1 user ID, $2 now, $3 offset, $4 limit, $5 the tag key (stgypub.TagKey):
-- only posts with that tag (idx_posts_tag_keys) are listed.
-- site: the user (never the password hash) with their settings (column
-- defaults without a row), site change time, newest publication and next
-- scheduled one (the page cache expires the owner's pages then). list: one
-- page of their published posts through the (owned_by, published_at, id)
-- partial index. FULL JOIN ... ON false keeps the user and settings on
-- a row of their own (post columns NULL), even when the page lists nothing.
WITH site AS (
  SELECT u.login_name AS owner_login_name, u.nickname AS owner_nickname,
    u.introduction AS owner_introduction, u.is_admin AS owner_is_admin,
    u.updated_at AS owner_updated_at,
    (SELECT x.published_at FROM posts x WHERE x.owned_by = u.id AND x.published_at <= $2
      ORDER BY x.published_at DESC LIMIT 1) AS newest_published,
    (SELECT x.published_at FROM posts x WHERE x.owned_by = u.id AND x.published_at > $2
      ORDER BY x.published_at ASC LIMIT 1) AS next_published,
    (SELECT x.locale FROM posts x WHERE x.owned_by = u.id AND x.published_at <= $2 AND x.locale <> ''
      ORDER BY x.published_at DESC, x.id DESC LIMIT 1) AS newest_locale,
    u.id AS uid, c.user_id IS NOT NULL AS has_row,
    coalesce(c.user_id, u.id) AS user_id,
    coalesce(c.site_name, '') AS site_name, coalesce(c.subtitle, '') AS subtitle,
    coalesce(c.author, '') AS author, coalesce(c.introduction, '') AS introduction,
    coalesce(c.design_theme, '') AS design_theme,
    coalesce(c.show_service_header, true) AS show_service_header,
    coalesce(c.show_site_name, true) AS show_site_name,
    coalesce(c.show_pagenation, true) AS show_pagenation,
    coalesce(c.show_side_profile, true) AS show_side_profile,
    coalesce(c.show_side_recent, 5) AS show_side_recent,
    coalesce(c.show_side_popular, 5) AS show_side_popular,
    coalesce(c.extensions, '{}') AS extensions
  FROM users u LEFT JOIN user_pub_configs c ON c.user_id = u.id
  WHERE u.id = $1
), list AS (
  SELECT * FROM posts p WHERE p.owned_by = $1 AND p.published_at <= $2 AND p.tag_keys @> ARRAY[$5::text]
  ORDER BY p.published_at DESC, p.id DESC OFFSET $3 LIMIT $4
)
SELECT site.*, p.id, p.owned_by, p.reply_to, p.published_at, p.updated_at,
  p.snippet, p.featured_image, p.featured_image_alt, p.reading_minutes, p.tags, p.locale, p.allow_likes, p.allow_replies
FROM site FULL JOIN list p ON false
ORDER BY p.published_at DESC, p.id DESC
