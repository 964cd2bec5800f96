-- Insert a hook unless its owner has $7 hooks already (CreateWebhook, after
-- webhook_lock_owner in the same transaction). $1 ID, $2 owner, $3 URL,
-- $4 events, $5 secret, $6 created_at, $7 the per-owner limit. No row: the
-- owner is at the limit.
INSERT INTO webhooks (id, owner_id, url, events, secret, created_at)
SELECT $1, $2, $3, $4, $5, $6
WHERE (SELECT count(*) FROM webhooks WHERE owner_id = $2) < $7
RETURNING id
