-- An owner's hooks, oldest first (Webhooks). $1 owner ID.
SELECT id, owner_id, url, events, secret, created_at
FROM webhooks WHERE owner_id = $1
ORDER BY created_at, id
