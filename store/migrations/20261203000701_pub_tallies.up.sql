-- Per post, UTC day and name: bot crawls by family (kind 'crawl', name
-- SEARCH/SOCIAL/AI/OTHER) and share clicks by service (kind 'share', name
-- x/facebook/line/hatena/copy), flushed from the Redis daily Hashes
-- (docs/ARCHITECTURE.md "Crawls and shares"). Counts only: no user agent,
-- address or time of day. Rows older than the retention window go with the
-- checkpoints.
CREATE TABLE post_pub_tallies (
  post_id BIGINT NOT NULL REFERENCES posts(id) ON DELETE CASCADE,
  owner_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  target_date DATE NOT NULL,
  kind VARCHAR(8) NOT NULL CHECK (kind IN ('crawl', 'share')),
  name VARCHAR(16) NOT NULL,
  count BIGINT NOT NULL CHECK (count >= 0),
  PRIMARY KEY (post_id, kind, target_date, name)
);

--bun:split

CREATE INDEX post_pub_tallies_owner ON post_pub_tallies (owner_id, kind, target_date);

--bun:split

CREATE INDEX post_pub_tallies_date ON post_pub_tallies (target_date);
