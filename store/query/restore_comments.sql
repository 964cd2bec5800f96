-- The archived comments with their IDs (RestoreSite): inserted, or
-- updated only where they differ, so a second restore writes nothing;
-- RETURNING tells inserts (xmax 0) from updates. RestoreSite refused IDs
-- on other posts before. $1..$6 parallel arrays: IDs, posts, nicknames,
-- bodies, statuses, is_author.
INSERT INTO post_pub_comments (id, post_id, nickname, body, status, is_author)
SELECT * FROM unnest($1::bigint[], $2::bigint[], $3::varchar[], $4::varchar[], $5::varchar[], $6::boolean[])
ON CONFLICT (id) DO UPDATE SET nickname = EXCLUDED.nickname, body = EXCLUDED.body,
  status = EXCLUDED.status, is_author = EXCLUDED.is_author
WHERE post_pub_comments.post_id = EXCLUDED.post_id
  AND (post_pub_comments.nickname, post_pub_comments.body, post_pub_comments.status, post_pub_comments.is_author)
  IS DISTINCT FROM (EXCLUDED.nickname, EXCLUDED.body, EXCLUDED.status, EXCLUDED.is_author)
RETURNING (xmax = 0) AS inserted
