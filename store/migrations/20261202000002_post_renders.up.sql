-- The sanitized HTML of each post's body, rendered once and kept
-- (docs/SPEC.md#bounded-rendering): one row per post and writing
-- direction. A row is current while its version is the renderer's and its
-- source_updated_at equals posts.updated_at (NULL for a post never edited).
CREATE TABLE post_renders (
  post_id BIGINT NOT NULL REFERENCES posts(id) ON DELETE CASCADE,
  vertical BOOLEAN NOT NULL,
  version INTEGER NOT NULL,
  source_updated_at TIMESTAMPTZ,
  html TEXT NOT NULL,
  PRIMARY KEY (post_id, vertical)
);
