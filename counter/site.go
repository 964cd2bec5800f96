package counter

import (
	"context"
	"log/slog"
	"sync"
	"time"

	"github.com/redis/go-redis/v9"

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

// siteCounter is the counter's site-wide part (docs/RANKING.md): it
// gathers the raises of the bucketed daily Hashes and writes them in
// batches (this file, site_raise.go), keeps the week sums
// (site_week.go) and computes and caches the ranking from them
// (site_ranking.go, site_top.go). Counter.SiteRanking answers from it.
type siteCounter struct {
	rdb   redis.UniversalClient
	cfg   *Config // the Counter's
	keys  keyspace
	cal   calendar
	daily dailyHashes
	log   *slog.Logger
	rank  *siteRanking // the ranking's process copies (site_ranking.go)

	mu        sync.Mutex
	pending   map[siteField]int64
	scheduled bool  // a timer will flush pending
	dropped   int64 // raises refused because pending was full
	failing   bool  // the last batch failed (logged once per run of failures)
	flushMu   sync.Mutex
}

func newSiteCounter(c *Counter) *siteCounter {
	return &siteCounter{rdb: c.rdb, cfg: &c.cfg, keys: c.keys, cal: c.cal, daily: c.daily, log: c.log,
		rank: newSiteRanking(), pending: map[siteField]int64{}}
}

// countsSiteWide reports whether a recorded view also counts site-wide:
// only views of posts published at the counter's now (a zero PublishedAt,
// unpublished, or a future one, scheduled, never count).
func (s *siteCounter) countsSiteWide(publishedAt time.Time) bool {
	return !publishedAt.IsZero() && !publishedAt.After(s.cfg.Now())
}

// offer records that post's count on day is at least pv; the next batch
// raises the bucket field to the largest value offered. It never blocks
// on Redis.
func (s *siteCounter) offer(day time.Time, post stgypub.ID, pv int64) {
	if pv <= 0 {
		return
	}
	s.mu.Lock()
	s.offerLocked(siteField{dayNumber(day), post}, pv)
	s.mu.Unlock()
}

func (s *siteCounter) offerLocked(k siteField, pv int64) {
	if cur, ok := s.pending[k]; ok {
		s.pending[k] = max(cur, pv)
	} else if len(s.pending) < s.cfg.SitePendingMax {
		s.pending[k] = pv
	} else {
		s.dropped++
	}
	if !s.scheduled {
		s.scheduled = true
		time.AfterFunc(s.cfg.SiteFlushInterval, s.flushScheduled)
	}
}

// flushScheduled is the timer's batch write; failures are logged when a
// run of them starts and when it ends.
func (s *siteCounter) flushScheduled() {
	ctx, cancel := s.cfg.flushContext()
	defer cancel()
	err := s.flush(ctx)
	s.mu.Lock()
	changed := s.failing != (err != nil)
	s.failing = err != nil
	dropped := s.dropped
	s.mu.Unlock()
	switch {
	case changed && err != nil:
		s.log.Warn("counter: site-wide counters not written; retrying each interval", "err", err, "dropped", dropped)
	case changed:
		s.log.Info("counter: site-wide counters written again", "dropped", dropped)
	}
}

// flush writes every pending raise now, one script run per bucket in one
// pipeline. The raises of a bucket whose write fails go back to pending
// (merged by max) for the next batch; the first error is returned.
func (s *siteCounter) flush(ctx context.Context) error {
	s.flushMu.Lock()
	defer s.flushMu.Unlock()
	s.mu.Lock()
	batch := s.pending
	if len(batch) > 0 {
		s.pending = make(map[siteField]int64, len(batch))
	}
	s.scheduled = false
	s.mu.Unlock()
	failed, err := s.raiseSite(ctx, batch)
	if len(failed) > 0 {
		s.mu.Lock()
		for k, v := range failed {
			s.offerLocked(k, v)
		}
		s.mu.Unlock()
	}
	return err
}
