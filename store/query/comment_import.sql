-- Restore comments with explicit IDs onto a post (ImportComments): an ID
-- already on this post is updated, an ID on another post is left alone
-- and missing from RETURNING (the caller reports CONFLICT). $1 post ID,
-- $2..$6 parallel arrays of IDs, nicknames, bodies, statuses, is_author.
INSERT INTO post_pub_comments (id, post_id, nickname, body, status, is_author)
SELECT u.id, $1, u.nickname, u.body, u.status, u.is_author
FROM unnest($2::bigint[], $3::varchar[], $4::varchar[], $5::varchar[], $6::boolean[])
  AS u(id, nickname, body, status, is_author)
ON CONFLICT (id) DO UPDATE SET nickname = EXCLUDED.nickname, body = EXCLUDED.body,
  status = EXCLUDED.status, is_author = EXCLUDED.is_author
WHERE post_pub_comments.post_id = EXCLUDED.post_id
RETURNING id
