-- Comments made from fediverse replies (docs/FEDERATION.md "Replies"):
-- the Note's ActivityPub ID (unique: a redelivered Create stores nothing)
-- and the actor who sent it, the only one whose Update and Delete change
-- the comment. Nothing else of the remote actor is kept; the row goes
-- with its comment.
CREATE TABLE federation_comments (
  comment_id BIGINT PRIMARY KEY REFERENCES post_pub_comments(id) ON DELETE CASCADE,
  note_id TEXT NOT NULL UNIQUE CHECK (length(note_id) <= 2048),
  actor TEXT NOT NULL CHECK (length(actor) <= 2048)
);

--bun:split

CREATE INDEX federation_comments_actor ON federation_comments (actor);
