-- Federation reactions (docs/FEDERATION.md "Inbox"): remote actors' Likes
-- and Announces of a site's published posts, one row per (post, actor,
-- kind) so a repeated activity does not count twice; Undo deletes the row
-- (by the post and kind, or by activity_id). Only the actor ID is kept,
-- to recognise the repeat and the Undo. The owner sees the counts in
-- Stats.
CREATE TABLE federation_reactions (
  post_id BIGINT NOT NULL REFERENCES posts(id) ON DELETE CASCADE,
  actor TEXT NOT NULL CHECK (length(actor) <= 2048),
  kind VARCHAR(16) NOT NULL CHECK (kind IN ('Like', 'Announce')),
  user_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  activity_id TEXT NOT NULL DEFAULT '' CHECK (length(activity_id) <= 2048),
  created_at TIMESTAMPTZ NOT NULL,
  PRIMARY KEY (post_id, actor, kind)
);

--bun:split

CREATE INDEX federation_reactions_user ON federation_reactions (user_id, actor);

--bun:split

-- The owner's follower list is paged by (created_at, actor).
CREATE INDEX federation_followers_page ON federation_followers (user_id, created_at, actor);
