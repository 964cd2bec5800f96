// Package pagecache is STGY Pub's rendered-page cache: the final bytes of
// /pub, /sites, the feeds, the home page and the sitemap, per process,
// bounded in bytes, built once per miss, with exact invalidation across
// app servers through Redis (page versions and a sharded pub/sub channel
// with acknowledgements). README.md "Caching" explains the design, its
// staleness bounds and what it means for readers and owners.
//
// The seam: handlers build a Page; Cache.Get returns a fresh Entry or
// nil; Cache.Load builds a missing one once (singleflight) and keeps it
// when it may; Entry.Write answers the request (304, gzip, br).
package pagecache

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"time"

	"github.com/maypok86/otter/v2"
	"golang.org/x/sync/singleflight"

	"github.com/stgy/stgypub"
)

// Defaults of Config.
const (
	DefaultMaxBytes  = 256 << 20
	DefaultMaxAge    = time.Hour
	DefaultSafetyTTL = 3 * time.Second
	DefaultRecheck   = time.Second
	// CrossSiteMaxAge bounds pages that show every site (home page,
	// sitemap), which have no owner version to re-check.
	CrossSiteMaxAge = time.Minute
)

// Config configures a Cache; zero fields get the defaults.
type Config struct {
	// MaxBytes bounds the entries' bytes (bodies and compressed variants,
	// plus a fixed overhead each); STGY_PAGE_CACHE_BYTES.
	MaxBytes int64
	// MaxAge is the longest an entry is served without a rebuild, the
	// bound on staleness when a write could not reach Redis at all.
	MaxAge time.Duration
	// SafetyTTL is how long the cache trusts its entries after it last
	// heard from Redis (Listen renews it on every message and pong): when
	// the subscription is down longer, pages are built on every request
	// and not kept.
	SafetyTTL time.Duration
	// Recheck is how often an owner page's version is confirmed in Redis
	// when no view confirms it (lost announcements are caught within it).
	Recheck time.Duration
	// Now is the clock; default time.Now.
	Now func() time.Time
	// Local makes the cache trust itself without Redis (a single process
	// whose store notifies it directly, see Local; tests).
	Local bool
}

// Kind is a kind of cached page.
type Kind uint8

// Kinds of pages.
const (
	KindPub Kind = iota + 1
	KindSite
	KindFeed
	KindHome
	KindSitemap
	KindCommentsFeed
	// KindAPI is an anonymous GraphQL response (server/api "Response
	// cache"): Variant is the digest of its request.
	KindAPI
)

// Key identifies one cached page: its kind, the post (KindPub,
// KindCommentsFeed) or owner (KindSite, KindFeed) and the variant (theme, view, order, page).
type Key struct {
	Kind    Kind
	ID      stgypub.ID
	Variant string
}

// Cache is the page cache. It is safe for concurrent use.
type Cache struct {
	cfg     Config
	entries *otter.Cache[Key, *Entry]
	builds  singleflight.Group
	// preparing counts the background variant builds in flight (Settle).
	preparing sync.WaitGroup

	// epoch counts announcements applied; owners maps an owner to the
	// epoch of their last one, floor is the epoch of the last flush. An
	// entry is valid when its build started at or after all of them.
	epoch, floor atomic.Uint64
	owners       sync.Map // stgypub.ID -> uint64
	leaseUntil   atomic.Int64

	stats stats
}

