-- Seed 001 "External Publication Comments", as written: no commenter user
-- ID, e-mail or IP address; creation time is recovered from the ID.
CREATE TABLE post_pub_comments (
  id BIGINT PRIMARY KEY,
  post_id BIGINT NOT NULL REFERENCES posts(id) ON DELETE CASCADE,
  nickname VARCHAR(50) NOT NULL,
  body VARCHAR(65536) NOT NULL,
  status VARCHAR(32) NOT NULL CHECK (status IN ('pending', 'published')),
  is_author BOOLEAN NOT NULL DEFAULT FALSE
);

--bun:split

CREATE INDEX idx_post_pub_comments_post_id ON post_pub_comments(post_id, id DESC);

--bun:split

-- Owner notifications of new comments by someone else (docs/SPEC.md
-- "Comments"): the commenter is named by nickname only; the time is
-- recovered from the ID. post_id is the comment's post: a deleted comment
-- (or post, through its comments) takes its notification along.
CREATE TABLE pub_comment_notifications (
  id BIGINT PRIMARY KEY,
  user_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  post_id BIGINT NOT NULL,
  comment_id BIGINT NOT NULL REFERENCES post_pub_comments(id) ON DELETE CASCADE,
  nickname VARCHAR(50) NOT NULL,
  read_at TIMESTAMPTZ
);

--bun:split

CREATE INDEX idx_pub_comment_notifications_user_id ON pub_comment_notifications (user_id, id DESC);

--bun:split

CREATE INDEX idx_pub_comment_notifications_comment_id ON pub_comment_notifications (comment_id);
