-- Federation (docs/FEDERATION.md): each site's ActivityPub key pair
-- (generated once; the private key sealed with AES-256-GCM under the
-- server's STGY_FEDERATION_KEY, never in the clear), the remote actors
-- following a site, and the durable queue of signed activities to remote
-- inboxes (claimed with FOR UPDATE SKIP LOCKED, retried with backoff).
CREATE TABLE federation_keys (
  user_id BIGINT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  public_pem TEXT NOT NULL,
  private_sealed BYTEA NOT NULL,
  created_at TIMESTAMPTZ NOT NULL
);

--bun:split

CREATE TABLE federation_followers (
  user_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  actor TEXT NOT NULL CHECK (length(actor) <= 2048),
  inbox TEXT NOT NULL CHECK (length(inbox) <= 2048),
  shared_inbox TEXT NOT NULL DEFAULT '' CHECK (length(shared_inbox) <= 2048),
  follow_id TEXT NOT NULL CHECK (length(follow_id) <= 2048),
  created_at TIMESTAMPTZ NOT NULL,
  PRIMARY KEY (user_id, actor)
);

--bun:split

-- body is the activity's JSON, signed afresh at each attempt (the Date
-- header must be current); for a post's activity (post_id and activity
-- set, queued in the post write's transaction) it is NULL until the first
-- attempt builds it from the post as it is then. next_attempt_at is also
-- the claim's lease. One row per inbox (a follower's shared inbox when it
-- has one).
CREATE TABLE federation_deliveries (
  id UUID PRIMARY KEY,
  user_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  inbox TEXT NOT NULL,
  post_id BIGINT,
  activity VARCHAR(16),
  body BYTEA,
  attempts INT NOT NULL DEFAULT 0,
  next_attempt_at TIMESTAMPTZ NOT NULL,
  last_status INT,
  last_error TEXT,
  delivered_at TIMESTAMPTZ,
  failed_at TIMESTAMPTZ,
  created_at TIMESTAMPTZ NOT NULL
);

--bun:split

CREATE INDEX federation_deliveries_due ON federation_deliveries (next_attempt_at)
  WHERE delivered_at IS NULL AND failed_at IS NULL;

--bun:split

-- Remote servers whose deliveries fail: failing_since is the first failure
-- since the last success (a success deletes the row). A post's activities
-- are not queued for a server failing for 7 days (docs/FEDERATION.md
-- "Delivery").
CREATE TABLE federation_hosts (
  host TEXT PRIMARY KEY,
  failing_since TIMESTAMPTZ NOT NULL,
  last_failure TIMESTAMPTZ NOT NULL
);