// New returns an empty cache.
func New(cfg Config) (*Cache, error) {
	if cfg.MaxBytes <= 0 {
		cfg.MaxBytes = DefaultMaxBytes
	}
	if cfg.MaxAge <= 0 {
		cfg.MaxAge = DefaultMaxAge
	}
	if cfg.SafetyTTL <= 0 {
		cfg.SafetyTTL = DefaultSafetyTTL
	}
	if cfg.Recheck <= 0 {
		cfg.Recheck = DefaultRecheck
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	entries, err := otter.New(&otter.Options[Key, *Entry]{
		MaximumWeight: uint64(cfg.MaxBytes),
		Weigher:       func(_ Key, e *Entry) uint32 { return e.weight() },
	})
	if err != nil {
		return nil, err
	}
	return &Cache{cfg: cfg, entries: entries}, nil
}

// Now is the cache's clock.
func (c *Cache) Now() time.Time { return c.cfg.Now() }

// Get returns the entry of key when it is there and valid: built after
// the last announcement for its owner (and after the last flush), not
// expired, and Redis heard from within SafetyTTL. Otherwise nil.
func (c *Cache) Get(key Key) *Entry {
	e, ok := c.entries.GetIfPresent(key)
	if !ok || !c.valid(e, c.cfg.Now()) {
		c.stats.misses.Add(1)
		return nil
	}
	c.stats.hits.Add(1)
	return e
}

func (c *Cache) valid(e *Entry, now time.Time) bool {
	if !c.trusted(now) || !now.Before(e.expires) {
		return false
	}
	last := c.floor.Load()
	if e.Owner == 0 {
		last = c.epoch.Load()
	} else {
		last = max(last, c.ownerEpoch(e.Owner))
		for _, o := range e.Owners {
			last = max(last, c.ownerEpoch(o))
		}
	}
	return e.start >= last
}

// ownerEpoch is the epoch of the owner's last announcement (0: none).
func (c *Cache) ownerEpoch(o stgypub.ID) uint64 {
	if v, ok := c.owners.Load(o); ok {
		return v.(uint64)
	}
	return 0
}

// trusted reports whether entries may be served and kept: always for a
// Local cache, else while the lease from Redis runs.
func (c *Cache) trusted(now time.Time) bool {
	return c.cfg.Local || now.UnixNano() < c.leaseUntil.Load()
}

// Load returns the entry of key, building it with build when it is
// missing or invalid. Concurrent Loads of one key share one build (the
// build runs on a context detached from the first caller's cancellation).
// The entry is kept only when no announcement for its owner arrived
// during the build and the cache is trusted; otherwise it serves this
// request (and those waiting on it) only. Build errors are returned and
// never kept. The build's context ends when build returns: work it
// starts for later must not use it.
func (c *Cache) Load(ctx context.Context, key Key, build func(ctx context.Context) (Page, error)) (*Entry, error) {
	if e := c.Get(key); e != nil {
		return e, nil
	}
	ch := c.builds.DoChan(key.String(), func() (any, error) {
		start := c.epoch.Load()
		// Ended when the build returns, so that a context a query
		// derives from it (a read deadline's timer) releases what the
		// build reached with it, not seconds later.
		bctx, cancel := context.WithCancel(context.WithoutCancel(ctx))
		p, err := build(bctx)
		cancel()
		if err != nil {
			return nil, err
		}
		c.stats.builds.Add(1)
		now := c.cfg.Now()
		e := newEntry(p, start)
		e.expires = now.Add(c.cfg.MaxAge)
		if p.Owner == 0 {
			e.expires = now.Add(min(c.cfg.MaxAge, CrossSiteMaxAge))
		}
		if !p.Expires.IsZero() && p.Expires.Before(e.expires) {
			e.expires = p.Expires
		}
		e.verified.set(now)
		if c.valid(e, now) {
			c.entries.Set(key, e)
			c.preparing.Go(func() { c.prepare(key, e) }) // the variants, off the request path
		}
		return e, nil
	})
	var r singleflight.Result
	select {
	case r = <-ch:
	case <-ctx.Done():
		if errors.Is(ctx.Err(), context.Canceled) {
			// This caller hung up; the build goes on for the others
			// and the cache.
			return nil, ctx.Err()
		}
		r = <-ch // a deadline: the build's reads have their own
	}
	if r.Err != nil {
		return nil, r.Err
	}
	return r.Val.(*Entry), nil
}

// prepare builds e's variants, then has the cache weigh e again with
// their real sizes (when key still holds e).
func (c *Cache) prepare(key Key, e *Entry) {
	e.Prepare()
	if len(e.Body) < minCompress {
		return
	}
	c.entries.ComputeIfPresent(key, func(old *Entry) (*Entry, otter.ComputeOp) {
		if old != e {
			return old, otter.CancelOp
		}
		return e, otter.WriteOp
	})
}

// Settle waits until every background variant build started so far has
// finished (the gzip and brotli variants of new entries, built off the
// request path, and their reweighing). Tests and benchmarks that weigh
// the cache or the heap call it; serving never needs it.
func (c *Cache) Settle() { c.preparing.Wait() }

// Build makes an entry of p that is not kept (search results, pages built
// while the cache is not trusted): Write then compresses on demand.
func Build(p Page) *Entry { return newEntry(p, 0) }

// Remove drops key's entry (its owner's version moved on).
func (c *Cache) Remove(key Key) { c.entries.Invalidate(key) }

// Invalidate applies an announcement: every entry of these owners, and
// every cross-site entry, built before now is invalid from now on, as is
// any build still running.
func (c *Cache) Invalidate(owners ...stgypub.ID) {
	n := c.epoch.Add(1)
	for _, o := range owners {
		c.owners.Store(o, n)
	}
	c.stats.invalidations.Add(1)
}

// Flush invalidates every entry, and every build still running: after a
// (re)subscription, announcements may have been missed.
func (c *Cache) Flush() {
	c.floor.Store(c.epoch.Add(1))
	c.entries.InvalidateAll()
	c.stats.flushes.Add(1)
}

// Trusted reports whether the cache serves and keeps entries now: a Local
// cache always, else while Redis was heard from within SafetyTTL.
func (c *Cache) Trusted() bool { return c.trusted(c.cfg.Now()) }

// renew extends the lease to now + SafetyTTL.
func (c *Cache) renew(now time.Time) {
	c.leaseUntil.Store(now.Add(c.cfg.SafetyTTL).UnixNano())
}

// Recheck reports whether e's owner version is due for a check in Redis
// (last confirmed Recheck ago or more); Confirm records a check.
func (c *Cache) Recheck(e *Entry, now time.Time) bool {
	return now.Sub(e.verified.get()) >= c.cfg.Recheck
}

// Confirm records that e's owner version was found current at now.
func (c *Cache) Confirm(e *Entry, now time.Time) { e.verified.set(now) }

// Bytes is the weight of the entries kept (bodies, variants, overhead),
// at most Config.MaxBytes once pending evictions have run.
func (c *Cache) Bytes() int64 {
	c.entries.CleanUp()
	return int64(c.entries.WeightedSize())
}

// Len is the number of entries kept.
func (c *Cache) Len() int { return c.entries.EstimatedSize() }

// lastCheck is an atomic time.
type lastCheck struct{ ns atomic.Int64 }

func (l *lastCheck) set(t time.Time) { l.ns.Store(t.UnixNano()) }
func (l *lastCheck) get() time.Time  { return time.Unix(0, l.ns.Load()) }
