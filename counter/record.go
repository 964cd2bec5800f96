package counter

import (
	"context"
	"fmt"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/stgy/stgypub"
)

// LRUBytes is the per-post LRU limit: 150 fingerprints of 4 bytes (seed
// 001 "Per-Post LRU Deduplication").
const LRUBytes = 150 * 4

// recordScript is seed 001 "Atomic Updates with Lua", steps 1-9.
// KEYS: lru, meta, daily. ARGV: fingerprint (4 bytes), meta JSON, TTL
// seconds, post field, LRU byte limit. The fingerprint is looked up with
// a plain string.find (C memchr/memcmp) that only counts matches on a
// 4-byte boundary, instead of 150 string.sub copies per view.
var recordScript = redis.NewScript(`
local lru = redis.call('GET', KEYS[1]) or ''
local limit = tonumber(ARGV[5])
if #lru % 4 ~= 0 or #lru > limit then lru = '' end
local fp = ARGV[1]
local seen = false
local i = string.find(lru, fp, 1, true)
while i do
  if i % 4 == 1 then
    lru = string.sub(lru, 1, i - 1) .. string.sub(lru, i + 4)
    seen = true
    break
  end
  i = string.find(lru, fp, i + 1, true)
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

// viewCall holds one RecordView's script keys and arguments in a single
// allocation; the arguments are *string, which go-redis writes as they
// are, so no argument is boxed on its own.
type viewCall struct {
	keys            [3]string
	fp, meta, field string
	args            [5]any
}

// RecordView runs the view script once (EVALSHA, falling back to EVAL
// after SCRIPT FLUSH or a restart) and returns the post's new PV for today
// (UTC), or 0 when the fingerprint is among the post's last 150. The meta
// key is refreshed even for duplicates. When the new PV is a checkpoint,
// the PostgreSQL synchronization runs in the background (see Wait), so
// ordinary views make no PostgreSQL query and start no goroutine; they
// allocate two objects besides go-redis's own (keys and arguments as one
// string, and a viewCall). It waits at most Config.Budget: a slow or
// lost Redis fails the call (the page still renders). With
// Config.RotationSecret the fingerprint is first re-keyed for the UTC day
// (rotate). Zero IDs are
// BAD_USER_INPUT. Callers verify
// the signature and exclude bots first (package visitor).
func (c *Counter) RecordView(ctx context.Context, v stgypub.View) (int64, error) {
	if v.PostID == 0 || v.OwnerID == 0 {
		return 0, stgypub.Errorf(stgypub.CodeBadUserInput, "view needs a post and an owner")
	}
	today := c.today()
	bctx, cancel := c.budget(ctx)
	defer cancel()
	if c.rot != nil {
		fp, err := c.rotate(bctx, today, v.Fingerprint)
		if err != nil {
			return 0, err
		}
		v.Fingerprint = fp
	}
	vc := c.newViewCall(v, today)
	n, err := recordScript.Run(bctx, c.rdb, vc.keys[:], vc.args[:]...).Int64()
	if err != nil {
		return 0, fmt.Errorf("counter: record view of %s: %w", v.PostID, err)
	}
	if n > 0 && c.dirty != nil {
		c.dirty.mark(dirtyKey{v.OwnerID, v.PostID, today}, n)
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

// newViewCall builds the script's keys (lru, meta, today's daily Hash)
// and arguments in one string and one viewCall.
func (c *Counter) newViewCall(v stgypub.View, today time.Time) *viewCall {
	var buf [768]byte
	var post [16]byte
	var day [8]byte
	postHex := appendID(post[:0], v.PostID)
	b := c.appendKey(buf[:0], lruKind, v.OwnerID, postHex)
	lruEnd := len(b)
	b = c.appendKey(b, metaKind, v.OwnerID, postHex)
	metaEnd := len(b)
	b = c.appendKey(b, dailyKind, v.OwnerID, today.AppendFormat(day[:0], dayLayout))
	dailyEnd := len(b)
	b = append(b, v.Fingerprint[:]...)
	b = append(b, postHex...)
	fieldEnd := len(b)
	b = appendMeta(b, v.PublishedAt, v.Digest)
	s := string(b)
	vc := &viewCall{
		keys: [3]string{s[:lruEnd], s[lruEnd:metaEnd], s[metaEnd:dailyEnd]},
		fp:   s[dailyEnd : dailyEnd+4], field: s[dailyEnd+4 : fieldEnd], meta: s[fieldEnd:],
	}
	vc.args = [5]any{&vc.fp, &vc.meta, &c.ttlArg, &vc.field, &c.lruLimitArg}
	return vc
}
