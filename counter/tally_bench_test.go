package counter

import (
	"context"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"
)

// viewOnlyScript is batchScript as it was before crawls and share clicks
// rode the batches (no item count, no crawl counters): the baseline of
// BenchmarkCountedViewCost.
var viewOnlyScript = redis.NewScript(`
local seq = tonumber(ARGV[1])
local m = redis.call('GET', KEYS[1])
if m then
  local sep = string.find(m, ':', 1, true)
  local last = tonumber(string.sub(m, 1, sep - 1))
  if last == seq then
    local out = {}
    for n in string.gmatch(string.sub(m, sep + 1), '[^,]+') do out[#out + 1] = tonumber(n) end
    return out
  end
  if last > seq then return {} end
end
local ttl = tonumber(ARGV[2])
local limit = tonumber(ARGV[3])
local out = {}
for i = 1, (#KEYS - 1) / 2 do
  local lk, dk = KEYS[2 * i], KEYS[2 * i + 1]
  local fp, field = ARGV[3 + 2 * i], ARGV[4 + 2 * i]
  local lru = redis.call('GET', lk) or ''
  if #lru % 4 ~= 0 or #lru > limit then lru = '' end
  local seen = false
  local j = string.find(lru, fp, 1, true)
  while j do
    if j % 4 == 1 then
      lru = string.sub(lru, 1, j - 1) .. string.sub(lru, j + 4)
      seen = true
      break
    end
    j = string.find(lru, fp, j + 1, true)
  end
  lru = lru .. fp
  if #lru > limit then lru = string.sub(lru, #lru - limit + 1) end
  redis.call('SET', lk, lru, 'EX', ttl)
  if seen then
    out[i] = 0
  else
    out[i] = redis.call('HINCRBY', dk, field, 1)
    redis.call('EXPIRE', dk, ttl)
  end
end
redis.call('SET', KEYS[1], ARGV[1] .. ':' .. table.concat(out, ','), 'EX', ARGV[4])
return out
`)

// BenchmarkCountedViewCost measures what counting crawls and share clicks
// adds to a counted view (docs/ARCHITECTURE.md "Crawls and shares"):
// batches of 512 new readers' views (every view counted) run through the
// view-only script and the current one, alternately in the same loop on
// the same Redis, and the metric "ratio" is the current script's time
// per view over the view-only one's. "mixed" adds 64 crawls and 32
// share clicks to each batch of the current script and reports its time
// per counted view too (crawls are summed into at most 4 counters per
// post). The Go-side cost of building a batch is in ns/op of
// BenchmarkBatchCalls.
func BenchmarkCountedViewCost(b *testing.B) {
	f := newFixture(b, 8, Config{})
	ctx := context.Background()
	const views = 512
	seq := uint64(0)
	n := 0
	build := func(crawls, shares int) ([]string, []any, []string, []any) {
		seq++
		batch := make([]queuedView, 0, views+crawls+shares)
		for i := range views {
			n++
			batch = append(batch, queuedView{owner: f.owner, post: f.posts[i%len(f.posts)], day: testNow, fp: fp(n)})
		}
		for i := range crawls {
			batch = append(batch, queuedView{owner: f.owner, post: f.posts[i%len(f.posts)], day: testNow, kind: kindCrawl, tag: uint8(i % 4)})
		}
		for i := range shares {
			n++
			batch = append(batch, queuedView{owner: f.owner, post: f.posts[i%len(f.posts)], day: testNow, fp: fp(n), kind: kindShare, tag: uint8(i % 5)})
		}
		calls, err := f.c.batchCalls(ctx, seq, batch)
		if err != nil || len(calls) != 1 {
			b.Fatal(err)
		}
		bc := calls[0]
		// The view-only layout: no item count, views only.
		oldArgs := append([]any{bc.args[0], bc.args[1], bc.args[2], bc.args[3]}, bc.args[5:5+2*views]...)
		// Its own marker: each script sees only its own, rising, sequence numbers.
		// Its keys: each view's LRU and daily Hash, without the owner's
		// filled mark that the current layout adds per item.
		oldKeys := []string{bc.keys[0] + ":view-only"}
		for i := range views {
			oldKeys = append(oldKeys, bc.keys[1+3*i], bc.keys[2+3*i])
		}
		return bc.keys, bc.args, oldKeys, oldArgs
	}
	// The owner is filled (as after its first view), so the current
	// script counts every view instead of answering -1 for each.
	if err := f.c.ensureFilled(ctx, f.owner); err != nil {
		b.Fatal(err)
	}
	var old, cur, mixed time.Duration
	run := func(s *redis.Script, keys []string, args []any) time.Duration {
		t0 := time.Now()
		res, err := s.Run(ctx, f.rdb, keys, args...).Int64Slice()
		if err != nil {
			b.Fatal(err)
		}
		for i := range views {
			if res[i] <= 0 { // every view is a new reader's: counted
				b.Fatalf("view %d of the batch answered %d, not a count", i, res[i])
			}
		}
		return time.Since(t0)
	}
	i := 0
	for b.Loop() {
		// The order alternates, so neither side always runs on a warmer
		// Redis or a quieter machine.
		_, _, oldKeys, oldArgs := build(0, 0)
		keys, args, _, _ := build(0, 0)
		if i%2 == 0 {
			old += run(viewOnlyScript, oldKeys, oldArgs)
			cur += run(batchScript, keys, args)
		} else {
			cur += run(batchScript, keys, args)
			old += run(viewOnlyScript, oldKeys, oldArgs)
		}
		i++
		keys, args, _, _ = build(64, 32)
		mixed += run(batchScript, keys, args)
	}
	per := func(d time.Duration) float64 { return float64(d.Nanoseconds()) / float64(b.N*views) }
	b.ReportMetric(per(old), "ns/view-alone")
	b.ReportMetric(per(cur), "ns/view-now")
	b.ReportMetric(per(mixed), "ns/view-mixed")
	b.ReportMetric(per(cur)/per(old), "ratio")
	b.ReportMetric(per(mixed)/per(old), "ratio-mixed")
}

// BenchmarkBatchCalls is the Go side of a batch of 512 views, with and
// without 64 crawls and 32 share clicks in it.
func BenchmarkBatchCalls(b *testing.B) {
	f := newFixture(b, 8, Config{})
	ctx := context.Background()
	for _, tc := range []struct {
		name           string
		crawls, shares int
	}{{"views", 0, 0}, {"mixed", 64, 32}} {
		b.Run(tc.name, func(b *testing.B) {
			batch := make([]queuedView, 0, 512+tc.crawls+tc.shares)
			for i := range 512 {
				batch = append(batch, queuedView{owner: f.owner, post: f.posts[i%8], day: testNow, fp: fp(i)})
			}
			for i := range tc.crawls {
				batch = append(batch, queuedView{owner: f.owner, post: f.posts[i%8], day: testNow, kind: kindCrawl, tag: uint8(i % 4)})
			}
			for i := range tc.shares {
				batch = append(batch, queuedView{owner: f.owner, post: f.posts[i%8], day: testNow, fp: fp(i), kind: kindShare, tag: uint8(i % 5)})
			}
			for b.Loop() {
				if _, err := f.c.batchCalls(ctx, 1, batch); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
