-- A post's tags (docs/SPEC.md#tags): as shown (NFC, at most 10 of at most
-- 40 characters: stgypub.NormalizeTags) and their comparison keys
-- (stgypub.TagKey: NFKC, case-folded), position for position.
ALTER TABLE posts
  ADD COLUMN tags TEXT[] NOT NULL DEFAULT '{}',
  ADD COLUMN tag_keys TEXT[] NOT NULL DEFAULT '{}';

--bun:split

CREATE INDEX idx_posts_tag_keys ON posts USING GIN (tag_keys);
