-- The whole /pub/{postId} read in one round trip (PubArticle).
-- $1 post ID, $2 now, $3 stgypub.SidePostsMax.
-- cur: the post when published. site: its owner (never the password hash)
-- with their settings (column defaults without a row), site change time,
-- newest publication and next scheduled one (the page cache expires the
-- owner's pages then). rows: the post without its details, the neighbours in (published_at, id) order when show_pagenation is on, and
-- the owner's newest min(show_side_recent, $3) + 1 posts (the caller drops
-- the post itself). Every post read walks the (owned_by, published_at, id)
-- partial index. FULL JOIN ... ON false puts owner and settings on a row
-- of their own (role NULL), sent and scanned once.
WITH cur AS (
  SELECT p.id, p.owned_by, p.published_at FROM posts p WHERE p.id = $1 AND p.published_at <= $2
), site AS (
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
  WHERE u.id = (SELECT owned_by FROM cur)
), rows AS (
  SELECT 'post' AS role, p.id, p.owned_by, p.reply_to, p.published_at, p.updated_at,
    p.snippet, p.featured_image, p.featured_image_alt, p.reading_minutes, p.tags, p.locale, p.allow_likes, p.allow_replies, '' AS content, '' AS plain_text
  FROM cur JOIN posts p ON p.id = cur.id
  UNION ALL
  SELECT 'older', p.id, p.owned_by, p.reply_to, p.published_at, p.updated_at,
    p.snippet, p.featured_image, p.featured_image_alt, p.reading_minutes, p.tags, p.locale, p.allow_likes, p.allow_replies, '', ''
  FROM cur CROSS JOIN site CROSS JOIN LATERAL (
    SELECT * FROM posts p WHERE p.owned_by = cur.owned_by AND p.published_at <= $2
      AND (p.published_at, p.id) < (cur.published_at, cur.id)
    ORDER BY p.published_at DESC, p.id DESC LIMIT 1) p
  WHERE site.show_pagenation
  UNION ALL
  SELECT 'newer', p.id, p.owned_by, p.reply_to, p.published_at, p.updated_at,
    p.snippet, p.featured_image, p.featured_image_alt, p.reading_minutes, p.tags, p.locale, p.allow_likes, p.allow_replies, '', ''
  FROM cur CROSS JOIN site CROSS JOIN LATERAL (
    SELECT * FROM posts p WHERE p.owned_by = cur.owned_by AND p.published_at <= $2
      AND (p.published_at, p.id) > (cur.published_at, cur.id)
    ORDER BY p.published_at ASC, p.id ASC LIMIT 1) p
  WHERE site.show_pagenation
  UNION ALL
  SELECT 'recent', p.id, p.owned_by, p.reply_to, p.published_at, p.updated_at,
    p.snippet, p.featured_image, p.featured_image_alt, p.reading_minutes, p.tags, p.locale, p.allow_likes, p.allow_replies, '', ''
  FROM cur CROSS JOIN site CROSS JOIN LATERAL (
    SELECT * FROM posts p WHERE p.owned_by = cur.owned_by AND p.published_at <= $2
    ORDER BY p.published_at DESC, p.id DESC
    LIMIT CASE WHEN site.show_side_recent <= 0 THEN 0 ELSE least(site.show_side_recent, $3) + 1 END) p
)
SELECT rows.*, site.* FROM rows FULL JOIN site ON false
