package counter

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"sync"
	"sync/atomic"
	"time"
	"unsafe"

	"github.com/stgy/stgypub"
)

// The view pipeline (docs/ARCHITECTURE.md "View pipeline"): a page hands
// its view to the recorder (QueueView) and returns at once; one drain
// goroutine, started when the queue gets its first view and ended when
// it is empty, takes up to BatchViews views at a time and records them
// with one pipelined round trip (batch.go). A batch that fails for want
// of Redis (timeout, connection error, a server still loading) is retried
// with backoff, as the same batch with the same sequence number, so a
// retry never runs a view twice (batchScript's marker); meanwhile new
// views wait in the queue, bounded in views and bytes. Views are dropped,
// and counted in DroppedViews, only when the queue is full, at shutdown
// past the drain deadline, or when Redis answers a batch with an error
// that no retry can mend.

// Defaults of the recorder's Config fields.
const (
	DefaultQueueViews   = 100_000
	DefaultQueueBytes   = 32 << 20
	DefaultBatchViews   = 512
	DefaultBatchTimeout = 2 * time.Second
	DefaultRetryMax     = 2 * time.Second
	DefaultRecordWait   = 500 * time.Millisecond
	DefaultDrainTimeout = 10 * time.Second
	DefaultDropLog      = 10 * time.Second
	retryMin            = 50 * time.Millisecond
)

// Drop reasons (the reason label of stgy_pub_views_dropped_total).
const (
	DropQueueFull = "queue_full" // the queue was at its bound
	DropShutdown  = "shutdown"   // still queued when the drain deadline passed
	DropRejected  = "rejected"   // Redis answered the batch with an error reply
)

var dropReasons = [...]string{DropQueueFull, DropShutdown, DropRejected}

// shutdownDrops indexes DropShutdown in dropReasons.
const shutdownDrops = 1

// queuedView is one view waiting for its batch: what the script needs,
// fixed at hand-off (the UTC day, the fingerprint before rotation), and
// the channel of a caller waiting for the result (RecordView), if any.
type queuedView struct {
	owner, post stgypub.ID
	published   time.Time
	day         time.Time
	fp          [4]byte
	rotated     bool     // fp is re-keyed for its day already (batchCalls)
	kind        itemKind // a page view, a share click or a crawl (tally.go)
	tag         uint8    // the share service's or the bot family's index
	done        chan viewResult
}

// viewResult is a recorded view's new PV of its day (0: a duplicate), or
// why it was not recorded.
type viewResult struct {
	n   int64
	err error
}

// queuedViewBytes is what one queued view costs (80 bytes) the queue's byte bound:
// the queue entry itself plus, for a caller that waits (RecordView), its
// result channel.
const (
	queuedViewBytes = int64(unsafe.Sizeof(queuedView{}))
	waiterBytes     = 120 // a channel (96 bytes) with room for one viewResult
)

// recorder is the Counter's view queue and its drain.
type recorder struct {
	c   *Counter
	pid string // this process's marker name (batchScript)

	mu      sync.Mutex
	q       []queuedView
	bytes   int64
	running bool          // a drain goroutine is running
	idle    chan struct{} // closed when the running drain finds the queue empty
	closed  bool          // Close gave up: later views are dropped
	seq     uint64        // the last batch's sequence number
	// unfilled holds, during one send (the drain goroutine only), the
	// views whose owner's filled mark was missing (batch.go).
	unfilled []*queuedView

	abortOnce sync.Once
	abortCtx  context.Context // cancelled when Close gives up
	abort     context.CancelFunc

	dropped             [len(dropReasons)]atomic.Int64
	recorded, retries   atomic.Int64
	batches             atomic.Int64
	logMu               sync.Mutex
	logged              [len(dropReasons)]int64
	logScheduled, fails bool
}

func newRecorder(c *Counter) *recorder {
	var b [8]byte
	_, _ = rand.Read(b[:])
	r := &recorder{c: c, pid: hex.EncodeToString(b[:])}
	r.abortCtx, r.abort = context.WithCancel(context.Background())
	return r
}

// enqueue adds the view unless the queue is at its bound or closed (then
// the drop is counted and its reason returned), starting the drain when
// none runs. It returns "" when the view was queued.
func (r *recorder) enqueue(v queuedView) string {
	size := queuedViewBytes
	if v.done != nil {
		size += waiterBytes
	}
	r.mu.Lock()
	if r.closed {
		r.mu.Unlock()
		r.drop(DropShutdown, 1)
		return DropShutdown
	}
	if len(r.q) >= r.c.cfg.QueueViews || r.bytes+size > r.c.cfg.QueueBytes {
		r.mu.Unlock()
		r.drop(DropQueueFull, 1)
		return DropQueueFull
	}
	r.q = append(r.q, v)
	r.bytes += size
	if !r.running {
		r.running = true
		r.idle = make(chan struct{})
		go r.drain()
	}
	r.mu.Unlock()
	return ""
}

