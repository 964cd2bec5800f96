package counter

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/redis/go-redis/v9"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/internal/redisguard"
)

// batchScript is docs/SPEC.md#page-views for many views in one run, made
// idempotent per batch, with the batch's share clicks and crawls
// (docs/ARCHITECTURE.md "Crawls and shares"). KEYS[1] is this process's
// batch marker for the slot; then, per LRU item i (a view or a share
// click, 1 <= i <= ARGV[5]), KEYS[3i-1] its post's LRU, KEYS[3i] its daily
// Hash and KEYS[3i+1] its owner's filled mark (refill.go); then, per crawl
// counter j, KEYS[3n+1+j] its daily Hash.
// ARGV: the batch's sequence number, TTL seconds, the LRU byte limit, the
// marker's TTL seconds, n; then per LRU item ARGV[4+2i] its fingerprint
// (4 bytes) and ARGV[5+2i] its field; then per crawl counter
// ARGV[4+2n+2j] its field and ARGV[5+2n+2j] the increment. It returns
// each LRU item's new count of its day (0 for a fingerprint among the
// post's last 150, -1 with nothing changed when the owner's filled mark
// is missing), then each crawl counter's new value. An owner without the
// mark (a Redis that came back empty) must get its PostgreSQL checkpoints
// first, or the refill's raise (a maximum) would absorb the views recorded
// before it: the recorder refills the owner and sends those items again
// (recorder.send). The marker holds
// "seq:results" of the last run: a run whose sequence number is already
// there (a retried batch whose first attempt did run, perhaps only after
// a frozen Redis woke up) changes nothing and returns the stored results;
// an older one (an abandoned attempt arriving late) changes nothing and
// returns an empty array.
var batchScript = redis.NewScript(`
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
local n = tonumber(ARGV[5])
local out = {}
local filled = {}
for i = 1, n do
  local lk, dk, fk = KEYS[3 * i - 1], KEYS[3 * i], KEYS[3 * i + 1]
  local fp, field = ARGV[4 + 2 * i], ARGV[5 + 2 * i]
  if filled[fk] == nil then filled[fk] = redis.call('EXISTS', fk) == 1 end
  if not filled[fk] then
    out[i] = -1
  else
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
end
for j = 1, #KEYS - 1 - 3 * n do
  local k = KEYS[1 + 3 * n + j]
  out[n + j] = redis.call('HINCRBY', k, ARGV[4 + 2 * n + 2 * j], ARGV[5 + 2 * n + 2 * j])
  redis.call('EXPIRE', k, ttl)
end
redis.call('SET', KEYS[1], ARGV[1] .. ':' .. table.concat(out, ','), 'EX', ARGV[4])
return out
`)

// markerTTL is the lifetime of a batch marker in seconds: it must outlast
// the retries of a batch after Redis answers again (seconds); an hour is
// plenty, and a process has at most one marker per slot.
const markerTTL = "3600"

// batchKind is the batch markers' key: the slot's tag, then the process.
const batchKind = "stgy:pub-views:batch:{"

// batchCall is one script run of a batch: views of one slot (a single
// Redis: every view), with their keys and arguments built once, so every
// retry sends the same run.
type batchCall struct {
	views  []*queuedView // the LRU items: page views and share clicks
	crawls []crawlCount  // the crawl counters, after the LRU items
	keys   []string
	args   []any
	cmd    *redis.Cmd
}

