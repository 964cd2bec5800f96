-- Posts whose derived fields predate the current rules (StaleDerived):
-- $1 the current stgypub.DerivedVersion, $2 the batch size. Oldest IDs
-- first through idx_posts_derived_version, with the body.
SELECT p.id, p.owned_by, p.updated_at, d.content, d.plain_text
FROM posts p JOIN post_details d ON d.post_id = p.id
WHERE p.derived_version < $1
ORDER BY p.derived_version, p.id
LIMIT $2
