-- Claim up to $3 federation deliveries due at $1 for this process
-- (ClaimFederationDeliveries): rows another process holds are skipped (FOR
-- UPDATE SKIP LOCKED), and a claimed row's next attempt moves to the
-- lease's end $2, so a process that dies mid-attempt leaves it to be
-- claimed again then (at-least-once). The attempt is counted now.
WITH c AS (
  SELECT id FROM federation_deliveries
  WHERE delivered_at IS NULL AND failed_at IS NULL AND next_attempt_at <= $1
  ORDER BY next_attempt_at, id
  LIMIT $3
  FOR UPDATE SKIP LOCKED
)
UPDATE federation_deliveries d SET next_attempt_at = $2, attempts = d.attempts + 1
FROM c
WHERE d.id = c.id
RETURNING d.id::text AS id, d.user_id, d.inbox, d.post_id, d.activity, d.body, d.attempts, d.next_attempt_at,
  d.last_status, d.last_error, d.delivered_at, d.failed_at, d.created_at
