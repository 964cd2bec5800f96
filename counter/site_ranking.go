package counter

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"sync"
	"time"

	"github.com/redis/go-redis/v9"
	"golang.org/x/sync/singleflight"

	"github.com/stgy/stgypub"
)

// siteRanking holds each process's copy of the cached site-wide rankings,
// so a cached ranking costs one Redis GET per process and lifetime, not
// one per request: the cache key is one key, and read on every request
// it would be the hot key the buckets avoid.
type siteRanking struct {
	mu   sync.Mutex
	memo map[int]*stgypub.SiteRanking // days → ranking, until ExpiresAt
	sf   singleflight.Group           // one load or refresh per days at a time
}

func newSiteRanking() *siteRanking {
	return &siteRanking{memo: map[int]*stgypub.SiteRanking{}}
}

// siteCacheEntry is the cached JSON of a SiteRanking.
type siteCacheEntry struct {
	ComputedAt time.Time              `json:"computedAt"`
	ExpiresAt  time.Time              `json:"expiresAt"`
	Entries    []stgypub.RankingEntry `json:"entries"`
}

// ranking is Counter.SiteRanking.
func (s *siteCounter) ranking(ctx context.Context, days int) (*stgypub.SiteRanking, error) {
	if days == 0 {
		days = min(stgypub.SiteRankingDays, s.cfg.RetentionDays)
	}
	if days < 1 || days > s.cfg.RetentionDays {
		return nil, stgypub.Errorf(stgypub.CodeBadUserInput, "days must be between 1 and %d", s.cfg.RetentionDays)
	}
	now := s.cfg.Now()
	if r := s.rank.cached(days, now); r != nil {
		if now.After(r.ExpiresAt.Add(-s.cfg.CacheTTL / 5)) {
			s.rank.sf.DoChan("refresh:"+strconv.Itoa(days), func() (any, error) {
				ctx, cancel := s.cfg.detached(ctx)
				defer cancel()
				return s.refreshSiteRanking(ctx, days, r)
			})
		}
		return r, nil
	}
	ctx, cancel := s.cfg.budget(ctx)
	defer cancel()
	ch := s.rank.sf.DoChan(strconv.Itoa(days), func() (any, error) {
		ctx, cancel := s.cfg.detached(ctx)
		defer cancel()
		return s.loadSiteRanking(ctx, days)
	})
	select {
	case res := <-ch:
		if res.Err != nil {
			return nil, res.Err
		}
		return res.Val.(*stgypub.SiteRanking), nil
	case <-ctx.Done():
		return nil, fmt.Errorf("counter: site ranking: %w", ctx.Err())
	}
}

// cached returns the process's copy of the days ranking while it lives.
func (s *siteRanking) cached(days int, now time.Time) *stgypub.SiteRanking {
	s.mu.Lock()
	defer s.mu.Unlock()
	r := s.memo[days]
	if r == nil || !now.Before(r.ExpiresAt) {
		delete(s.memo, days)
		return nil
	}
	return r
}

func (s *siteRanking) keep(r *stgypub.SiteRanking) {
	s.mu.Lock()
	if cur := s.memo[r.Days]; cur == nil || r.ExpiresAt.After(cur.ExpiresAt) {
		s.memo[r.Days] = r
	}
	s.mu.Unlock()
}

// forget drops every process copy (ImportViews).
func (s *siteRanking) forget() {
	s.mu.Lock()
	clear(s.memo)
	s.mu.Unlock()
}

// cachedSiteRanking reads the Redis copy of the days ranking; nil when
// there is none or it has expired on the injected clock.
func (s *siteCounter) cachedSiteRanking(ctx context.Context, days int, now time.Time) (*stgypub.SiteRanking, error) {
	b, err := s.rdb.Get(ctx, s.keys.siteRankingKey(days)).Bytes()
	if errors.Is(err, redis.Nil) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("counter: site ranking cache: %w", err)
	}
	var e siteCacheEntry
	if json.Unmarshal(b, &e) != nil || !now.Before(e.ExpiresAt) || len(e.Entries) == 0 {
		return nil, nil
	}
	return &stgypub.SiteRanking{Days: days, Entries: e.Entries, ComputedAt: e.ComputedAt, ExpiresAt: e.ExpiresAt}, nil
}

