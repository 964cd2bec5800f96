-- The user of an API token that has not expired (APITokenUser). $1 SHA-256
-- of the bearer token, $2 now.
SELECT u.id, u.login_name, u.nickname, u.introduction, u.is_admin,
  u.password_hash, u.updated_at, u.profile_version
FROM users u JOIN api_tokens t ON t.user_id = u.id
WHERE t.token_hash = $1 AND (t.expires_at IS NULL OR t.expires_at > $2)
