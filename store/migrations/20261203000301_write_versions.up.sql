-- Write versions (docs/API.md "Versions and conflicts"): a counter on each
-- row an owner edits, moved by every UPDATE (the trigger below, so no write
-- path can forget it), compared in the WHERE of a conditional write
-- (ifVersion). A new row starts at 1; a site without a settings row reads
-- as version 0. users.profile_version counts profile writes only
-- (users.updated_at is the site change time, moved by every site write).
-- post_pub_comments keeps the seed's columns: a comment's version is a
-- hash of what a write can change (stgy_comment_version, mirrored by
-- stgypub.CommentVersion).
ALTER TABLE posts ADD COLUMN version BIGINT NOT NULL DEFAULT 1;

--bun:split

ALTER TABLE user_pub_configs ADD COLUMN version BIGINT NOT NULL DEFAULT 1,
  ADD COLUMN config_updated_at TIMESTAMPTZ;

--bun:split

CREATE FUNCTION stgy_comment_version(nickname TEXT, body TEXT, status TEXT, is_author BOOLEAN)
RETURNS BIGINT LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT ('x' || left(encode(sha256(convert_to(
    octet_length(nickname) || ':' || nickname || octet_length(body) || ':' || body
      || status || ':' || is_author::text, 'UTF8')), 'hex'), 16))::bit(64)::bigint
    & 9223372036854775807
$$;

--bun:split

ALTER TABLE users ADD COLUMN profile_version BIGINT NOT NULL DEFAULT 1;

--bun:split

CREATE FUNCTION stgy_next_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.version := OLD.version + 1;
  RETURN NEW;
END
$$;

--bun:split

CREATE TRIGGER posts_next_version BEFORE UPDATE ON posts
  FOR EACH ROW EXECUTE FUNCTION stgy_next_version();

--bun:split

CREATE TRIGGER user_pub_configs_next_version BEFORE UPDATE ON user_pub_configs
  FOR EACH ROW EXECUTE FUNCTION stgy_next_version();
