-- The archived profile onto the restoring account (RestoreSite), only when
-- it differs, so a second restore writes nothing. $1 user, $2 nickname,
-- $3 introduction.
UPDATE users SET nickname = $2, introduction = $3, profile_version = profile_version + 1
WHERE id = $1 AND (nickname, introduction) IS DISTINCT FROM ($2, $3)
RETURNING id
