package main

import (
	"context"
	"errors"
	"log/slog"

	"github.com/redis/go-redis/v9"

	"github.com/stgy/stgypub/comment"
	"github.com/stgy/stgypub/internal/obs"
	"github.com/stgy/stgypub/internal/wiring"
	"github.com/stgy/stgypub/pagecache"
	"github.com/stgy/stgypub/server/api"
)

// wire opens PostgreSQL and Redis as cfg says and builds every adapter on
// them, once (internal/wiring.New, the wiring the tests' fixture uses too).
// cfg must hold a view secret (requireViewSecret); errors name the
// environment variables. On an error whatever was opened is closed.
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
	rdb, guard, err := openRedis(ctx, cfg, deps)
	if err != nil {
		return nil, err
	}
	if err := guard.Register(reg); err != nil {
		return nil, err
	}
	a, err := wiring.New(appConfig(cfg), wiring.Deps{Store: st, Redis: rdb, Registry: reg, Logger: slog.Default()})
	if err != nil {
		return nil, err
	}
	if err := registerMetrics(reg, a.Caches, st, a.Pages); err != nil {
		return nil, err
	}
	return &app{store: st, redis: rdb, counter: a.Counter, pages: a.Pages, versions: a.Versions, hub: a.Hub, comments: a.Comments,
		hooks: a.Hooks, federate: a.Federate, handler: a.Server, admin: a.Server.AdminHandler()}, nil
}

// appConfig is the adapters' configuration (internal/wiring.Config) from cfg.
func appConfig(cfg *config) wiring.Config {
	srv := pageServerConfig(cfg, slog.Default())
	srv.TrustedProxies = cfg.TrustedProxies
	return wiring.Config{
		BaseURL:     cfg.BaseURL,
		ViewSecret:  cfg.ViewSecret,
		RedisPrefix: cfg.RedisPrefix,
		ArchiveMax:  cfg.ArchiveMax,
		Pages:       pagecache.Config{MaxBytes: cfg.PageCacheBytes},
		Counter:     counterConfig(cfg),
		API:         graphQLConfig(cfg),
		Server:      srv,
		Comments:    comment.Config{MaxComments: cfg.Comments.MaxComments},
		Hooks:       wiring.Webhooks(cfg.Hooks),
		Fed:         wiring.Federation(cfg.Fed),
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
