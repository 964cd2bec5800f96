package counter

import (
	"context"
	"fmt"
	"strconv"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/stgy/stgypub"
)

// LRUBytes is the per-post LRU limit: 150 fingerprints of 4 bytes
// (docs/SPEC.md#page-views).
const LRUBytes = 150 * 4

// recordScript is docs/SPEC.md#page-views, steps 1-9. KEYS: lru, meta, daily.
// ARGV: fingerprint (4 bytes), meta JSON, TTL seconds, post field, LRU byte
// limit. The fingerprint is looked up with a plain string.find (C
// memchr/memcmp) that only counts matches on a 4-byte boundary, instead of
// 150 string.sub copies per view.
var recordScript = redis.NewScript(recordBody)

// guardedRecordScript is recordScript behind a guard: KEYS[4] holds an
// integer (0 when missing) and ARGV[6] a maximum; when the integer is
// larger, nothing is recorded and the script returns -1. The page cache
// uses it to check the version of a cached page in the same round trip
// as the view (README.md "Caching").
var guardedRecordScript = redis.NewScript(`
if tonumber(redis.call('GET', KEYS[4]) or '0') > tonumber(ARGV[6]) then return -1 end
` + recordBody)

const recordBody = `
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
`

// viewCall holds one RecordView's script keys and arguments in a single
// allocation; the arguments are *string, which go-redis writes as they
// are, so no argument is boxed on its own.
type viewCall struct {
	keys                 [4]string // the fourth: the guard key, if any
	fp, meta, field, max string
	args                 [6]any // the sixth: the guard maximum, if any
}

// RecordView runs the view script once (EVALSHA, falling back to EVAL
// after SCRIPT FLUSH or a restart) and returns the post's new PV for today
// (UTC), or 0 when the fingerprint is among the post's last 150. The meta
// key is refreshed even for duplicates. When the new PV is a checkpoint,
// the PostgreSQL synchronization runs in the background (see Wait), so
// ordinary views make no PostgreSQL query and start no goroutine. A new
// view of a post published at now (View.PublishedAt set and not in the
// future) also raises the post's site-wide daily field to n, in memory
// only: a batch writes it within SiteFlushInterval (site.go), so a
// failing site-wide write never fails or slows the view. Views allocate
// two objects besides go-redis's own (keys and arguments as one string,
// and a viewCall) plus, for a post's first view of a batch, its pending
// entry. It waits at most Config.Budget: a slow or lost Redis fails the
// call (the page still renders). With Config.RotationSecret the
// fingerprint is first re-keyed for the UTC day (rotate). Zero IDs are
// BAD_USER_INPUT. Callers verify
// the signature and exclude bots first (package visitor).
func (c *Counter) RecordView(ctx context.Context, v stgypub.View) (int64, error) {
	n, _, err := c.record(ctx, v, "", 0)
	return n, err
}

// RecordViewGuarded is RecordView behind a guard, in the same single
// script run: ok is false, and nothing is recorded, when the integer
// stored at guardKey (0 when missing) is larger than max (a cached page
// older than its owner's page version). guardKey must be in the owner's
// Redis Cluster slot: it carries the owner's hash tag {OWNER} (16
// upper-case hexadecimal digits), as the counter's keys do.
func (c *Counter) RecordViewGuarded(ctx context.Context, v stgypub.View, guardKey string, max int64) (n int64, ok bool, err error) {
	return c.record(ctx, v, guardKey, max)
}

// record runs recordScript, or guardedRecordScript when guardKey is set.
func (c *Counter) record(ctx context.Context, v stgypub.View, guardKey string, max int64) (int64, bool, error) {
	if v.PostID == 0 || v.OwnerID == 0 {
		return 0, false, stgypub.Errorf(stgypub.CodeBadUserInput, "view needs a post and an owner")
	}
	today := c.today()
	bctx, cancel := c.budget(ctx)
	defer cancel()
	if c.rot != nil {
		fp, err := c.rotate(bctx, today, v.Fingerprint)
		if err != nil {
			return 0, false, err
		}
		v.Fingerprint = fp
	}
	vc := c.newViewCall(v, today)
	script, keys, args := recordScript, vc.keys[:3], vc.args[:5]
	if guardKey != "" {
		vc.keys[3], vc.max = guardKey, strconv.FormatInt(max, 10)
		vc.args[5] = &vc.max
		script, keys, args = guardedRecordScript, vc.keys[:], vc.args[:]
	}
	n, err := script.Run(bctx, c.rdb, keys, args...).Int64()
	if err != nil {
		return 0, false, fmt.Errorf("counter: record view of %s: %w", v.PostID, err)
	}
	if n < 0 {
		return 0, false, nil
	}
	if n > 0 && c.dirty != nil {
		c.dirty.mark(dirtyKey{v.OwnerID, v.PostID, today}, n)
	}
	if n == 0 {
		return 0, true, nil
	}
	site := c.countsSiteWide(v)
	if site {
		c.site.offer(today, v.PostID, n)
	}
	if CheckpointFor(n) {
		c.background(ctx, func(ctx context.Context) error {
			if n == 4 {
				return c.syncWindow(ctx, v.OwnerID, v.PostID, site)
			}
			return c.syncToday(ctx, v.OwnerID, v.PostID, today, n, site)
		})
	}
	return n, true, nil
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
		keys: [4]string{s[:lruEnd], s[lruEnd:metaEnd], s[metaEnd:dailyEnd]},
		fp:   s[dailyEnd : dailyEnd+4], field: s[dailyEnd+4 : fieldEnd], meta: s[fieldEnd:],
	}
	vc.args = [6]any{&vc.fp, &vc.meta, &c.ttlArg, &vc.field, &c.lruLimitArg}
	return vc
}
