-- Delete an owner's hook and, by cascade, its queued deliveries
-- (DeleteWebhook). $1 hook ID, $2 owner ID. No row: no such hook of that
-- owner.
DELETE FROM webhooks WHERE id = $1 AND owner_id = $2 RETURNING id