// send records one batch: it builds the script runs (rotating the
// fingerprints first when configured) and sends them in one pipeline,
// retrying the runs that failed for want of Redis with backoff until they
// succeed or close gives up. Views whose run got an error reply are
// dropped (reason rejected).
func (r *recorder) send(seq uint64, batch []queuedView) {
	orig := batch // announced once recorded, even when part was sent again
	backoff := retryMin
	var calls []*batchCall
	for {
		if r.aborted() {
			r.dropPending(calls, batch)
			return
		}
		ctx, cancel := r.attemptContext()
		var err error
		if calls == nil {
			calls, err = r.c.batchCalls(ctx, seq, batch)
		}
		if err == nil {
			calls, err = r.run(ctx, calls)
		}
		if err == nil && len(calls) == 0 && len(r.unfilled) > 0 {
			// Owners whose filled mark was missing (Redis came back
			// empty): refill them from PostgreSQL, then send their views
			// again as a new batch. Until the refill succeeds they wait
			// here, like views waiting for Redis.
			if err = r.refillUnfilled(); err == nil {
				batch, seq, calls = r.takeUnfilled(), r.nextSeq(), nil
				cancel()
				continue
			}
			calls = nil
			batch = r.takeUnfilled()
			seq = r.nextSeq()
		}
		cancel()
		if err == nil && len(calls) == 0 {
			r.healthy()
			r.announce(orig)
			return
		}
		if errClosed(err) { // the process is closing its Redis client
			r.dropPending(calls, batch)
			return
		}
		r.retries.Add(1)
		r.failing(err)
		r.sleep(backoff)
		backoff = min(2*backoff, r.c.cfg.RetryMax)
	}
}

// dropPending drops, at shutdown, what send has not recorded: the runs
// still to retry (or, before any was built, the whole batch) and the views
// waiting for their owner's refill.
func (r *recorder) dropPending(calls []*batchCall, batch []queuedView) {
	err := errDropped(DropShutdown)
	if calls == nil {
		r.dropViews(DropShutdown, batch, err)
	}
	for _, bc := range calls {
		r.dropViews(DropShutdown, nil, err, bc.views...)
	}
	if len(r.unfilled) > 0 {
		r.dropViews(DropShutdown, nil, err, r.unfilled...)
		r.unfilled = r.unfilled[:0]
	}
}

// refillUnfilled refills every owner among r.unfilled (refill.go), once
// each, within Config.CheckpointTimeout (it reads PostgreSQL).
func (r *recorder) refillUnfilled() error {
	ctx, cancel := context.WithTimeout(r.abortCtx, r.c.cfg.CheckpointTimeout)
	defer cancel()
	done := map[stgypub.ID]bool{}
	for _, v := range r.unfilled {
		if done[v.owner] {
			continue
		}
		done[v.owner] = true
		if err := r.c.refillOwner(ctx, v.owner); err != nil {
			return err
		}
	}
	return nil
}

// takeUnfilled returns the views that found their owner unfilled, as a
// batch to send again, and forgets them.
func (r *recorder) takeUnfilled() []queuedView {
	batch := make([]queuedView, len(r.unfilled))
	for i, v := range r.unfilled {
		batch[i] = *v
	}
	r.unfilled = r.unfilled[:0]
	return batch
}

// attemptContext bounds one attempt by BatchTimeout, without the page
// breaker (redisguard.WithoutBreaker), and is cancelled when close gives
// up.
func (r *recorder) attemptContext() (context.Context, context.CancelFunc) {
	ctx := redisguard.WithoutBreaker(redisguard.WithTimeout(r.abortCtx, r.c.cfg.BatchTimeout))
	return context.WithTimeout(ctx, r.c.cfg.BatchTimeout)
}

