// Package server is STGY Pub's HTTP adapter: the prerendered public pages
// /sites/{userId} and /pub/{postId} (docs/SPEC.md#public-pages,
// docs/SPEC.md#metadata), their Atom feed, sitemap and robots.txt, the
// embedded UI assets, health and metrics endpoints, and the mount point of
// the GraphQL API. Routes are declared in routes.go; each page handler lives
// in its own file and returns an error that one wrapper (errors.go) turns
// into the error page.
package server

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/netip"
	"net/url"
	"strings"
	"time"

	lru "github.com/hashicorp/golang-lru/v2"
	"github.com/prometheus/client_golang/prometheus"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/article"
	"github.com/stgy/stgypub/captcha"
	"github.com/stgy/stgypub/comment"
	"github.com/stgy/stgypub/federation"
	"github.com/stgy/stgypub/pagecache"
	"github.com/stgy/stgypub/templates"
)

// Config is the server's configuration; cmd/stgy-pub reads it from the
// environment (docs/ARCHITECTURE.md "Configuration").
type Config struct {
	// BaseURL is the public origin (and optional path prefix) of the site,
	// e.g. https://pub.example.com. Canonical, OGP, feed and sitemap URLs
	// are built from it alone, never from the Host header. Required.
	BaseURL *url.URL
	// ViewSecret is the HMAC key of the page-view fingerprint
	// (STGY_PUB_VIEW_SECRET). Required when Deps.Views is set.
	ViewSecret []byte
	// TrustedProxies are the reverse proxies whose forwarding headers are
	// believed (visitor.ClientIP).
	TrustedProxies []netip.Prefix
	// Logger receives request logs and internal errors; nil discards.
	Logger *slog.Logger
	// DefaultLang is the <html lang> when a post has no locale; "" means
	// "en". Dates show in each site's time zone
	// (stgypub.PubConfig.Location).
	DefaultLang string
	// ViewDays is the page-view retention window shown in "N views in the
	// last D days"; 0 means 15.
	ViewDays int
	// ArticleCacheSize is the number of rendered article bodies kept in
	// the in-process LRU; 0 means 512.
	ArticleCacheSize int
	// CardCacheSize is the number of rendered list snippets kept, and of
	// pre-rendered list entries; 0 means 4096.
	CardCacheSize int
	// AccessLog chooses the request log lines: "all" (the default, ""),
	// "errors" (responses with status 500 and above, and requests slower
	// than a second) or "off" (STGY_ACCESS_LOG). Metrics count every
	// request either way.
	AccessLog string
	// ReadyTimeout bounds each /readyz check; 0 means 2 seconds.
	ReadyTimeout time.Duration
	// PageDeadline bounds how long one page request (/, /pub, /sites,
	// feeds, /sitemap.xml) waits for its reads: a stalled PostgreSQL
	// answers 503 + Retry-After after this long instead of the driver's
	// 10 s read timeout. Read once at start-up; 0 means DefaultPageDeadline.
	PageDeadline time.Duration
	// ReadDeadline bounds every PostgreSQL read made for one request, on
	// any route (pages, feeds, the API), and the owners' reads of Redis
	// figures: the request's context carries start + ReadDeadline
	// (stgypub.WithReadDeadline); a read still waiting then fails as
	// unavailable (503 + Retry-After, UNAVAILABLE). Writes are not
	// bounded by it. STGY_PG_READ_DEADLINE; 0 means DefaultPageDeadline.
	ReadDeadline time.Duration
	// ViewCountTTL is how long a cached article page keeps the view count
	// it shows (and its Popular entries, when the Ranker cannot say when
	// its ranking expires); 0 means 5 minutes, the counter's cache TTL.
	ViewCountTTL time.Duration
	// Now is the clock of Last-Modified and of page expiry; nil means
	// time.Now. It should be the store's and the page cache's clock.
	Now func() time.Time
}

// PostStore is what the pages read of the posts (store.Store implements
// it): the published posts and sites (stgypub.PubPostStore, whose
// NextPublication is the expiry of the home page and the sitemap), each page's
// data in one statement (stgypub.PubPageStore), and the site-wide reads
// of the home page, /sitemap.xml and /robots.txt.
type PostStore interface {
	stgypub.PubPostStore
	stgypub.PubPageStore
	// PublishedForSitemap lists every user's published posts, newest
	// first, without Content, at most limit.
	PublishedForSitemap(ctx context.Context, limit int) ([]*stgypub.Post, error)
	// SitemapLastChange is the latest site change time of any user
	// (moved by every write that changes a public page, unpublishing and
	// deleting included), never later than now, for the sitemap's
	// Last-Modified.
	SitemapLastChange(ctx context.Context) (time.Time, error)
	// AIDisallowedSites gives the sites with extensions.robots.disallowAI
	// set.
	AIDisallowedSites(ctx context.Context) ([]stgypub.RobotsSite, error)
}