// loadSiteRanking takes the Redis copy or, without one, computes the
// ranking and caches it when it is not empty.
func (s *siteCounter) loadSiteRanking(ctx context.Context, days int) (*stgypub.SiteRanking, error) {
	r, err := s.cachedSiteRanking(ctx, days, s.cfg.Now())
	if err != nil || r != nil {
		if r != nil {
			s.rank.keep(r)
		}
		return r, err
	}
	return s.computeSiteRanking(ctx, days)
}

// refreshSiteRanking replaces cur, close to its expiry: by a newer Redis
// copy when another process has refreshed it, else by a computation if
// this process takes the refresh lock (held for CacheTTL/5 at most).
func (s *siteCounter) refreshSiteRanking(ctx context.Context, days int, cur *stgypub.SiteRanking) (*stgypub.SiteRanking, error) {
	r, err := s.cachedSiteRanking(ctx, days, s.cfg.Now())
	if err != nil {
		return nil, err
	}
	if r != nil && r.ExpiresAt.After(cur.ExpiresAt) {
		s.rank.keep(r)
		return r, nil
	}
	ok, err := s.rdb.SetNX(ctx, s.keys.siteRankingKey(days)+":refresh", "1", s.cfg.CacheTTL/5).Result()
	if err != nil || !ok {
		return nil, err
	}
	return s.computeSiteRanking(ctx, days)
}

// computeSiteRanking reads the buckets and caches a non-empty result in
// Redis (SET, CacheTTL) and in this process.
func (s *siteCounter) computeSiteRanking(ctx context.Context, days int) (*stgypub.SiteRanking, error) {
	now := s.cfg.Now()
	top, err := s.siteTop(ctx, days)
	if err != nil {
		return nil, err
	}
	r := &stgypub.SiteRanking{Days: days, Entries: top[:min(len(top), MaxRankingLimit)], ComputedAt: now, ExpiresAt: now.Add(s.cfg.CacheTTL)}
	if len(r.Entries) == 0 {
		return r, nil
	}
	b, err := json.Marshal(siteCacheEntry{ComputedAt: r.ComputedAt, ExpiresAt: r.ExpiresAt, Entries: r.Entries})
	if err == nil {
		err = s.rdb.Set(ctx, s.keys.siteRankingKey(days), b, s.cfg.CacheTTL).Err()
	}
	if err != nil {
		s.log.Warn("counter: cache site ranking", "days", days, "err", err)
	}
	s.rank.keep(r)
	return r, nil
}

// SiteRanking returns the site-wide ranking over the last days UTC days
// including today (1 ≤ days ≤ RetentionDays, else BAD_USER_INPUT; 0 means
// the week, stgypub.SiteRankingDays, or the whole window when shorter): the
// top MaxRankingLimit posts of every owner by page views summed over
// those days, PV descending then ID ascending, merged from every
// bucket's top 1000 (buckets hold disjoint posts, so the merge is exact;
// site_top.go). Publication is not checked here (stgypub.PublishedRanking
// does it on every read).
//
// A non-empty result is cached for CacheTTL per days value, in Redis and
// in this process, both until the same ExpiresAt of the injected clock;
// an empty one is never cached, so the first view shows up at once. In
// the last fifth of its life a cached ranking is recomputed in the
// background by one process (a Redis lock) while it is still served, so
// readers of a busy site never wait for a computation. A computation
// runs once per days value at a time on a detached context
// (CheckpointTimeout); the caller waits at most Budget, after which it
// gets an error and the ranking is cached for the next call. The
// returned value is shared: callers must not modify it.
func (c *Counter) SiteRanking(ctx context.Context, days int) (*stgypub.SiteRanking, error) {
	return c.site.ranking(ctx, days)
}
