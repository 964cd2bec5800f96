DROP TABLE IF EXISTS api_tokens;
--bun:split
DROP TABLE IF EXISTS user_sessions;
--bun:split
DROP TABLE IF EXISTS post_imports;
--bun:split
DROP TABLE IF EXISTS post_pub_access_counts;
--bun:split
DROP TABLE IF EXISTS user_pub_configs;
--bun:split
DROP TABLE IF EXISTS post_details;
--bun:split
DROP TABLE IF EXISTS posts;
--bun:split
DROP TABLE IF EXISTS users;
