-- The sites whose settings mention disallowAI (the caller applies
-- Extensions.DisallowAI to the decoded extensions), with their published
-- posts' IDs in ID order (AIDisallowedSites). $1 now.
SELECT c.user_id, c.extensions,
  coalesce((SELECT array_agg(p.id ORDER BY p.id) FROM posts p
    WHERE p.owned_by = c.user_id AND p.published_at <= $1), '{}') AS post_ids
FROM user_pub_configs c
WHERE c.extensions LIKE '%"disallowAI"%'
ORDER BY c.user_id