// ReadyCheck is one dependency probed by /readyz (e.g. PostgreSQL ping,
// Redis PING). A failing Optional check (Redis: counting, Popular entries
// and caches degrade but pages are served) leaves the server ready and is
// reported as degraded; any other failing check makes it not ready.
type ReadyCheck struct {
	Name     string
	Check    func(ctx context.Context) error
	Optional bool
}

// Deps are the adapters the server reads through. Posts, Users and
// Configs are required; the others are optional: without Views nothing
// is recorded, without Ranker Popular entries stay empty, without Counts
// the view-count line is hidden, without API /graphql is not mounted,
// without Pages every page is built on every request, without Versions
// cached pages are trusted on the cache's own invalidations alone (a
// single process, pagecache.Local).
type Deps struct {
	Posts   PostStore
	Users   stgypub.PubUserStore
	Configs stgypub.PubUserStore
	// Views records page views (its QueueView; counter.Counter).
	Views stgypub.CountQueue
	// Tallies counts bots' fetches of articles per family and share-link
	// clicks (its QueueCrawl and QueueShare; counter.Counter); nil counts
	// neither (docs/SPEC.md#crawler-report).
	Tallies stgypub.CountQueue
	Ranker  stgypub.Ranker
	Counts  stgypub.CountReader
	// Articles gives post bodies' HTML, rendered once and kept
	// (article.Articles); nil is article.NewUnstored(Posts), which renders
	// each cache miss and keeps nothing.
	Articles stgypub.ArticleRenderer
	// Comments gives article pages their comment section and serves
	// /pub/{postId}/comments.atom; nil: no section, feed 404.
	Comments *comment.Service
	// CaptchaAudio serves /captcha/audio/{id}.wav; nil answers 404.
	CaptchaAudio *captcha.Service
	API          http.Handler
	// Previews serves owners' previews of their posts in any state
	// (/publications/preview/{postId}); nil answers 404 there.
	Previews *Previews
	// StatsExport serves owners' Stats as CSV (/publications/stats.csv);
	// nil answers 404 there.
	StatsExport *StatsExport
	// ArchiveExport serves owners' site archives (/publications/archive);
	// nil answers 404 there.
	ArchiveExport *ArchiveExport
	// ArchiveRestore restores administrators' archive uploads (POST
	// /publications/archive/restore); nil answers 404 there.
	ArchiveRestore *ArchiveRestore
	Ready          []ReadyCheck
	// Pages is the rendered-page cache (package pagecache).
	Pages *pagecache.Cache
	// Versions reads the owners' page versions in Redis
	// (pagecache.Versions), the exact check of cached pages.
	Versions *pagecache.Versions
	// SiteRanker gives the home page's "Popular this week"; without it
	// the section is left out.
	SiteRanker stgypub.CountReader
	// Metrics is the registry /metrics exposes and the HTTP metrics are
	// registered on; nil creates a fresh one with the Go and process
	// collectors.
	Metrics *prometheus.Registry
	// Federation answers the ActivityPub endpoints (docs/FEDERATION.md):
	// WebFinger, NodeInfo, the actor on /sites/{userId} by content
	// negotiation, its inbox, outbox and followers; nil answers 404 there
	// and serves /sites/{userId} as a page whatever the Accept.
	Federation *federation.Service
}

// Server serves every HTTP route; it is an http.Handler. It holds the
// router, its middleware and error pages; the routes' handlers are
// grouped by concern in small types built by New, each holding only what
// it reads (pages.go, home.go, feed.go, sitemap.go, sitecard.go,
// owner_download.go, federation.go, health.go).
type Server struct {
	cfg      Config
	deps     Deps
	log      *slog.Logger
	renderer *templates.Renderer // the error pages
	metrics  *httpMetrics
	handler  http.Handler

	pages    *pageHandlers
	home     *homeHandlers
	feeds    *feedHandlers
	sitemaps *sitemapHandlers
	cards    *cardHandlers
	owners   *ownerHandlers
	fed      federationHandlers
	health   *healthHandlers
}

