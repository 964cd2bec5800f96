-- Record a delivery attempt's outcome (RecordWebhookAttempt). $1 delivery
-- ID, $2 the body sent, $3 HTTP status (NULL: no answer), $4 error (NULL
-- on success), $5 delivered_at (NULL unless a 2xx), $6 next attempt,
-- $7 failed_at (NULL unless given up).
UPDATE webhook_deliveries
SET body = $2, last_status = $3, last_error = $4, delivered_at = $5, next_attempt_at = $6, failed_at = $7
WHERE id = $1::uuid
