-- A settings write left the site's federation off (retireFederation, in
-- the write's transaction): forget its followers and queue, due at $2, a
-- Delete of the actor to each of their inboxes (one per shared inbox),
-- signed with the site's key, which is kept. Nothing happens for a site
-- without followers.
WITH gone AS (
  DELETE FROM federation_followers WHERE user_id = $1
  RETURNING inbox, shared_inbox
)
INSERT INTO federation_deliveries (id, user_id, inbox, activity, next_attempt_at, created_at)
SELECT gen_random_uuid(), $1, i.inbox, 'DeleteActor', $2, $2
FROM (SELECT DISTINCT COALESCE(NULLIF(shared_inbox, ''), inbox) AS inbox FROM gone) i
RETURNING id::text
