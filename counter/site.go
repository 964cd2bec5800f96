package counter

import (
	"context"
	"sync"
	"time"

	"github.com/stgy/stgypub"
)

// Site-wide daily counters (docs/RANKING.md "Site-wide counters").
// An owner's keys share one Redis Cluster slot, so a view's script cannot
// also write a site-wide key; and one site-wide key would put every view
// of every author on one shard. Each post's site-wide count of a UTC day
// is therefore a field of the daily Hash of one of SiteBuckets buckets,
// each bucket under its own hash tag.
//
// The field mirrors the owner's daily field: it is raised to the value
// the view script returned (the post's count that day), never
// incremented. A raise is idempotent, so the second write can be batched
// per process, retried after a failure and repeated by recovery without
// ever counting a view twice, and a lost batch is repaired by the post's
// next counted view. RecordView only records the raise in memory (no
// Redis call, no goroutine); one batch a SiteFlushInterval writes them
// with one script run per bucket, keeping for each (post, day) the
// largest value offered.

// siteField is one post's site-wide field of one UTC day.
type siteField struct {
	day  int32 // days since 1970-01-01 UTC
	post stgypub.ID
}

func dayNumber(t time.Time) int32 { return int32(t.Unix() / 86400) }

func dayTime(d int32) time.Time { return time.Unix(int64(d)*86400, 0).UTC() }

// siteWriter gathers site-wide raises and writes them in batches.
type siteWriter struct {
	c         *Counter
	mu        sync.Mutex
	pending   map[siteField]int64
	scheduled bool  // a timer will flush pending
	dropped   int64 // raises refused because pending was full
	failing   bool  // the last batch failed (logged once per run of failures)
	flushMu   sync.Mutex
}

func newSiteWriter(c *Counter) *siteWriter {
	return &siteWriter{c: c, pending: map[siteField]int64{}}
}

// countsSiteWide reports whether a recorded view also counts site-wide:
// only views of posts published at the counter's now (a zero PublishedAt,
// unpublished, or a future one, scheduled, never count).
func (c *Counter) countsSiteWide(publishedAt time.Time) bool {
	return !publishedAt.IsZero() && !publishedAt.After(c.cfg.Now())
}

// offer records that post's count on day is at least pv; the next batch
// raises the bucket field to the largest value offered. It never blocks
// on Redis.
func (w *siteWriter) offer(day time.Time, post stgypub.ID, pv int64) {
	if pv <= 0 {
		return
	}
	w.mu.Lock()
	w.offerLocked(siteField{dayNumber(day), post}, pv)
	w.mu.Unlock()
}

func (w *siteWriter) offerLocked(k siteField, pv int64) {
	if cur, ok := w.pending[k]; ok {
		w.pending[k] = max(cur, pv)
	} else if len(w.pending) < w.c.cfg.SitePendingMax {
		w.pending[k] = pv
	} else {
		w.dropped++
	}
	if !w.scheduled {
		w.scheduled = true
		time.AfterFunc(w.c.cfg.SiteFlushInterval, w.flushScheduled)
	}
}

// flushScheduled is the timer's batch write; failures are logged when a
// run of them starts and when it ends.
func (w *siteWriter) flushScheduled() {
	ctx, cancel := w.c.flushContext()
	defer cancel()
	err := w.flush(ctx)
	w.mu.Lock()
	changed := w.failing != (err != nil)
	w.failing = err != nil
	dropped := w.dropped
	w.mu.Unlock()
	switch {
	case changed && err != nil:
		w.c.log.Warn("counter: site-wide counters not written; retrying each interval", "err", err, "dropped", dropped)
	case changed:
		w.c.log.Info("counter: site-wide counters written again", "dropped", dropped)
	}
}

// flush writes every pending raise now, one script run per bucket in one
// pipeline. The raises of a bucket whose write fails go back to pending
// (merged by max) for the next batch; the first error is returned.
func (w *siteWriter) flush(ctx context.Context) error {
	w.flushMu.Lock()
	defer w.flushMu.Unlock()
	w.mu.Lock()
	batch := w.pending
	if len(batch) > 0 {
		w.pending = make(map[siteField]int64, len(batch))
	}
	w.scheduled = false
	w.mu.Unlock()
	failed, err := w.c.raiseSite(ctx, batch)
	if len(failed) > 0 {
		w.mu.Lock()
		for k, v := range failed {
			w.offerLocked(k, v)
		}
		w.mu.Unlock()
	}
	return err
}