// drain records batches until the queue is empty.
func (r *recorder) drain() {
	for {
		r.mu.Lock()
		if len(r.q) == 0 {
			r.running = false
			close(r.idle)
			r.q = nil // let a burst's backing array go
			r.mu.Unlock()
			return
		}
		n := min(len(r.q), r.c.cfg.BatchViews)
		batch := make([]queuedView, n)
		copy(batch, r.q)
		clear(r.q[:n])
		r.q = r.q[n:]
		for _, v := range batch {
			r.bytes -= queuedViewBytes
			if v.done != nil {
				r.bytes -= waiterBytes
			}
		}
		r.seq++
		seq := r.seq
		r.mu.Unlock()
		r.send(seq, batch)
	}
}

// nextSeq is a new batch sequence number (for views sent again).
func (r *recorder) nextSeq() uint64 {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.seq++
	return r.seq
}

// wait blocks until the queue is empty and no batch is in flight (every
// view queued before the call is recorded or dropped), or ctx ends.
func (r *recorder) wait(ctx context.Context) error {
	r.mu.Lock()
	if !r.running {
		r.mu.Unlock()
		return nil
	}
	idle := r.idle
	r.mu.Unlock()
	select {
	case <-idle:
		return r.wait(ctx) // views queued meanwhile started a new drain
	case <-ctx.Done():
		return ctx.Err()
	}
}

// close waits for the queue to drain until ctx ends, then drops what is
// left (reason shutdown) and refuses later views. It returns the views
// dropped.
func (r *recorder) close(ctx context.Context) int64 {
	if r.wait(ctx) == nil {
		return 0
	}
	before := r.dropped[shutdownDrops].Load()
	r.mu.Lock()
	r.closed = true
	left := int64(len(r.q))
	for _, v := range r.q {
		v.reply(viewResult{err: errDropped(DropShutdown)})
	}
	r.q = nil
	r.bytes = 0
	r.mu.Unlock()
	r.drop(DropShutdown, left)
	r.abortOnce.Do(r.abort) // the batch in flight gives up too
	_ = r.wait(context.Background())
	r.logDrops()
	return r.dropped[shutdownDrops].Load() - before
}

// aborted reports whether close gave up on the queue.
func (r *recorder) aborted() bool { return r.abortCtx.Err() != nil }

func (v *queuedView) reply(res viewResult) {
	if v.done != nil {
		v.done <- res
	}
}

// sleep waits d, or less when close gives up.
func (r *recorder) sleep(d time.Duration) {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
	case <-r.abortCtx.Done():
	}
}

// drop counts n views dropped for reason and schedules the log line
// that reports them (once per DropLog interval).
func (r *recorder) drop(reason string, n int64) {
	if n <= 0 {
		return
	}
	for i, d := range dropReasons {
		if d == reason {
			r.dropped[i].Add(n)
		}
	}
	r.logMu.Lock()
	defer r.logMu.Unlock()
	if !r.logScheduled {
		r.logScheduled = true
		time.AfterFunc(r.c.cfg.DropLog, func() {
			r.logMu.Lock()
			r.logScheduled = false
			r.logMu.Unlock()
			r.logDrops()
		})
	}
}

// logDrops logs the views dropped since the last line, per reason.
func (r *recorder) logDrops() {
	r.logMu.Lock()
	defer r.logMu.Unlock()
	for i, reason := range dropReasons {
		total := r.dropped[i].Load()
		if n := total - r.logged[i]; n > 0 {
			r.logged[i] = total
			r.c.log.Error("counter: page views dropped", "reason", reason, "views", n, "total", total)
		}
	}
}

// DroppedViews returns how many views this process dropped since start,
// per reason (DropQueueFull, DropShutdown, DropRejected; every reason is
// present).
func (c *Counter) DroppedViews() map[string]int64 {
	out := make(map[string]int64, len(dropReasons))
	for i, reason := range dropReasons {
		out[reason] = c.rec.dropped[i].Load()
	}
	return out
}

// QueuedViews returns the views waiting in the queue (not counting a
// batch in flight) and their bytes against Config.QueueBytes.
func (c *Counter) QueuedViews() (views int, bytes int64) {
	c.rec.mu.Lock()
	defer c.rec.mu.Unlock()
	return len(c.rec.q), c.rec.bytes
}
