package counter

import (
	"context"
	"fmt"
	"sync"
	"time"

	"github.com/stgy/stgypub"
)

// DefaultFlushInterval is the period of Run's flush
// (STGY_PUB_VIEW_FLUSH_INTERVAL).
const DefaultFlushInterval = time.Minute

// flushBatch bounds the rows of one UPSERT statement.
const flushBatch = 1000

// dirtyKey is one (post, UTC day) whose count this process raised.
type dirtyKey struct {
	owner, post stgypub.ID
	day         time.Time
}

// dirtySet holds the highest count this process saw per (post, day) since
// the last flush.
type dirtySet struct {
	mu sync.Mutex
	m  map[dirtyKey]int64
}

// mark keeps n for the key when it is the highest seen.
func (d *dirtySet) mark(k dirtyKey, n int64) {
	d.mu.Lock()
	if n > d.m[k] {
		d.m[k] = n
	}
	d.mu.Unlock()
}

// take empties the set and returns what it held.
func (d *dirtySet) take() map[dirtyKey]int64 {
	d.mu.Lock()
	defer d.mu.Unlock()
	m := d.m
	d.m = make(map[dirtyKey]int64, len(m))
	return m
}

// putBack returns rows a failed flush could not write (keeping the max).
func (d *dirtySet) putBack(m map[dirtyKey]int64) {
	for k, n := range m {
		d.mark(k, n)
	}
}

// Flush writes the day counts this process raised since the last flush
// into post_pub_access_counts with the monotonic multi-row UPSERT, one
// statement per owner (split every 1000 rows), so a Redis that restarts
// empty loses at most the views since the last flush (the refill then
// restores the rest from PostgreSQL). The counts are the new values the
// view script returned (never a Redis read); with several app servers
// each writes what it saw and the UPSERT keeps the largest. Rows that
// could not be written are kept for the next flush. Without
// Config.FlushInterval nothing is tracked and Flush does nothing.
func (c *Counter) Flush(ctx context.Context) error {
	if c.dirty == nil {
		return nil
	}
	tallyErr := c.FlushTallies(ctx)
	m := c.dirty.take()
	if len(m) == 0 {
		return tallyErr
	}
	byOwner := map[stgypub.ID][]stgypub.Checkpoint{}
	for k, n := range m {
		byOwner[k.owner] = append(byOwner[k.owner], stgypub.Checkpoint{PostID: k.post, OwnerID: k.owner, Date: k.day, Count: n})
	}
	var firstErr error
	for owner, rows := range byOwner {
		for start := 0; start < len(rows); start += flushBatch {
			batch := rows[start:min(start+flushBatch, len(rows))]
			if err := c.cps.UpsertCheckpoints(ctx, batch); err != nil {
				if firstErr == nil {
					firstErr = fmt.Errorf("counter: flush views of %s: %w", owner, err)
				}
				failed := make(map[dirtyKey]int64, len(batch))
				for _, cp := range batch {
					failed[dirtyKey{cp.OwnerID, cp.PostID, cp.Date}] = cp.Count
				}
				c.dirty.putBack(failed)
			}
		}
	}
	if firstErr == nil {
		firstErr = tallyErr
	}
	return firstErr
}

// Run flushes every FlushInterval until ctx ends, then once more (on a
// fresh context of CheckpointTimeout), so a graceful shutdown loses
// nothing it counted. Failures are logged and retried at the next tick.
func (c *Counter) Run(ctx context.Context) {
	if c.dirty == nil {
		return
	}
	t := time.NewTicker(c.cfg.FlushInterval)
	defer t.Stop()
	for {
		select {
		case <-t.C:
			fctx, cancel := c.cfg.detached(ctx)
			if err := c.Flush(fctx); err != nil {
				c.log.Warn("counter: periodic flush failed; retrying at the next one", "err", err)
			}
			cancel()
		case <-ctx.Done():
			fctx, cancel := c.cfg.detached(context.Background())
			defer cancel()
			if err := c.Flush(fctx); err != nil {
				c.log.Warn("counter: final flush failed", "err", err)
			}
			return
		}
	}
}

// pendingFlush is the number of (post, day) counts waiting for the next
// flush (tests, metrics).
func (c *Counter) pendingFlush() int {
	if c.dirty == nil {
		return 0
	}
	c.dirty.mu.Lock()
	defer c.dirty.mu.Unlock()
	return len(c.dirty.m)
}
