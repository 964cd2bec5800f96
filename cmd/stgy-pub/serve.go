package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"os"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/redis/go-redis/v9"
	"golang.org/x/net/netutil"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/archive"
	"github.com/stgy/stgypub/auth"
	"github.com/stgy/stgypub/counter"
	"github.com/stgy/stgypub/graph"
	"github.com/stgy/stgypub/internal/obs"
	"github.com/stgy/stgypub/internal/redisguard"
	"github.com/stgy/stgypub/live"
	"github.com/stgy/stgypub/owner"
	"github.com/stgy/stgypub/pagecache"
	"github.com/stgy/stgypub/render"
	"github.com/stgy/stgypub/server"
	"github.com/stgy/stgypub/server/api"
	"github.com/stgy/stgypub/store"
	"github.com/stgy/stgypub/webhook"
)

// app is the wired process: the store, Redis, the counter, the page
// cache and the HTTP handler.
type app struct {
	store   *store.Store
	redis   redis.UniversalClient
	counter *counter.Counter
	pages   *pagecache.Cache
	// versions announces the store's site changes (store.Changes) and
	// carries them to pages (listen).
	versions *pagecache.Versions
	// hub carries the subscriptions' events between servers (listen).
	hub *live.Hub
	// hooks delivers the webhook queue (run by withServer); nil when
	// this process runs no worker.
	hooks   *webhook.Worker
	handler http.Handler
	admin   http.Handler // /metrics, pprof, health on STGY_ADMIN_LISTEN
	// adminAddr is where the admin listener listens ("" when off), set
	// by withServer before prepare runs.
	adminAddr string
}

func (a *app) close() {
	a.counter.Wait()
	a.redis.Close()
	a.store.Close()
}

// listen applies the other servers' (and the CLI's) site-change
// announcements to this process's page cache, and hands their live
// events to this process's subscribers, until ctx ends.
func (a *app) listen(ctx context.Context) {
	go a.versions.Listen(ctx, a.pages)
	go a.hub.Listen(ctx)
}

// openRedis builds the Redis client with the best-effort guard attached
// (internal/redisguard): short per-call deadlines, no retries, a circuit
// breaker. It does not wait for Redis: the server starts without it and
// connects when it appears (counting and Popular entries are degraded
// meanwhile, /readyz says so).
func openRedis(ctx context.Context, cfg *config, deps *obs.Dependencies) (redis.UniversalClient, *redisguard.Guard, error) {
	opt, err := redis.ParseURL(cfg.RedisURL)
	if err != nil {
		return nil, nil, fmt.Errorf("STGY_REDIS_URL: %w", err)
	}
	g := redisguard.New(redisguard.Config{
		Timeout:  cfg.RedisTimeout,
		OpenFor:  cfg.RedisBreakerOpen,
		Failures: uint32(cfg.RedisBreakerFailures),
		Observe:  deps.Observer("redis", func(err error) bool { return errors.Is(err, redisguard.ErrOpen) }),
	})
	rdb := redisguard.NewClient(opt, cfg.RedisCluster, g)
	if err := rdb.Ping(ctx).Err(); err != nil {
		slog.Warn("Redis does not answer yet: serving without page-view counting and Popular entries until it does", "err", err)
	}
	return rdb, g, nil
}

