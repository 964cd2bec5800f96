-- Queue a post's activity $3 (Create, Update, Delete) about post $2 for
-- every inbox of owner $1's followers, one row per inbox (the shared inbox
-- when a follower has one), when the site has federation on
-- (extensions.federation.enabled), due at $4 (queueFederationPostEvent, in
-- the post write's transaction). The body is built at the first attempt.
INSERT INTO federation_deliveries (id, user_id, inbox, post_id, activity, next_attempt_at, created_at)
SELECT gen_random_uuid(), $1, i.inbox, $2, $3, $4, $4
FROM (
  SELECT DISTINCT COALESCE(NULLIF(f.shared_inbox, ''), f.inbox) AS inbox
  FROM federation_followers f
  WHERE f.user_id = $1
) i
WHERE EXISTS (
  SELECT 1 FROM user_pub_configs c
  WHERE c.user_id = $1 AND (c.extensions::jsonb -> 'federation' ->> 'enabled') = 'true'
)
RETURNING id::text
