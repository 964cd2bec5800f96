package wiring

import (
	"context"
	"log/slog"
	"net/http"

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

// New builds every adapter on deps' store and Redis client from cfg,
// once: what cmd/stgy-pub serves and what internal/apptest gives tests.
// It sets deps.Store's Changes (the App's Versions) and, with a webhook
// worker, its WebhookQueued. Errors come from the metrics registry, the
// page cache's and the federation's configuration; nothing is opened, so
// nothing needs closing on an error.
func New(cfg Config, deps Deps) (*App, error) {
	st, rdb, reg := deps.Store, deps.Redis, deps.Registry
	caches, err := obs.NewCaches(reg)
	if err != nil {
		return nil, err
	}
	logger := deps.Logger
	if logger == nil {
		logger = slog.Default()
	}
	versions := pagecache.NewVersions(rdb, cfg.RedisPrefix, logger)
	st.Changes = versions
	pages, err := pagecache.New(cfg.Pages)
	if err != nil {
		return nil, err
	}
	hub := live.New(rdb, cfg.RedisPrefix, logger)
	counterCfg := cfg.Counter
	counterCfg.RankingCache, counterCfg.StatsCache = caches.Cache("ranking"), caches.Cache("stats")
	counterCfg.Logger = logger
	counterCfg.Recorded = hub.ViewsRecorded // pubViewsToday
	ctr := counter.New(rdb, st.Checkpoints, counterCfg)
	if err := ctr.Register(reg); err != nil {
		return nil, err
	}
	s := services{st: st, rdb: rdb, ctr: ctr, hub: hub, pages: pages, versions: versions, logger: logger}
	s.auth = auth.New(st.Users, st.Users, auth.Config{SecureCookie: cfg.BaseURL.Scheme == "https"})
	hookWorker, hookSvc := wireWebhooks(st, cfg, logger)
	s.comments, s.captcha = wireComments(st, rdb, cfg, logger, hub)
	fed, federate, err := wireFederation(st, cfg, logger, s.comments)
	if err != nil {
		return nil, err
	}
	s.owner = owner.New(st.Posts, st.Users, st.Users, cfg.Now)
	s.articles = article.New(st.Posts, article.Config{Logger: logger})
	resolver := s.resolver(cfg, hookSvc)
	resolver.Federation = fed
	apiDeps := api.Deps{Resolver: resolver, Auth: s.auth, Redis: rdb, Logger: logger, Responses: pages, Versions: versions}
	built := *resolver // api.New puts its read cache in front of resolver's stores; APIDeps keeps them bare
	apiHandler := api.New(cfg.API, apiDeps)
	apiDeps.Resolver = &built
	pageCfg := cfg.Server
	pageCfg.Logger = logger
	pageDeps := s.pageDeps(cfg, apiHandler, reg)
	pageDeps.Federation = fed
	srv, err := server.New(pageCfg, pageDeps)
	if err != nil {
		return nil, err
	}
	return &App{Store: st, Redis: rdb, Counter: ctr, Pages: pages, Versions: versions, Hub: hub, Hooks: hookWorker, Federate: federate, Server: srv,
		Caches: caches, Auth: s.auth, Owner: s.owner, Comments: s.comments, Captcha: s.captcha, Webhooks: hookSvc, Federation: fed, Resolver: resolver, APIDeps: apiDeps, API: apiHandler, ServerDeps: pageDeps}, nil
}

// services are the adapters New has built that the GraphQL resolver and
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
func (s *services) resolver(cfg Config, hooks *webhook.Service) *graph.Resolver {
	return &graph.Resolver{
		Posts:      s.st.Posts,
		Users:      s.st.Users,
		Configs:    s.st.Users,
		Counter:    s.ctr,
		Insight:    s.ctr,
		Owner:      s.owner,
		Titles:     s.st.Posts,
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
func (s *services) pageDeps(cfg Config, apiHandler http.Handler, reg *prometheus.Registry) server.Deps {
	return server.Deps{
		Posts:         s.st.Posts,
		Users:         s.st.Users,
		Configs:       s.st.Users,
		Views:         s.ctr,
		Tallies:       s.ctr,
		Ranker:        s.ctr,
		Counts:        s.ctr,
		Articles:      s.articles,
		Comments:      s.comments,
		CaptchaAudio:  s.captcha,
		API:           apiHandler,
		Previews:      &server.Previews{Auth: s.auth, Posts: s.owner},
		StatsExport:   &server.StatsExport{Auth: s.auth, Stats: s.ctr, Titles: s.st.Posts},
		ArchiveExport: &server.ArchiveExport{Auth: s.auth, Site: ArchiveStores(s.st, s.ctr)},
		ArchiveRestore: &server.ArchiveRestore{Auth: s.auth, Importer: archive.Importer{
			MaxBytes: cfg.ArchiveMax, Restore: s.st.Archive.RestoreSite,
			RaiseViews: func(ctx context.Context, owner stgypub.ID, views []stgypub.Checkpoint) (archive.CountersRaised, error) {
				return RaiseCounters(ctx, s.ctr, owner, views)
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