// wire builds every adapter from the config, once. cfg must hold a view
// secret (requireViewSecret); errors name the environment variables.
func wire(ctx context.Context, cfg *config) (*app, error) {
	if len(cfg.ViewSecret) == 0 {
		return nil, errors.New("STGY_PUB_VIEW_SECRET is not set (or run with STGY_DEV=true for development)")
	}
	st, err := openStore(ctx, cfg)
	if err != nil {
		return nil, err
	}
	reg := obs.NewRegistry()
	deps, err := obs.NewDependencies(reg)
	if err != nil {
		st.Close()
		return nil, err
	}
	st.DB = st.DB.WithQueryHook(obs.NewQueryHook(deps.Observer("postgres", nil)))
	caches, err := obs.NewCaches(reg)
	if err != nil {
		st.Close()
		return nil, err
	}
	rdb, guard, err := openRedis(ctx, cfg, deps)
	if err != nil {
		st.Close()
		return nil, err
	}
	if err := reg.Register(prometheus.NewCounterFunc(prometheus.CounterOpts{
		Name: "stgy_log_suppressed_total",
		Help: "WARN and ERROR log records dropped by the per-message rate limit.",
	}, func() float64 { return float64(logsSuppressed.Load()) })); err != nil {
		st.Close()
		return nil, err
	}
	if err := guard.Register(reg); err != nil {
		rdb.Close()
		st.Close()
		return nil, err
	}
	logger := slog.Default()
	versions := pagecache.NewVersions(rdb, cfg.RedisPrefix, logger)
	st.Changes = versions
	pages, err := pagecache.New(pagecache.Config{MaxBytes: cfg.PageCacheBytes})
	if err != nil {
		rdb.Close()
		st.Close()
		return nil, err
	}
	if err := caches.RegisterFunc(reg, "page", func() float64 { return float64(pages.Stats().Hits) },
		func() float64 { return float64(pages.Stats().Misses) }); err != nil {
		rdb.Close()
		st.Close()
		return nil, err
	}
	if err := registerMetrics(reg, st, pages); err != nil {
		rdb.Close()
		st.Close()
		return nil, err
	}
	hub := live.New(rdb, cfg.RedisPrefix, logger)
	counterCfg := counterConfig(cfg)
	counterCfg.RankingCache, counterCfg.StatsCache = caches.Cache("ranking"), caches.Cache("stats")
	counterCfg.Logger = logger
	counterCfg.Recorded = hub.ViewsRecorded // pubViewsToday
	ctr := counter.New(rdb, st, counterCfg)
	if err := ctr.Register(reg); err != nil {
		rdb.Close()
		st.Close()
		return nil, err
	}
	authSvc := auth.New(st, st, auth.Config{SecureCookie: cfg.BaseURL.Scheme == "https"})
	hookWorker, hookQueue, hookSvc := wireWebhooks(st, cfg, logger)
	ownerSvc := owner.New(st, st, st, time.Now).WithWebhooks(hookQueue, logger)
	comments, gate := wireComments(st, rdb, cfg, logger, hub, hookQueue)
	articles := render.New(st, render.Config{Logger: logger})
	resolver := &graph.Resolver{
		Posts:      st,
		Users:      st,
		Configs:    st,
		Sites:      st,
		Counter:    ctr,
		Insight:    ctr,
		Owner:      ownerSvc,
		Titles:     st,
		Articles:   articles,
		Auth:       authSvc,
		Comments:   comments,
		Captcha:    gate,
		Live:       hub,
		Today:      ctr,
		Webhooks:   hookSvc,
		ViewSecret: cfg.ViewSecret,
		BaseURL:    cfg.BaseURL.String(),
		Logger:     logger,
	}
	apiHandler := api.New(api.Config{
		BaseURL:                cfg.BaseURL.String(),
		TrustedProxies:         cfg.TrustedProxies,
		Introspection:          cfg.Introspection,
		RedisPrefix:            cfg.RedisPrefix,
		AddressSecret:          cfg.ViewSecret,
		CaptchaPerHour:         cfg.Comments.CaptchaPerHour,
		CommentsPerHour:        cfg.Comments.CommentsPerHour,
		AccountWritesPerMinute: cfg.Comments.AccountWritesPerMinute,
		AccountCommentsPerHour: cfg.Comments.AccountCommentsPerHour,
		AllowedOrigins:         cfg.API.AllowedOrigins,
		PersistedDocuments:     cfg.API.Documents,
		PersistedOnly:          cfg.API.PersistedOnly,
		CacheMaxAge:            cfg.API.MaxAge,
		CacheSharedMaxAge:      cfg.API.SharedMaxAge,
		ViewCountTTL:           cfg.CacheTTL,
		Live:                   cfg.Live,
	}, api.Deps{Resolver: resolver, Auth: authSvc, Redis: rdb, Logger: logger, Responses: pages, Versions: versions})
	pageCfg := pageServerConfig(cfg, logger)
	pageCfg.TrustedProxies = cfg.TrustedProxies
	srv, err := server.New(pageCfg, server.Deps{
		Posts:         st,
		Users:         st,
		Configs:       st,
		Sitemap:       st,
		Views:         ctr,
		Tallies:       ctr,
		Robots:        st,
		Ranker:        ctr,
		Counts:        ctr,
		Articles:      articles,
		Comments:      comments,
		CaptchaAudio:  gate,
		API:           apiHandler,
		Previews:      &server.Previews{Auth: authSvc, Posts: ownerSvc},
		StatsExport:   &server.StatsExport{Auth: authSvc, Stats: ctr, Titles: st},
		ArchiveExport: &server.ArchiveExport{Auth: authSvc, Source: st, Daily: ctr},
		ArchiveRestore: &server.ArchiveRestore{Auth: authSvc, Importer: archive.Importer{
			MaxBytes: cfg.ArchiveMax, Restore: st.RestoreSite,
			RaiseViews: func(ctx context.Context, owner stgypub.ID, views []stgypub.Checkpoint) (archive.CountersRaised, error) {
				return raiseCounters(ctx, ctr, owner, views)
			},
		}},
		Pages:    pages,
		Versions: versions,
		// The home page's "Popular this week" (cached 5 minutes).
		SiteRanker: ctr,
		Ready: []server.ReadyCheck{
			{Name: "postgres", Check: st.Ping},
			{Name: "redis", Optional: true, Check: func(ctx context.Context) error { return rdb.Ping(ctx).Err() }},
		},
		Metrics: reg,
	})
	if err != nil {
		rdb.Close()
		st.Close()
		return nil, err
	}
	return &app{store: st, redis: rdb, counter: ctr, pages: pages, versions: versions, hub: hub, hooks: hookWorker, handler: srv, admin: srv.AdminHandler()}, nil
}

