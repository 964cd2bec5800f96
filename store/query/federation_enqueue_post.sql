-- Queue a post's activity $3 (Create, Update, Delete) about post $2 for
-- every inbox of owner $1's followers, one row per inbox (the shared inbox
-- when a follower has one), when the site has federation on
-- (extensions.federation.enabled), due at $4 (queueFederationPostEvent, in
-- the post write's transaction). The body is built at the first attempt.
-- Inboxes on a server whose deliveries have failed since 7 days before $4
-- are skipped (federation_hosts; the host as Go's url.URL.Host gives it:
-- up to the first /, # or question mark, chr(63), which statements do not
-- spell).
INSERT INTO federation_deliveries (id, user_id, inbox, post_id, activity, next_attempt_at, created_at)
SELECT gen_random_uuid(), $1, i.inbox, $2, $3, $4, $4
FROM (
  SELECT DISTINCT COALESCE(NULLIF(f.shared_inbox, ''), f.inbox) AS inbox
  FROM federation_followers f
  WHERE f.user_id = $1
) i
WHERE NOT EXISTS (
  SELECT 1 FROM federation_hosts h
  WHERE h.host = lower(substring(i.inbox from '^[A-Za-z][A-Za-z0-9+.-]*://([^/#' || chr(63) || ']+)'))
    AND h.failing_since < $4::timestamptz - interval '7 days'
)
AND EXISTS (
  SELECT 1 FROM user_pub_configs c
  WHERE c.user_id = $1 AND (c.extensions::jsonb -> 'federation' ->> 'enabled') = 'true'
)
RETURNING id::text