// run sends calls in one pipeline (go-redis splits it per node on a
// cluster) and handles each answer: results are delivered; after
// NOSCRIPT (a restarted or flushed Redis) the script is loaded once and
// those runs are sent again at once; error replies drop their views. It
// returns the runs to retry and the failure that needs them retried.
func (r *recorder) run(ctx context.Context, calls []*batchCall) ([]*batchCall, error) {
	exec := func(calls []*batchCall) {
		pipe := r.c.rdb.Pipeline()
		for _, bc := range calls {
			bc.cmd = batchScript.EvalSha(ctx, pipe, bc.keys, bc.args...)
		}
		_, _ = pipe.Exec(ctx)
	}
	exec(calls)
	r.batches.Add(1)
	var retry, noscript []*batchCall
	var failure error
	for _, bc := range calls {
		err := bc.cmd.Err()
		switch {
		case err == nil:
			r.deliver(bc)
		case redis.HasErrorPrefix(err, "NOSCRIPT"):
			noscript = append(noscript, bc)
		case retryable(err) || ctx.Err() != nil: // no answer, or the attempt was cut short
			retry, failure = append(retry, bc), err
		default:
			r.c.log.Error("counter: view batch rejected by Redis", "views", len(bc.views), "err", err)
			r.dropViews(DropRejected, nil, err, bc.views...)
		}
	}
	if len(noscript) > 0 {
		if err := batchScript.Load(ctx, r.c.rdb).Err(); err != nil {
			return append(retry, noscript...), fmt.Errorf("counter: load the view script: %w", err)
		}
		exec(noscript)
		for _, bc := range noscript {
			switch err := bc.cmd.Err(); {
			case err == nil:
				r.deliver(bc)
			case retryable(err) || ctx.Err() != nil || redis.HasErrorPrefix(err, "NOSCRIPT"):
				retry, failure = append(retry, bc), err
			default:
				r.dropViews(DropRejected, nil, err, bc.views...)
			}
		}
	}
	return retry, failure
}

// retryable reports whether a failed run may succeed later: Redis did not
// answer (redisguard.IsFailure), is out of memory for now, or the client
// is being closed while views remain (close decides).
func retryable(err error) bool {
	return redisguard.IsFailure(err) || redis.HasErrorPrefix(err, "OOM") || redis.HasErrorPrefix(err, "BUSY") ||
		redis.HasErrorPrefix(err, "TRYAGAIN") || redis.HasErrorPrefix(err, "READONLY")
}

// deliver hands each view of a finished run its result and does what a
// recorded view entails (checkpoints, the periodic flush, the site-wide
// raise).
func (r *recorder) deliver(bc *batchCall) {
	ns, err := bc.cmd.Int64Slice()
	if err == nil && len(ns) != len(bc.views)+len(bc.crawls) {
		err = fmt.Errorf("counter: view script returned %d results for %d views and %d crawl counters", len(ns), len(bc.views), len(bc.crawls))
	}
	if err != nil {
		r.dropViews(DropRejected, nil, err, bc.views...)
		r.dropCrawls(bc)
		return
	}
	for i, v := range bc.views {
		if ns[i] < 0 { // the owner is not filled: refill, then again
			r.unfilled = append(r.unfilled, v)
			continue
		}
		r.recorded.Add(1)
		if v.kind == kindShare {
			r.c.tallies.afterShare(v, ns[i])
		} else {
			r.c.afterRecord(v, ns[i])
		}
		v.reply(viewResult{n: ns[i]})
	}
	for j, cc := range bc.crawls {
		r.c.tallies.afterCrawl(cc, ns[len(bc.views)+j])
	}
}

// dropViews drops views (or, when views is empty, every view of batch)
// for reason, answering their waiters with err.
func (r *recorder) dropViews(reason string, batch []queuedView, err error, views ...*queuedView) {
	if len(views) == 0 {
		for i := range batch {
			views = append(views, &batch[i])
		}
	}
	for _, v := range views {
		v.reply(viewResult{err: err})
	}
	r.drop(reason, int64(len(views)))
}

// failing logs the first failure of a run of failures (the next success
// logs the recovery).
func (r *recorder) failing(err error) {
	r.logMu.Lock()
	first := !r.fails
	r.fails = true
	r.logMu.Unlock()
	if first {
		views, _ := r.c.QueuedViews()
		r.c.log.Warn("counter: view batch failed; retrying with backoff, views wait in the queue", "queued", views, "err", errText(err))
	}
}

func (r *recorder) healthy() {
	r.logMu.Lock()
	was := r.fails
	r.fails = false
	r.logMu.Unlock()
	if was {
		views, _ := r.c.QueuedViews()
		r.c.log.Info("counter: view batches recorded again", "queued", views)
	}
}

