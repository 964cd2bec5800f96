-- The scheduled post poller (AnnounceDuePosts): mark up to $3 posts whose
-- publication time fell due after $2 and at or before $1 and that are not
-- marked, and queue POST_PUBLISHED for their owners' hooks. A post marked
-- meanwhile by its owner's action is skipped (ON CONFLICT DO NOTHING).
-- Returns how many posts were marked and how many deliveries queued.
WITH due AS (
  SELECT p.id, p.owned_by FROM posts p
  WHERE p.published_at > $2 AND p.published_at <= $1
    AND NOT EXISTS (SELECT 1 FROM post_webhook_marks m WHERE m.post_id = p.id)
  ORDER BY p.published_at, p.id
  LIMIT $3
), pub AS (
  INSERT INTO post_webhook_marks (post_id)
  SELECT id FROM due
  ON CONFLICT DO NOTHING
  RETURNING post_id
), ins AS (
  INSERT INTO webhook_deliveries (id, hook_id, event, post_id, occurred_at, next_attempt_at)
  SELECT gen_random_uuid(), h.id, 'POST_PUBLISHED', pub.post_id, $1, $1
  FROM pub JOIN due ON due.id = pub.post_id
  JOIN webhooks h ON h.owner_id = due.owned_by AND 'POST_PUBLISHED' = ANY (h.events)
  RETURNING 1
)
SELECT (SELECT count(*) FROM pub) AS posts, (SELECT count(*) FROM ins) AS deliveries
