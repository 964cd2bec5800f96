package main

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/redis/go-redis/v9"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/archive"
	"github.com/stgy/stgypub/article"
	"github.com/stgy/stgypub/auth"
	"github.com/stgy/stgypub/captcha"
	"github.com/stgy/stgypub/comment"
	"github.com/stgy/stgypub/counter"
	"github.com/stgy/stgypub/graph"
	"github.com/stgy/stgypub/internal/obs"
	"github.com/stgy/stgypub/live"
	"github.com/stgy/stgypub/owner"
	"github.com/stgy/stgypub/pagecache"
	"github.com/stgy/stgypub/server"
	"github.com/stgy/stgypub/server/api"
	"github.com/stgy/stgypub/store"
	"github.com/stgy/stgypub/webhook"
)

// wire builds every adapter from the config, once. cfg must hold a view
// secret (requireViewSecret); errors name the environment variables. On
// an error whatever was opened is closed.
func wire(ctx context.Context, cfg *config) (_ *app, err error) {
	if len(cfg.ViewSecret) == 0 {
		return nil, errors.New("STGY_PUB_VIEW_SECRET is not set (or run with STGY_DEV=true for development)")
	}
	st, err := openStore(ctx, cfg)
	if err != nil {
		return nil, err
	}
	var rdb redis.UniversalClient
	defer func() {
		if err != nil {
			if rdb != nil {
				rdb.Close()
			}
			st.Close()
		}
	}()
	reg := obs.NewRegistry()
	deps, err := obs.NewDependencies(reg)
	if err != nil {
		return nil, err
	}
	st.DB = st.DB.WithQueryHook(obs.NewQueryHook(deps.Observer("postgres", nil)))
	caches, err := obs.NewCaches(reg)
	if err != nil {
		return nil, err
	}
	rdb, guard, err := openRedis(ctx, cfg, deps)
	if err != nil {
		return nil, err
	}
	if err := guard.Register(reg); err != nil {
		return nil, err
	}
	logger := slog.Default()
	versions := pagecache.NewVersions(rdb, cfg.RedisPrefix, logger)
	st.Changes = versions
	pages, err := pagecache.New(pagecache.Config{MaxBytes: cfg.PageCacheBytes})
	if err != nil {
		return nil, err
	}
	if err := registerMetrics(reg, caches, st, pages); err != nil {
		return nil, err
	}
	hub := live.New(rdb, cfg.RedisPrefix, logger)
	counterCfg := counterConfig(cfg)
	counterCfg.RankingCache, counterCfg.StatsCache = caches.Cache("ranking"), caches.Cache("stats")
	counterCfg.Logger = logger
	counterCfg.Recorded = hub.ViewsRecorded // pubViewsToday
	ctr := counter.New(rdb, st, counterCfg)
	if err := ctr.Register(reg); err != nil {
		return nil, err
	}
	s := services{st: st, rdb: rdb, ctr: ctr, hub: hub, pages: pages, versions: versions, logger: logger}
	s.auth = auth.New(st, st, auth.Config{SecureCookie: cfg.BaseURL.Scheme == "https"})
	hookWorker, hookSvc := wireWebhooks(st, cfg, logger)
	s.comments, s.captcha = wireComments(st, rdb, cfg, logger, hub)
	fed, federate, err := wireFederation(st, cfg, logger, s.comments)
	if err != nil {
		return nil, err
	}
	s.owner = owner.New(st, st, st, time.Now)
	s.articles = article.New(st, article.Config{Logger: logger})
	resolver := s.resolver(cfg, hookSvc)
	resolver.Federation = fed
	apiHandler := api.New(graphQLConfig(cfg), api.Deps{Resolver: resolver, Auth: s.auth, Redis: rdb, Logger: logger, Responses: pages, Versions: versions})
	pageCfg := pageServerConfig(cfg, logger)
	pageCfg.TrustedProxies = cfg.TrustedProxies
	pageDeps := s.pageDeps(cfg, apiHandler, reg)
	pageDeps.Federation = fed
	srv, err := server.New(pageCfg, pageDeps)
	if err != nil {
		return nil, err
	}
	return &app{store: st, redis: rdb, counter: ctr, pages: pages, versions: versions, hub: hub, hooks: hookWorker, federate: federate, handler: srv, admin: srv.AdminHandler()}, nil
}

// services are the adapters wire has built that the GraphQL resolver and
// the page server share.
type services struct {
	st       *store.Store
	rdb      redis.UniversalClient
	ctr      *counter.Counter
	hub      *live.Hub
	pages    *pagecache.Cache
	versions *pagecache.Versions
	logger   *slog.Logger
	auth     *auth.Service
	owner    *owner.Service
	comments *comment.Service
	captcha  *captcha.Service
	articles *article.Articles
}

// resolver is the GraphQL resolver over the services.
func (s *services) resolver(cfg *config, hooks *webhook.Service) *graph.Resolver {
	return &graph.Resolver{
		Posts:      s.st,
		Users:      s.st,
		Configs:    s.st,
		Counter:    s.ctr,
		Insight:    s.ctr,
		Owner:      s.owner,
		Titles:     s.st,
		Articles:   s.articles,
		Auth:       s.auth,
		Comments:   s.comments,
		Captcha:    s.captcha,
		Live:       s.hub,
		Webhooks:   hooks,
		ViewSecret: cfg.ViewSecret,
		BaseURL:    cfg.BaseURL.String(),
		Logger:     s.logger,
	}
}

// pageDeps are the page server's dependencies: the services, the
// GraphQL handler mounted at /graphql, the readiness checks and the
// metrics registry served on the admin listener.
func (s *services) pageDeps(cfg *config, apiHandler http.Handler, reg *prometheus.Registry) server.Deps {
	return server.Deps{
		Posts:         s.st,
		Users:         s.st,
		Configs:       s.st,
		Views:         s.ctr,
		Tallies:       s.ctr,
		Ranker:        s.ctr,
		Counts:        s.ctr,
		Articles:      s.articles,
		Comments:      s.comments,
		CaptchaAudio:  s.captcha,
		API:           apiHandler,
		Previews:      &server.Previews{Auth: s.auth, Posts: s.owner},
		StatsExport:   &server.StatsExport{Auth: s.auth, Stats: s.ctr, Titles: s.st},
		ArchiveExport: &server.ArchiveExport{Auth: s.auth, Site: archiveStores(s.st, s.ctr)},
		ArchiveRestore: &server.ArchiveRestore{Auth: s.auth, Importer: archive.Importer{
			MaxBytes: cfg.ArchiveMax, Restore: s.st.RestoreSite,
			RaiseViews: func(ctx context.Context, owner stgypub.ID, views []stgypub.Checkpoint) (archive.CountersRaised, error) {
				return raiseCounters(ctx, s.ctr, owner, views)
			},
		}},
		Pages:    s.pages,
		Versions: s.versions,
		// The home page's "Popular this week" (cached 5 minutes).
		SiteRanker: s.ctr,
		Ready: []server.ReadyCheck{
			{Name: "postgres", Check: s.st.Ping},
			{Name: "redis", Optional: true, Check: func(ctx context.Context) error { return s.rdb.Ping(ctx).Err() }},
		},
		Metrics: reg,
	}
}

// graphQLConfig is the GraphQL endpoint's api.Config from cfg.
func graphQLConfig(cfg *config) api.Config {
	return api.Config{
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
	}
}
