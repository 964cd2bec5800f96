-- Move a post to another owner, locking its row, and return the old owner
-- (ChangeOwner). $1 new owner ID, $2 post ID. No row: the post does not
-- exist.
UPDATE posts p SET owned_by = $1
FROM (SELECT id, owned_by FROM posts WHERE id = $2 FOR UPDATE) o
WHERE p.id = o.id
RETURNING o.owned_by
