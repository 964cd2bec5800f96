-- A hook's most recent deliveries, newest first (WebhookDeliveries).
-- $1 hook ID, $2 how many.
SELECT id::text AS id, hook_id, event, post_id, comment_id, occurred_at, body, attempts,
  next_attempt_at, last_status, last_error, delivered_at, failed_at
FROM webhook_deliveries WHERE hook_id = $1
ORDER BY occurred_at DESC, id
LIMIT $2
