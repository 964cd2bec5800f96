-- One page of a post's comments, newest first (Comments,
-- PublishedComments). $1 post ID, $2 include pending ones, $3 limit,
-- $4 offset.
SELECT c.* FROM post_pub_comments c
WHERE c.post_id = $1 AND ($2 OR c.status = 'published')
ORDER BY c.id DESC LIMIT $3 OFFSET $4
