-- The sites with published posts, newest publication first (ties by owner
-- ID, descending), with what the home page shows of them and what their
-- time zone follows from (extensions, the locale of the newest published
-- post that has one) (PublishedSites). $1 now, $2 limit.
SELECT u.id, u.nickname,
  coalesce(c.site_name, '') AS site_name, coalesce(c.subtitle, '') AS subtitle,
  coalesce(c.author, '') AS author, coalesce(c.extensions, '{}') AS extensions,
  (SELECT x.locale FROM posts x WHERE x.owned_by = u.id AND x.published_at <= $1 AND x.locale <> ''
    ORDER BY x.published_at DESC, x.id DESC LIMIT 1) AS newest_locale,
  p.newest
FROM (SELECT owned_by, max(published_at) AS newest FROM posts
  WHERE published_at <= $1 GROUP BY owned_by
  ORDER BY newest DESC, owned_by DESC LIMIT $2) p
JOIN users u ON u.id = p.owned_by
LEFT JOIN user_pub_configs c ON c.user_id = u.id
ORDER BY p.newest DESC, u.id DESC