func errText(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

// errDropped is the error a waiting RecordView gets for a dropped view.
func errDropped(reason string) error {
	return stgypub.Errorf(stgypub.CodeUnavailable, "page view not recorded (%s)", strings.ReplaceAll(reason, "_", " "))
}

// batchCalls builds the script runs of a batch: one per Redis Cluster
// slot on a cluster (every key of a run shares its slot: the owner's hash
// tag, and the marker's tag chosen for that slot), one for the whole
// batch on a single Redis. With RotationSecret the fingerprints are
// re-keyed for their day first (a day key may need one Redis call).
func (c *Counter) batchCalls(ctx context.Context, seq uint64, batch []queuedView) ([]*batchCall, error) {
	if c.rot != nil { // all or none: a retry must not re-key twice
		fps := make([][4]byte, len(batch))
		for i := range batch {
			if batch[i].rotated { // sent again after a refill
				fps[i] = batch[i].fp
				continue
			}
			fp, err := c.rot.rotate(ctx, batch[i].day, batch[i].fp)
			if err != nil {
				return nil, err
			}
			fps[i] = fp
		}
		for i := range batch {
			batch[i].fp, batch[i].rotated = fps[i], true
		}
	}
	_, cluster := c.rdb.(*redis.ClusterClient)
	bySlot := map[int]*batchCall{}
	var calls []*batchCall
	seqArg := strconv.FormatUint(seq, 10)
	var post [16]byte
	var day [8]byte
	crawls := map[*batchCall]map[crawlCount]int64{}
	for i := range batch {
		v := &batch[i]
		postHex := appendID(post[:0], v.post)
		slot := 0
		if cluster {
			slot = idSlot(v.owner)
		}
		bc := bySlot[slot]
		if bc == nil {
			bc = &batchCall{
				keys: []string{c.cfg.Prefix + batchKind + slotTag(slot) + "}:" + c.rec.pid},
				args: []any{seqArg, c.ttlArg, c.lruLimitArg, markerTTL, ""},
			}
			bySlot[slot] = bc
			calls = append(calls, bc)
		}
		switch v.kind {
		case kindCrawl: // summed per counter, after the LRU items
			m := crawls[bc]
			if m == nil {
				m = map[crawlCount]int64{}
				crawls[bc] = m
			}
			m[crawlCount{owner: v.owner, post: v.post, day: v.day, family: v.tag}]++
			continue
		case kindShare:
			bc.keys = append(bc.keys, c.keys.key(shareLRUKind, v.owner, postHex), c.keys.key(shareDailyKind, v.owner, v.day.AppendFormat(day[:0], dayLayout)), c.keys.filledKey(v.owner))
			bc.args = append(bc.args, string(v.fp[:]), tallyField(postHex, shareNames[v.tag]))
		default:
			bc.keys = append(bc.keys, c.keys.key(lruKind, v.owner, postHex), c.keys.key(dailyKind, v.owner, v.day.AppendFormat(day[:0], dayLayout)), c.keys.filledKey(v.owner))
			bc.args = append(bc.args, string(v.fp[:]), string(postHex))
		}
		bc.views = append(bc.views, v)
	}
	for _, bc := range calls {
		bc.args[4] = strconv.Itoa(len(bc.views))
		for cc, n := range crawls[bc] {
			bc.crawls = append(bc.crawls, cc)
			bc.keys = append(bc.keys, c.keys.key(crawlDailyKind, cc.owner, cc.day.AppendFormat(day[:0], dayLayout)))
			bc.args = append(bc.args, tallyField(appendID(post[:0], cc.post), familyNames[cc.family]), strconv.FormatInt(n, 10))
		}
	}
	return calls, nil
}

// errClosed reports go-redis's closed client.
func errClosed(err error) bool { return errors.Is(err, redis.ErrClosed) }
