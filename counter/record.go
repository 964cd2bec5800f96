package counter

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"

	"github.com/redis/go-redis/v9"

	"github.com/stgy/stgypub"
)

// LRUBytes is the per-post LRU limit: 150 fingerprints of 4 bytes (seed
// 001 "Per-Post LRU Deduplication").
const LRUBytes = 150 * 4

// recordScript is seed 001 "Atomic Updates with Lua", steps 1-9.
// KEYS: lru, meta, daily. ARGV: fingerprint (4 bytes), meta JSON, TTL
// seconds, post field, LRU byte limit.
var recordScript = redis.NewScript(`
local lru = redis.call('GET', KEYS[1]) or ''
local limit = tonumber(ARGV[5])
if #lru % 4 ~= 0 or #lru > limit then lru = '' end
local fp = ARGV[1]
local seen = false
for i = 1, #lru, 4 do
  if string.sub(lru, i, i + 3) == fp then
    lru = string.sub(lru, 1, i - 1) .. string.sub(lru, i + 4)
    seen = true
    break
  end
end
lru = lru .. fp
if #lru > limit then lru = string.sub(lru, #lru - limit + 1) end
local ttl = tonumber(ARGV[3])
redis.call('SET', KEYS[1], lru, 'EX', ttl)
redis.call('SET', KEYS[2], ARGV[2], 'EX', ttl)
if seen then return 0 end
local n = redis.call('HINCRBY', KEYS[3], ARGV[4], 1)
redis.call('EXPIRE', KEYS[3], ttl)
return n
`)

// meta is the JSON of a meta key (seed 001 "Metadata for Stats").
type meta struct {
	PublishedAt *string `json:"publishedAt"`
	Digest      string  `json:"digest"`
}

// metaTime is the publishedAt format: RFC 3339, milliseconds, "Z".
const metaTime = "2006-01-02T15:04:05.000Z"

// RecordView runs the view script once (EVALSHA, falling back to EVAL
// after SCRIPT FLUSH or a restart) and returns the post's new PV for today
// (UTC), or 0 when the fingerprint is among the post's last 150. The meta
// key is refreshed even for duplicates. When the new PV is a checkpoint,
// the PostgreSQL synchronization runs in the background (see Wait), so
// ordinary views make no PostgreSQL query. Zero IDs are BAD_USER_INPUT.
// Callers verify the signature and exclude bots first (package visitor).
func (c *Counter) RecordView(ctx context.Context, v stgypub.View) (int64, error) {
	if v.PostID == 0 || v.OwnerID == 0 {
		return 0, stgypub.Errorf(stgypub.CodeBadUserInput, "view needs a post and an owner")
	}
	m := meta{Digest: v.Digest}
	if !v.PublishedAt.IsZero() {
		s := v.PublishedAt.UTC().Format(metaTime)
		m.PublishedAt = &s
	}
	mj, err := json.Marshal(m)
	if err != nil {
		return 0, fmt.Errorf("counter: meta: %w", err)
	}
	today := c.today()
	keys := []string{c.lruKey(v.OwnerID, v.PostID), c.metaKey(v.OwnerID, v.PostID), c.dailyKey(v.OwnerID, today.Format(dayLayout))}
	n, err := recordScript.Run(ctx, c.rdb, keys,
		string(v.Fingerprint[:]), mj, int64(c.ttl().Seconds()), v.PostID.String(), strconv.Itoa(LRUBytes)).Int64()
	if err != nil {
		return 0, fmt.Errorf("counter: record view of %s: %w", v.PostID, err)
	}
	if n > 0 && CheckpointFor(n) {
		c.background(ctx, func(ctx context.Context) error {
			if n == 4 {
				return c.syncWindow(ctx, v.OwnerID, v.PostID)
			}
			return c.syncToday(ctx, v.OwnerID, v.PostID, today, n)
		})
	}
	return n, nil
}
