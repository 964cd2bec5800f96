package counter

import (
	"context"
	"fmt"

	"github.com/stgy/stgypub"
)

// LRUBytes is the per-post LRU limit: 150 fingerprints of 4 bytes
// (docs/SPEC.md#page-views).
const LRUBytes = 150 * 4

// QueueView hands one page view to the recorder and returns at once,
// whatever Redis does (docs/ARCHITECTURE.md "View pipeline"): the view
// is recorded by a later batch (batchScript), retried while Redis does
// not answer, and dropped only when the queue is full (Config.QueueViews,
// Config.QueueBytes) or the process shuts down past its drain deadline;
// each drop is counted (DroppedViews, stgy_pub_views_dropped_total). The
// view's UTC day is taken now. Views with a zero post or owner are
// ignored. Callers verify the signature and exclude bots first (package
// visitor).
func (c *Counter) QueueView(_ context.Context, v stgypub.View) {
	if v.PostID == 0 || v.OwnerID == 0 {
		return
	}
	c.rec.enqueue(c.queued(v, nil))
}

// RecordView queues the view (QueueView) and waits for its batch: it
// returns the post's new PV for the view's UTC day, or 0 when the
// fingerprint is among the post's last 150 (docs/SPEC.md#page-views). It
// waits at most Config.RecordWait (0: as long as ctx allows); past it the
// error is stgypub.ErrViewPending and the view stays queued, to be
// recorded all the same. A view the queue cannot take, or that is
// dropped, fails with UNAVAILABLE. Zero IDs are BAD_USER_INPUT. When the
// new PV is a checkpoint the PostgreSQL synchronization runs in the
// background (see Wait); a new view of a post published by now
// (View.PublishedAt set and not in the future) also raises the post's
// site-wide daily field in memory (site.go). With Config.RotationSecret
// the fingerprint is re-keyed for the UTC day (rotate) by the batch.
func (c *Counter) RecordView(ctx context.Context, v stgypub.View) (int64, error) {
	if v.PostID == 0 || v.OwnerID == 0 {
		return 0, stgypub.Errorf(stgypub.CodeBadUserInput, "view needs a post and an owner")
	}
	done := make(chan viewResult, 1)
	if reason := c.rec.enqueue(c.queued(v, done)); reason != "" {
		return 0, errDropped(reason)
	}
	if c.cfg.RecordWait > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, c.cfg.RecordWait)
		defer cancel()
	}
	select {
	case res := <-done:
		if res.err != nil {
			return 0, fmt.Errorf("counter: record view of %s: %w", v.PostID, res.err)
		}
		return res.n, nil
	case <-ctx.Done():
		return 0, fmt.Errorf("counter: record view of %s: %w", v.PostID, stgypub.ErrViewPending)
	}
}

func (c *Counter) queued(v stgypub.View, done chan viewResult) queuedView {
	return queuedView{owner: v.OwnerID, post: v.PostID, published: v.PublishedAt, day: c.cal.today(), fp: v.Fingerprint, done: done}
}

// afterRecord is what a recorded view entails once its script ran with
// result n: the periodic flush's note, the site-wide raise, and on a
// checkpoint the PostgreSQL synchronization in the background.
func (c *Counter) afterRecord(v *queuedView, n int64) {
	if n <= 0 {
		return
	}
	c.memo.forget(v.owner) // the reader who counted it sees it
	if c.dirty != nil {
		c.dirty.mark(dirtyKey{v.owner, v.post, v.day}, n)
	}
	site := c.site.countsSiteWide(v.published)
	if site {
		c.site.offer(v.day, v.post, n)
	}
	if CheckpointFor(n) {
		owner, post, day := v.owner, v.post, v.day
		c.background(context.Background(), func(ctx context.Context) error {
			if n == 4 {
				return c.syncWindow(ctx, owner, post, site)
			}
			return c.syncToday(ctx, owner, post, day, n, site)
		})
	}
}

// WaitRecorded blocks until every view queued before the call is
// recorded (or dropped), or ctx ends (then ctx's error; the views stay
// queued). Tests and tools that read counts call it, never a sleep.
func (c *Counter) WaitRecorded(ctx context.Context) error { return c.rec.wait(ctx) }

// Close drains the view queue until ctx ends (SIGTERM: the server has
// stopped taking requests), then drops what is left (reason shutdown,
// counted and logged) and refuses later views; then it waits for the
// background checkpoints and writes the pending site-wide raises (Wait).
// It returns how many views it dropped.
func (c *Counter) Close(ctx context.Context) int64 {
	n := c.rec.close(ctx)
	c.waitBackground()
	return n
}