func runServe(ctx context.Context, cfg *config, _ []string) error {
	if err := requireViewSecret(cfg, cfg.DevMode); err != nil {
		return err
	}
	return withServer(ctx, cfg, nil)
}

// withServer takes the listen address, wires the app, runs prepare (demo
// content, say) and serves until ctx ends.
func withServer(ctx context.Context, cfg *config, prepare func(*app) error) error {
	ln, err := listen(cfg)
	if err != nil {
		return err
	}
	defer ln.Close()
	adminLn, err := listenAdmin(cfg, prepare != nil)
	if err != nil {
		return err
	}
	if adminLn != nil {
		defer adminLn.Close()
	}
	a, err := wire(ctx, cfg)
	if err != nil {
		return err
	}
	defer a.close()
	a.listen(ctx)
	if adminLn != nil {
		a.adminAddr = adminLn.Addr().String()
	}
	if prepare != nil {
		if err := prepare(a); err != nil {
			return err
		}
	}
	// The periodic flush runs until the server has stopped, then flushes
	// once more before the stores close.
	flushCtx, stopFlush := context.WithCancel(context.Background())
	flushed := make(chan struct{})
	go func() { defer close(flushed); a.counter.Run(flushCtx) }()
	defer func() { stopFlush(); <-flushed }()
	if a.hooks != nil {
		hooksCtx, stopHooks := context.WithCancel(context.Background())
		delivered := make(chan struct{})
		go func() { defer close(delivered); a.hooks.Run(hooksCtx) }()
		defer func() { stopHooks(); <-delivered }()
	}
	if adminLn != nil {
		admin := &http.Server{Handler: a.admin, ReadHeaderTimeout: 10 * time.Second, IdleTimeout: time.Minute}
		go func() { _ = admin.Serve(adminLn) }()
		defer admin.Close()
		slog.Info("admin listener (/metrics, /debug/pprof/)", "addr", adminLn.Addr().String())
	}
	err = serveHTTP(ctx, cfg, ln, a.handler)
	a.drain(cfg.Views.DrainTimeout)
	return err
}

// drain records the queued page views once the HTTP server has stopped
// (SIGTERM), for at most d; views still queued then are dropped, counted
// and logged (counter.Close). It runs before the final flush to
// PostgreSQL, so that flush includes them.
func (a *app) drain(d time.Duration) {
	ctx, cancel := context.WithTimeout(context.Background(), d)
	defer cancel()
	if n := a.counter.Close(ctx); n > 0 {
		slog.Error("page views still queued at shutdown were dropped", "views", n, "drain_timeout", d)
	}
}

