DROP INDEX IF EXISTS idx_posts_derived_version;

--bun:split

ALTER TABLE posts
  DROP COLUMN IF EXISTS featured_image,
  DROP COLUMN IF EXISTS featured_image_alt,
  DROP COLUMN IF EXISTS reading_minutes,
  DROP COLUMN IF EXISTS derived_version;