// New checks cfg and deps, parses the templates and builds the routes. It
// fails when BaseURL is missing or not absolute, a required store is nil,
// Views is set without ViewSecret, or a template does not parse.
func New(cfg Config, deps Deps) (*Server, error) {
	if cfg.BaseURL == nil || !cfg.BaseURL.IsAbs() || cfg.BaseURL.Host == "" {
		return nil, errors.New("server: Config.BaseURL must be an absolute URL")
	}
	if deps.Posts == nil || deps.Users == nil || deps.Configs == nil {
		return nil, errors.New("server: Deps.Posts, Deps.Users and Deps.Configs are required")
	}
	if deps.Articles == nil {
		deps.Articles = article.NewUnstored(deps.Posts)
	}
	if deps.Views != nil && len(cfg.ViewSecret) == 0 {
		return nil, errors.New("server: Config.ViewSecret is required to record views")
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.DiscardHandler)
	}
	if cfg.DefaultLang == "" {
		cfg.DefaultLang = "en"
	}
	if cfg.ViewDays <= 0 {
		cfg.ViewDays = 15
	}
	if cfg.ArticleCacheSize <= 0 {
		cfg.ArticleCacheSize = 512
	}
	if cfg.CardCacheSize <= 0 {
		cfg.CardCacheSize = 4096
	}
	if cfg.ViewCountTTL <= 0 {
		cfg.ViewCountTTL = 5 * time.Minute
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.PageDeadline <= 0 {
		cfg.PageDeadline = DefaultPageDeadline
	}
	if cfg.ReadDeadline <= 0 {
		cfg.ReadDeadline = DefaultPageDeadline
	}
	if cfg.ReadyTimeout <= 0 {
		cfg.ReadyTimeout = 2 * time.Second
	}
	renderer, err := templates.New()
	if err != nil {
		return nil, fmt.Errorf("server: %w", err)
	}
	bodies, err := newRenderCache(cfg, deps, renderer)
	if err != nil {
		return nil, err
	}
	siteCards, err := lru.New[string, []byte](siteCardCacheSize)
	if err != nil {
		return nil, fmt.Errorf("server: site card cache: %w", err)
	}
	if deps.Metrics == nil {
		deps.Metrics = newRegistry()
	}
	m, err := newHTTPMetrics(deps.Metrics)
	if err != nil {
		return nil, fmt.Errorf("server: metrics: %w", err)
	}
	cache := newPageCache(cfg, deps)
	meta := pageMeta{base: strings.TrimRight(cfg.BaseURL.String(), "/"), defaultLang: cfg.DefaultLang}
	pages := &pageHandlers{
		pageCache: cache, pageMeta: meta, renderCache: bodies,
		pageData: deps.Posts, posts: deps.Posts, users: deps.Users, configs: deps.Configs,
		ranker: deps.Ranker, counts: deps.Counts, comments: deps.Comments, previews: deps.Previews,
		federation: deps.Federation, viewDays: cfg.ViewDays, viewCountTTL: cfg.ViewCountTTL,
		basePath: cfg.BaseURL.Path, log: cfg.Logger,
	}
	s := &Server{
		cfg:      cfg,
		deps:     deps,
		log:      cfg.Logger,
		renderer: renderer,
		metrics:  m,
		pages:    pages,
		home: &homeHandlers{pageCache: cache, pageMeta: meta, renderCache: bodies,
			posts: deps.Posts, users: deps.Users, configs: deps.Configs, siteRanker: deps.SiteRanker, log: cfg.Logger},
		feeds: &feedHandlers{pageCache: cache, pageMeta: meta, renderCache: bodies,
			pageData: deps.Posts, comments: deps.Comments, log: cfg.Logger},
		sitemaps: &sitemapHandlers{pageCache: cache, pageMeta: meta, posts: deps.Posts, configs: deps.Configs, log: cfg.Logger},
		cards:    &cardHandlers{siteCards: siteCards, loadSite: pages.loadSite},
		owners: &ownerHandlers{stats: deps.StatsExport, export: deps.ArchiveExport, restore: deps.ArchiveRestore,
			base: meta.base, log: cfg.Logger},
		fed:    federationHandlers{svc: deps.Federation},
		health: &healthHandlers{checks: deps.Ready, timeout: cfg.ReadyTimeout, log: cfg.Logger},
	}
	s.handler = s.routes()
	return s, nil
}

// ServeHTTP implements http.Handler.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) { s.handler.ServeHTTP(w, r) }
