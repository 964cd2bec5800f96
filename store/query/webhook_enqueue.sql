-- Queue one event for each of the owner's hooks subscribed to it, in the
-- transaction of the write that caused it (queueWebhookEvent: the
-- transactional outbox). $1 owner ID, $2 event, $3 post ID, $4 comment ID
-- (NULL for post events), $5 when it occurred (also the first attempt's
-- time). Returns the delivery IDs.
INSERT INTO webhook_deliveries (id, hook_id, event, post_id, comment_id, occurred_at, next_attempt_at)
SELECT gen_random_uuid(), h.id, $2, $3, $4, $5, $5
FROM webhooks h
WHERE h.owner_id = $1 AND $2 = ANY (h.events)
RETURNING id::text
