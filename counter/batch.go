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
// idempotent per batch. KEYS[1] is this process's batch marker for the
// slot; then, per view i, KEYS[2i] its post's LRU and KEYS[2i+1] its
// owner's daily Hash. ARGV: the batch's sequence number, TTL seconds, the
// LRU byte limit, the marker's TTL seconds; then, per view i,
// ARGV[3+2i] its fingerprint (4 bytes) and ARGV[4+2i] its post field.
// It returns each view's new PV of its day, 0 for a fingerprint among the
// post's last 150. The marker holds "seq:results" of the last run: a run
// whose sequence number is already there (a retried batch whose first
// attempt did run, perhaps only after a frozen Redis woke up) changes
// nothing and returns the stored results; an older one (an abandoned
// attempt arriving late) changes nothing and returns an empty array.
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
	views []*queuedView
	keys  []string
	args  []any
	cmd   *redis.Cmd
}

// send records one batch: it builds the script runs (rotating the
// fingerprints first when configured) and sends them in one pipeline,
// retrying the runs that failed for want of Redis with backoff until they
// succeed or close gives up. Views whose run got an error reply are
// dropped (reason rejected).
func (r *recorder) send(seq uint64, batch []queuedView) {
	backoff := retryMin
	var calls []*batchCall
	for {
		if r.aborted() {
			r.dropViews(DropShutdown, batch, errDropped(DropShutdown))
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
		cancel()
		if err == nil && len(calls) == 0 {
			r.healthy()
			r.announce(batch)
			return
		}
		if errClosed(err) { // the process is closing its Redis client
			for _, bc := range calls {
				r.dropViews(DropShutdown, nil, errDropped(DropShutdown), bc.views...)
			}
			if len(calls) == 0 {
				r.dropViews(DropShutdown, batch, errDropped(DropShutdown))
			}
			return
		}
		r.retries.Add(1)
		r.failing(err)
		r.sleep(backoff)
		backoff = min(2*backoff, r.c.cfg.RetryMax)
	}
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
	if err == nil && len(ns) != len(bc.views) {
		err = fmt.Errorf("counter: view script returned %d results for %d views", len(ns), len(bc.views))
	}
	if err != nil {
		r.dropViews(DropRejected, nil, err, bc.views...)
		return
	}
	r.recorded.Add(int64(len(ns)))
	for i, v := range bc.views {
		r.c.afterRecord(v, ns[i])
		v.reply(viewResult{n: ns[i]})
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
			fp, err := c.rotate(ctx, batch[i].day, batch[i].fp)
			if err != nil {
				return nil, err
			}
			fps[i] = fp
		}
		for i := range batch {
			batch[i].fp = fps[i]
		}
	}
	_, cluster := c.rdb.(*redis.ClusterClient)
	bySlot := map[int]*batchCall{}
	var calls []*batchCall
	seqArg := strconv.FormatUint(seq, 10)
	var post [16]byte
	var day [8]byte
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
				args: []any{seqArg, c.ttlArg, c.lruLimitArg, markerTTL},
			}
			bySlot[slot] = bc
			calls = append(calls, bc)
		}
		bc.views = append(bc.views, v)
		bc.keys = append(bc.keys, c.key(lruKind, v.owner, postHex), c.key(dailyKind, v.owner, v.day.AppendFormat(day[:0], dayLayout)))
		bc.args = append(bc.args, string(v.fp[:]), string(postHex))
	}
	return calls, nil
}

// errClosed reports go-redis's closed client.
func errClosed(err error) bool { return errors.Is(err, redis.ErrClosed) }
