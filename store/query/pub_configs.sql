-- Users' settings, column defaults for those without a row, by user ID
-- (PubConfig with one ID, PubConfigs), with the site's language (the
-- locale of the newest published post that has one). $1 user IDs, $2 now.
SELECT u.id AS uid, c.user_id IS NOT NULL AS has_row,
  (SELECT x.locale FROM posts x WHERE x.owned_by = u.id AND x.published_at <= $2 AND x.locale <> ''
    ORDER BY x.published_at DESC, x.id DESC LIMIT 1) AS newest_locale,
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
  coalesce(c.extensions, '{}') AS extensions,
  coalesce(c.version, 0) AS version, c.config_updated_at
FROM users u LEFT JOIN user_pub_configs c ON c.user_id = u.id
WHERE u.id = ANY($1::bigint[])
ORDER BY u.id
