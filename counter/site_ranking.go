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
	if days == 0 {
		days = min(stgypub.SiteRankingDays, c.cfg.RetentionDays)
	}
	if days < 1 || days > c.cfg.RetentionDays {
		return nil, stgypub.Errorf(stgypub.CodeBadUserInput, "days must be between 1 and %d", c.cfg.RetentionDays)
	}
	now := c.cfg.Now()
	if r := c.siteRank.cached(days, now); r != nil {
		if now.After(r.ExpiresAt.Add(-c.cfg.CacheTTL / 5)) {
			c.siteRank.sf.DoChan("refresh:"+strconv.Itoa(days), func() (any, error) {
				ctx, cancel := c.detached(ctx)
				defer cancel()
				return c.refreshSiteRanking(ctx, days, r)
			})
		}
		return r, nil
	}
	ctx, cancel := c.budget(ctx)
	defer cancel()
	ch := c.siteRank.sf.DoChan(strconv.Itoa(days), func() (any, error) {
		ctx, cancel := c.detached(ctx)
		defer cancel()
		return c.loadSiteRanking(ctx, days)
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
func (c *Counter) cachedSiteRanking(ctx context.Context, days int, now time.Time) (*stgypub.SiteRanking, error) {
	b, err := c.rdb.Get(ctx, c.keys.siteRankingKey(days)).Bytes()
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
func (c *Counter) loadSiteRanking(ctx context.Context, days int) (*stgypub.SiteRanking, error) {
	r, err := c.cachedSiteRanking(ctx, days, c.cfg.Now())
	if err != nil || r != nil {
		if r != nil {
			c.siteRank.keep(r)
		}
		return r, err
	}
	return c.computeSiteRanking(ctx, days)
}

// refreshSiteRanking replaces cur, close to its expiry: by a newer Redis
// copy when another process has refreshed it, else by a computation if
// this process takes the refresh lock (held for CacheTTL/5 at most).
func (c *Counter) refreshSiteRanking(ctx context.Context, days int, cur *stgypub.SiteRanking) (*stgypub.SiteRanking, error) {
	r, err := c.cachedSiteRanking(ctx, days, c.cfg.Now())
	if err != nil {
		return nil, err
	}
	if r != nil && r.ExpiresAt.After(cur.ExpiresAt) {
		c.siteRank.keep(r)
		return r, nil
	}
	ok, err := c.rdb.SetNX(ctx, c.keys.siteRankingKey(days)+":refresh", "1", c.cfg.CacheTTL/5).Result()
	if err != nil || !ok {
		return nil, err
	}
	return c.computeSiteRanking(ctx, days)
}

// computeSiteRanking reads the buckets and caches a non-empty result in
// Redis (SET, CacheTTL) and in this process.
func (c *Counter) computeSiteRanking(ctx context.Context, days int) (*stgypub.SiteRanking, error) {
	now := c.cfg.Now()
	top, err := c.siteTop(ctx, days)
	if err != nil {
		return nil, err
	}
	r := &stgypub.SiteRanking{Days: days, Entries: top[:min(len(top), MaxRankingLimit)], ComputedAt: now, ExpiresAt: now.Add(c.cfg.CacheTTL)}
	if len(r.Entries) == 0 {
		return r, nil
	}
	b, err := json.Marshal(siteCacheEntry{ComputedAt: r.ComputedAt, ExpiresAt: r.ExpiresAt, Entries: r.Entries})
	if err == nil {
		err = c.rdb.Set(ctx, c.keys.siteRankingKey(days), b, c.cfg.CacheTTL).Err()
	}
	if err != nil {
		c.log.Warn("counter: cache site ranking", "days", days, "err", err)
	}
	c.siteRank.keep(r)
	return r, nil
}
