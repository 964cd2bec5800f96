-- What every write derives from a post's body and keeps with it, so no
-- page or API read parses a body (docs/SPEC.md#featured-image,
-- docs/SPEC.md#reading-time): the featured image (absolute URL, "" for
-- none) and its alt text, the reading time in minutes. derived_version is
-- the rule version they were derived with (stgypub.DerivedVersion); rows
-- below it, such as every row older than this migration, are derived again
-- at start-up (owner.DeriveStale).
ALTER TABLE posts
  ADD COLUMN featured_image TEXT NOT NULL DEFAULT '',
  ADD COLUMN featured_image_alt TEXT NOT NULL DEFAULT '',
  ADD COLUMN reading_minutes INTEGER NOT NULL DEFAULT 0,
  ADD COLUMN derived_version INTEGER NOT NULL DEFAULT 0;

--bun:split

CREATE INDEX idx_posts_derived_version ON posts (derived_version, id);
