-- The account a restore writes into (RestoreSite), locked for the
-- transaction: the user of login name $1 (case-insensitive, the unique
-- index), and how many of the archived post IDs $2 it already owns.
SELECT u.id, u.login_name,
  (SELECT count(*) FROM posts p WHERE p.owned_by = u.id AND p.id = ANY($2::bigint[])) AS owned
FROM users u WHERE lower(u.login_name) = lower($1)
FOR UPDATE OF u
