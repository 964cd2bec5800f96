-- The Last-Modified of a user's pages read without PubSite
-- (LastPublishedChange): the latest of their site change time and of
-- published_at and updated_at over their published posts. $1 user ID,
-- $2 now.
SELECT greatest(
  (SELECT max(greatest(p.published_at, p.updated_at)) FROM posts p
    WHERE p.owned_by = $1 AND p.published_at <= $2),
  (SELECT u.updated_at FROM users u WHERE u.id = $1))