// listen takes the listen address before anything else happens, so a busy
// port fails fast, before the database is touched, with a way out.
func listen(cfg *config) (net.Listener, error) {
	ln, err := net.Listen("tcp", cfg.Listen)
	if err != nil {
		return nil, fmt.Errorf("%w\n  the address %s is taken; choose another, e.g.\n  STGY_LISTEN=:8081 make run   (STGY_BASE_URL follows the port unless set)", err, cfg.Listen)
	}
	return ln, nil
}

// serveHTTP serves on ln until ctx is cancelled, then shuts down
// gracefully: requests in flight finish (each bounded by its
// dependencies' deadlines), for at most ShutdownTimeout. At most
// MaxConns connections are open at once (golang.org/x/net/netutil);
// idle keep-alive connections close after IdleTimeout, and at once while
// three quarters of the slots are taken (connGuard), so idle clients
// cannot lock out new ones, health checks included.
func serveHTTP(ctx context.Context, cfg *config, ln net.Listener, h http.Handler) error {
	slog.Info("config", "config", cfg.logValue())
	guard := newConnGuard(cfg.MaxConns)
	hs := &http.Server{
		Addr:              cfg.Listen,
		Handler:           h,
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       30 * time.Second,
		WriteTimeout:      60 * time.Second,
		IdleTimeout:       cfg.IdleTimeout,
		MaxHeaderBytes:    64 << 10,
		ConnState:         guard.state,
	}
	errc := make(chan error, 1)
	go func() { errc <- hs.Serve(netutil.LimitListener(ln, cfg.MaxConns)) }()
	slog.Info("listening", "addr", cfg.Listen, "base_url", cfg.BaseURL.String())
	select {
	case err := <-errc:
		if errors.Is(err, http.ErrServerClosed) {
			return nil
		}
		return err
	case <-ctx.Done():
	}
	shutdown, cancel := context.WithTimeout(context.Background(), shutdownTimeout)
	defer cancel()
	fmt.Fprintln(os.Stderr, "shutting down")
	return hs.Shutdown(shutdown)
}

// counterConfig is the counter's configuration from cfg (without the
// caches' metrics, which wire adds).
func counterConfig(cfg *config) counter.Config {
	return counter.Config{
		Prefix:         cfg.RedisPrefix,
		RetentionDays:  cfg.RetentionDays,
		CacheTTL:       cfg.CacheTTL,
		Budget:         cfg.RedisPageBudget,
		RotationSecret: rotationSecret(cfg),
		FlushInterval:  cfg.FlushInterval,
		Logger:         slog.Default(),
		// Site-wide ranking: buckets and batch period of the second write.
		SiteBuckets:       cfg.Ranking.Buckets,
		SiteFlushInterval: cfg.Ranking.FlushInterval,
		// The view pipeline: page views are queued, batched, retried.
		QueueViews:   cfg.Views.QueueViews,
		QueueBytes:   cfg.Views.QueueBytes,
		BatchTimeout: cfg.Views.BatchTimeout,
		RecordWait:   cfg.Views.RecordWait,
	}
}

// rotationSecret is the counter's RotationSecret: the view secret when
// daily rotation is on, nil otherwise.
func rotationSecret(cfg *config) []byte {
	if cfg.RotateDaily {
		return cfg.ViewSecret
	}
	return nil
}

// pageServerConfig is the pages' server.Config both serve and the static
// copy (staticServer) build from cfg: base URL, view secret and window,
// count TTL, access log and the read deadlines. serve adds the trusted
// proxies.
func pageServerConfig(cfg *config, logger *slog.Logger) server.Config {
	return server.Config{
		BaseURL:      cfg.BaseURL,
		ViewSecret:   cfg.ViewSecret,
		Logger:       logger,
		ViewDays:     cfg.RetentionDays,
		ViewCountTTL: cfg.CacheTTL,
		AccessLog:    cfg.AccessLog,
		ReadDeadline: cfg.PGReadDeadline,
		PageDeadline: cfg.PGReadDeadline,
	}
}
