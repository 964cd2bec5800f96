-- Announce one post's publication change (AnnouncePublication): mark it and
-- queue POST_PUBLISHED when it is visible at $1 and not marked; unmark it
-- and queue POST_UNPUBLISHED when it is marked and not visible. The mark's
-- primary key decides between concurrent announcers (ON CONFLICT DO
-- NOTHING, DELETE ... RETURNING), so an event is queued once. $1 now,
-- $2 post ID. Returns the delivery IDs.
WITH p AS (
  SELECT id, owned_by, published_at IS NOT NULL AND published_at <= $1 AS visible
  FROM posts WHERE id = $2
), pub AS (
  INSERT INTO post_webhook_marks (post_id)
  SELECT id FROM p WHERE visible
  ON CONFLICT DO NOTHING
  RETURNING post_id, 'POST_PUBLISHED' AS event
), unpub AS (
  DELETE FROM post_webhook_marks m USING p
  WHERE m.post_id = p.id AND NOT p.visible
  RETURNING m.post_id, 'POST_UNPUBLISHED' AS event
), ev AS (
  SELECT post_id, event FROM pub UNION ALL SELECT post_id, event FROM unpub
)
INSERT INTO webhook_deliveries (id, hook_id, event, post_id, occurred_at, next_attempt_at)
SELECT gen_random_uuid(), h.id, ev.event, ev.post_id, $1, $1
FROM ev JOIN p ON p.id = ev.post_id
JOIN webhooks h ON h.owner_id = p.owned_by AND ev.event = ANY (h.events)
RETURNING id::text
