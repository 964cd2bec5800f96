-- Accounts: what a standalone STGY Pub needs of the SNS users table.
CREATE TABLE users (
  id BIGINT PRIMARY KEY,
  login_name VARCHAR(50) NOT NULL UNIQUE,
  nickname VARCHAR(50) NOT NULL,
  introduction VARCHAR(2000) NOT NULL DEFAULT '',
  is_admin BOOLEAN NOT NULL DEFAULT FALSE,
  password_hash VARCHAR(256) NOT NULL DEFAULT '',
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  updated_at TIMESTAMPTZ
);

--bun:split

-- Seed 001 "Canonical Publication State", as written.
CREATE TABLE posts (
  id BIGINT PRIMARY KEY,
  owned_by BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  reply_to BIGINT,
  published_at TIMESTAMPTZ,
  updated_at TIMESTAMPTZ,
  snippet VARCHAR(4096) NOT NULL,
  locale VARCHAR(50),
  allow_likes BOOLEAN NOT NULL,
  allow_replies BOOLEAN NOT NULL
);

--bun:split

-- Site listings, prev/next and Recent posts walk (owner, published_at, id).
CREATE INDEX idx_posts_owned_by_published_at
  ON posts (owned_by, published_at, id)
  WHERE published_at IS NOT NULL;

--bun:split

-- Markdown body and its plain text (search, KWIC).
CREATE TABLE post_details (
  post_id BIGINT PRIMARY KEY REFERENCES posts(id) ON DELETE CASCADE,
  content TEXT NOT NULL,
  plain_text TEXT NOT NULL DEFAULT ''
);

--bun:split

-- Seed 001 "Public Site Settings", as written.
CREATE TABLE user_pub_configs (
  user_id BIGINT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  site_name VARCHAR(50) NOT NULL DEFAULT '',
  subtitle VARCHAR(50) NOT NULL DEFAULT '',
  author VARCHAR(50) NOT NULL DEFAULT '',
  introduction VARCHAR(1000) NOT NULL DEFAULT '',
  design_theme VARCHAR(50) NOT NULL DEFAULT '',
  show_service_header BOOLEAN NOT NULL DEFAULT TRUE,
  show_site_name BOOLEAN NOT NULL DEFAULT TRUE,
  show_pagenation BOOLEAN NOT NULL DEFAULT TRUE,
  show_side_profile BOOLEAN NOT NULL DEFAULT TRUE,
  show_side_recent INTEGER NOT NULL DEFAULT 5,
  show_side_popular INTEGER NOT NULL DEFAULT 5,
  extensions VARCHAR(4096) NOT NULL DEFAULT '{}'
);

--bun:split

-- Seed 001 "PostgreSQL PV Checkpoints", as written.
CREATE TABLE post_pub_access_counts (
  post_id BIGINT NOT NULL REFERENCES posts(id) ON DELETE CASCADE,
  owner_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  target_date DATE NOT NULL,
  count INTEGER NOT NULL,
  PRIMARY KEY (post_id, target_date)
);

--bun:split

CREATE INDEX idx_post_pub_access_counts_owner_date
  ON post_pub_access_counts (owner_id, target_date);

--bun:split

CREATE INDEX idx_post_pub_access_counts_target_date
  ON post_pub_access_counts (target_date);

--bun:split

-- Idempotent import: one post per (user, source file).
CREATE TABLE post_imports (
  user_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  source_key VARCHAR(512) NOT NULL,
  post_id BIGINT NOT NULL REFERENCES posts(id) ON DELETE CASCADE,
  PRIMARY KEY (user_id, source_key)
);

--bun:split

-- Login sessions (cookie) and API bearer tokens: only SHA-256 hashes of
-- the secrets are stored.
CREATE TABLE user_sessions (
  token_hash BYTEA PRIMARY KEY,
  user_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  expires_at TIMESTAMPTZ NOT NULL
);

--bun:split

CREATE INDEX idx_user_sessions_user_id ON user_sessions (user_id);

--bun:split

CREATE TABLE api_tokens (
  id BIGINT PRIMARY KEY,
  user_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  name VARCHAR(100) NOT NULL DEFAULT '',
  token_hash BYTEA NOT NULL UNIQUE,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  expires_at TIMESTAMPTZ
);
