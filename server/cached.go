package server

import (
	"context"
	"log/slog"
	"net/http"
	"net/netip"
	"time"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/pagecache"
	"github.com/stgy/stgypub/visitor"
)

// builder builds one page for the cache.
type builder func(ctx context.Context) (pagecache.Page, error)

// pageCache answers the cached pages (home, sites, articles, feeds,
// sitemap) from the rendered-page cache, confirming owners' versions in
// Redis, and hands an article's page view or crawl to the counter
// (docs/ARCHITECTURE.md "View pipeline"). The handler types of cached
// pages embed it.
type pageCache struct {
	store    *pagecache.Cache    // Deps.Pages; nil builds every page
	versions *pagecache.Versions // Deps.Versions
	views    stgypub.CountQueue  // Deps.Views
	tallies  stgypub.CountQueue  // Deps.Tallies
	// viewSecret and proxies turn a request into a view's fingerprint
	// (Config.ViewSecret, Config.TrustedProxies).
	viewSecret []byte
	proxies    []netip.Prefix
	clock      func() time.Time // Config.Now
	log        *slog.Logger
}

// newPageCache takes the page cache, the view recorders and the view
// fingerprint settings from cfg and deps.
func newPageCache(cfg Config, deps Deps) *pageCache {
	return &pageCache{store: deps.Pages, versions: deps.Versions, views: deps.Views, tallies: deps.Tallies,
		viewSecret: cfg.ViewSecret, proxies: cfg.TrustedProxies, clock: cfg.Now, log: cfg.Logger}
}

// load returns the entry of key from the page cache (building it once on
// a miss), or builds an entry that is not kept when there is no cache.
func (s *pageCache) load(ctx context.Context, key pagecache.Key, build builder) (*pagecache.Entry, error) {
	if s.store == nil {
		p, err := build(ctx)
		if err != nil {
			return nil, err
		}
		return pagecache.Build(p), nil
	}
	return s.store.Load(ctx, key, build)
}

// cached returns key's valid entry, nil on a miss. An owner page whose
// version was last confirmed Recheck ago or more is confirmed in Redis
// first (one GET), which catches an announcement this server missed; a
// failed check keeps the entry (the cache's lease says Redis was heard
// from within SafetyTTL).
func (s *pageCache) cached(ctx context.Context, key pagecache.Key, now time.Time) *pagecache.Entry {
	c := s.store
	if c == nil {
		return nil
	}
	e := c.Get(key)
	if e == nil || e.Owner == 0 || s.versions == nil || !c.Recheck(e, now) {
		return e
	}
	if s.stale(ctx, e) {
		c.Remove(key)
		return nil
	}
	c.Confirm(e, now)
	return e
}

// stale reads e's owner version: true when it moved past e.Version.
func (s *pageCache) stale(ctx context.Context, e *pagecache.Entry) bool {
	v, err := s.versions.Version(ctx, e.Owner)
	if err != nil {
		warn(ctx, s.log, "page cache: version check failed", err)
		return false
	}
	return v > e.Version
}

// serve answers a page that records no view: from the cache, or built
// once and written.
func (s *pageCache) serve(w http.ResponseWriter, r *http.Request, key pagecache.Key, build builder) error {
	now := s.now()
	e := s.cached(r.Context(), key, now)
	if e == nil {
		var err error
		if e, err = s.load(r.Context(), key, build); err != nil {
			return err
		}
	}
	e.Write(w, r, now)
	return nil
}

// servePub answers /pub as serve does (the cached article, its owner's
// version confirmed on the page cache's own path, cached), then hands
// the request's view, if it is one, to the recorder, which returns at
// once: the page never waits for the view to be recorded
// (docs/ARCHITECTURE.md "View pipeline").
func (s *pageCache) servePub(w http.ResponseWriter, r *http.Request, key pagecache.Key, build builder) error {
	ctx := r.Context()
	now := s.now()
	e := s.cached(ctx, key, now)
	if e == nil {
		var err error
		if e, err = s.load(ctx, key, build); err != nil {
			return err
		}
	}
	if v, ok := s.viewOf(r, e); ok {
		s.views.QueueView(ctx, v)
	} else if c, ok := s.crawlOf(r, e); ok {
		s.tallies.QueueCrawl(ctx, c)
	}
	e.Write(w, r, now)
	return nil
}

// viewOf is the page view r makes of the article in e
// (docs/SPEC.md#bot-exclusion, docs/SPEC.md#fingerprints): none for HEAD, for
// self-declared bots and browsers' prefetch/prerender requests
// (visitor.IsSpeculative), without a client address or without a recorder.
// The raw IP is reduced to the 4-byte HMAC fingerprint here and never kept.
func (s *pageCache) viewOf(r *http.Request, e *pagecache.Entry) (stgypub.View, bool) {
	if s.views == nil || e.View == nil || r.Method != http.MethodGet ||
		visitor.IsBot(r.UserAgent()) || visitor.IsSpeculative(r.Header) {
		return stgypub.View{}, false
	}
	ip := visitor.ClientIP(r, s.proxies)
	if !ip.IsValid() {
		return stgypub.View{}, false
	}
	v := *e.View
	v.Fingerprint = visitor.Fingerprint(s.viewSecret, ip)
	return v, true
}

// crawlOf is the crawl r makes of the article in e
// (docs/SPEC.md#crawler-report): a GET from a self-declared bot, by the
// same rule that keeps it out of the views (visitor.BotFamily), whatever
// its prefetch headers. Only the family is kept.
func (s *pageCache) crawlOf(r *http.Request, e *pagecache.Entry) (stgypub.Crawl, bool) {
	if s.tallies == nil || e.View == nil || r.Method != http.MethodGet {
		return stgypub.Crawl{}, false
	}
	f := visitor.BotFamily(r.UserAgent())
	if f == visitor.NotBot {
		return stgypub.Crawl{}, false
	}
	return stgypub.Crawl{PostID: e.View.PostID, OwnerID: e.View.OwnerID, Family: f.String()}, true
}

// now is the pages' clock (Config.Now).
func (s *pageCache) now() time.Time { return s.clock() }
