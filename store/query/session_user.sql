-- The user of an unexpired login session (SessionUser). $1 SHA-256 of the
-- cookie token, $2 now.
SELECT u.id, u.login_name, u.nickname, u.introduction, u.is_admin,
  u.password_hash, u.updated_at, u.profile_version
FROM users u JOIN user_sessions t ON t.user_id = u.id
WHERE t.token_hash = $1 AND t.expires_at > $2
