DROP INDEX IF EXISTS idx_posts_tag_keys;

--bun:split

ALTER TABLE posts DROP COLUMN IF EXISTS tags, DROP COLUMN IF EXISTS tag_keys;
