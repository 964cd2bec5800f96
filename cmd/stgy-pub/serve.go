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

	"github.com/redis/go-redis/v9"
	"golang.org/x/net/netutil"

	"github.com/stgy/stgypub/comment"
	"github.com/stgy/stgypub/counter"
	"github.com/stgy/stgypub/internal/obs"
	"github.com/stgy/stgypub/internal/redisguard"
	"github.com/stgy/stgypub/live"
	"github.com/stgy/stgypub/pagecache"
	"github.com/stgy/stgypub/server"
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
	// comments is the comment service (the static copy's pages list
	// the comments).
	comments *comment.Service
	// hooks delivers the webhook queue (run by withServer); nil when
	// this process runs no worker.
	hooks   *webhook.Worker
	handler http.Handler
	admin   http.Handler // /metrics, pprof, health on STGY_ADMIN_LISTEN
	// adminAddr is where the admin listener listens ("" when off), set
	// by withServer before prepare runs.
	adminAddr string
	// federate delivers the federation queue (run by withServer); nil
	// when federation is off or this process runs no worker.
	federate func(context.Context)
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
	// The Stats snapshots of the closed days, written ahead of the first
	// request (counter.RunStatsWarmer), until the server stops.
	warmCtx, stopWarm := context.WithCancel(context.Background())
	warmed := make(chan struct{})
	go func() { defer close(warmed); a.counter.RunStatsWarmer(warmCtx) }()
	defer func() { stopWarm(); <-warmed }()
	if a.hooks != nil {
		hooksCtx, stopHooks := context.WithCancel(context.Background())
		delivered := make(chan struct{})
		go func() { defer close(delivered); a.hooks.Run(hooksCtx) }()
		defer func() { stopHooks(); <-delivered }()
	}
	if a.federate != nil {
		fedCtx, stopFed := context.WithCancel(context.Background())
		federated := make(chan struct{})
		go func() { defer close(federated); a.federate(fedCtx) }()
		defer func() { stopFed(); <-federated }()
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
		MemoTTL:        counter.DefaultMemoTTL, // not configurable
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
