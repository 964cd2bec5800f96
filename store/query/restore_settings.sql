-- The archived settings row (RestoreSite): inserted, or updated only when
-- a column differs (the version trigger then moves), so a second restore
-- writes nothing. $1 user, $2..$13 the columns in table order, $14
-- config_updated_at.
INSERT INTO user_pub_configs (user_id, site_name, subtitle, author, introduction, design_theme,
  show_service_header, show_site_name, show_pagenation, show_side_profile,
  show_side_recent, show_side_popular, extensions, config_updated_at)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)
ON CONFLICT (user_id) DO UPDATE SET site_name = EXCLUDED.site_name, subtitle = EXCLUDED.subtitle,
  author = EXCLUDED.author, introduction = EXCLUDED.introduction, design_theme = EXCLUDED.design_theme,
  show_service_header = EXCLUDED.show_service_header, show_site_name = EXCLUDED.show_site_name,
  show_pagenation = EXCLUDED.show_pagenation, show_side_profile = EXCLUDED.show_side_profile,
  show_side_recent = EXCLUDED.show_side_recent, show_side_popular = EXCLUDED.show_side_popular,
  extensions = EXCLUDED.extensions, config_updated_at = EXCLUDED.config_updated_at
WHERE (user_pub_configs.site_name, user_pub_configs.subtitle, user_pub_configs.author,
  user_pub_configs.introduction, user_pub_configs.design_theme, user_pub_configs.show_service_header,
  user_pub_configs.show_site_name, user_pub_configs.show_pagenation, user_pub_configs.show_side_profile,
  user_pub_configs.show_side_recent, user_pub_configs.show_side_popular, user_pub_configs.extensions,
  user_pub_configs.config_updated_at)
  IS DISTINCT FROM (EXCLUDED.site_name, EXCLUDED.subtitle, EXCLUDED.author, EXCLUDED.introduction,
  EXCLUDED.design_theme, EXCLUDED.show_service_header, EXCLUDED.show_site_name, EXCLUDED.show_pagenation,
  EXCLUDED.show_side_profile, EXCLUDED.show_side_recent, EXCLUDED.show_side_popular, EXCLUDED.extensions,
  EXCLUDED.config_updated_at)
RETURNING user_id
