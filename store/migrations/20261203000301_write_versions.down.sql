DROP TRIGGER IF EXISTS user_pub_configs_next_version ON user_pub_configs;

--bun:split

DROP TRIGGER IF EXISTS posts_next_version ON posts;

--bun:split

DROP FUNCTION IF EXISTS stgy_next_version();

--bun:split

ALTER TABLE users DROP COLUMN IF EXISTS profile_version;

--bun:split

DROP FUNCTION IF EXISTS stgy_comment_version(TEXT, TEXT, TEXT, BOOLEAN);

--bun:split

ALTER TABLE user_pub_configs DROP COLUMN IF EXISTS version, DROP COLUMN IF EXISTS config_updated_at;

--bun:split

ALTER TABLE posts DROP COLUMN IF EXISTS version;
