-- Lock the owner's user row for the rest of the transaction, so two
-- concurrent createWebhook calls count each other's hook (CreateWebhook).
-- $1 owner ID. No row: the owner does not exist.
SELECT id FROM users WHERE id = $1 FOR UPDATE
