-- Webhooks (docs/WEBHOOKS.md): an owner's endpoints, the durable delivery
-- queue the worker drains (at-least-once, retried with backoff for 24 h,
-- claimed with FOR UPDATE SKIP LOCKED by any number of server processes),
-- and the mark of the posts announced as published, which the scheduled
-- post poller compares with published_at.
CREATE TABLE webhooks (
  id BIGINT PRIMARY KEY,
  owner_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  url TEXT NOT NULL CHECK (length(url) <= 2048),
  events TEXT[] NOT NULL CHECK (cardinality(events) > 0),
  secret TEXT NOT NULL,
  created_at TIMESTAMPTZ NOT NULL
);

--bun:split

CREATE INDEX webhooks_owner ON webhooks (owner_id, created_at);

--bun:split

-- One row per (hook, event). body is written at the first attempt (the
-- post's title and URL as they are then) and sent unchanged on every retry;
-- next_attempt_at is also the claim's lease while an attempt runs.
-- delivered_at: a 2xx answer; failed_at: given up after the retry window.
CREATE TABLE webhook_deliveries (
  id UUID PRIMARY KEY,
  hook_id BIGINT NOT NULL REFERENCES webhooks(id) ON DELETE CASCADE,
  event VARCHAR(32) NOT NULL,
  post_id BIGINT NOT NULL,
  comment_id BIGINT,
  occurred_at TIMESTAMPTZ NOT NULL,
  body BYTEA,
  attempts INT NOT NULL DEFAULT 0,
  next_attempt_at TIMESTAMPTZ NOT NULL,
  last_status INT,
  last_error TEXT,
  delivered_at TIMESTAMPTZ,
  failed_at TIMESTAMPTZ
);

--bun:split

CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at)
  WHERE delivered_at IS NULL AND failed_at IS NULL;

--bun:split

CREATE INDEX webhook_deliveries_hook ON webhook_deliveries (hook_id, occurred_at DESC);

--bun:split

-- A row: the post was announced as published (POST_PUBLISHED enqueued).
-- Inserted once per publication (ON CONFLICT DO NOTHING decides between the
-- owner's action and the poller), deleted when POST_UNPUBLISHED is.
CREATE TABLE post_webhook_marks (
  post_id BIGINT PRIMARY KEY REFERENCES posts(id) ON DELETE CASCADE
);

--bun:split

-- Posts published before webhooks existed are not announced.
INSERT INTO post_webhook_marks (post_id)
SELECT id FROM posts WHERE published_at IS NOT NULL AND published_at <= now();

--bun:split

-- The poller's scan: posts whose publication time lies in the last 24 h.
CREATE INDEX posts_published_at ON posts (published_at) WHERE published_at IS NOT NULL;
