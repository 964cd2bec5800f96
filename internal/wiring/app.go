// Package wiring builds the process's adapters from its configuration: the
// one wiring that cmd/stgy-pub serves (after reading the environment and
// opening PostgreSQL and Redis) and that internal/apptest gives tests
// (on a throwaway database and Redis prefix). It reads no environment
// and opens no connection (docs/ARCHITECTURE.md "Packages").
package wiring

import (
	"context"
	"log/slog"
	"net/http"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/redis/go-redis/v9"

	"github.com/stgy/stgypub/auth"
	"github.com/stgy/stgypub/captcha"
	"github.com/stgy/stgypub/comment"
	"github.com/stgy/stgypub/counter"
	"github.com/stgy/stgypub/federation"
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

// Deps are the connections New builds on, opened by its caller.
type Deps struct {
	Store *store.Store
	Redis redis.UniversalClient
	// Registry receives the counter's and the caches' metrics and is
	// served on the admin listener (cmd/stgy-pub's obs.NewRegistry;
	// one per App: a metric registers once).
	Registry *prometheus.Registry
	// Logger is every adapter's logger; nil is slog.Default().
	Logger *slog.Logger
}

// App is the wired process: the connections it was given and every
// adapter New built on them.
type App struct {
	Store *store.Store
	Redis redis.UniversalClient
	// Counter counts views, crawls and shares, and serves rankings.
	Counter *counter.Counter
	// Pages is the page cache (also the API's response cache).
	Pages *pagecache.Cache
	// Versions announces the store's site changes (Store.Changes) and
	// carries them to Pages (Versions.Listen).
	Versions *pagecache.Versions
	// Hub carries the subscriptions' events between servers (Hub.Listen).
	Hub *live.Hub
	// Caches are the ranking and stats caches' hit counters (metrics).
	Caches   *obs.Caches
	Auth     *auth.Service
	Owner    *owner.Service
	Comments *comment.Service
	Captcha  *captcha.Service
	// Webhooks is the owners' webhook service; Hooks delivers the webhook
	// queue, nil when this process runs no worker (Webhooks.Concurrency 0).
	Webhooks *webhook.Service
	Hooks    *webhook.Worker
	// Federation is nil when Config.Fed.Key is nil (federation off);
	// Federate delivers its queue until its context ends, nil when
	// federation is off or this process runs no worker.
	Federation *federation.Service
	Federate   func(context.Context)
	// Resolver is the GraphQL resolver the API serves; APIDeps are the
	// dependencies the API was built from, with a copy of the resolver
	// as it was before api.New put its read cache in front of the
	// store (a test may change them and call api.New again).
	Resolver *graph.Resolver
	APIDeps  api.Deps
	// API serves /graphql; Server is the page server, which mounts it.
	API        http.Handler
	ServerDeps server.Deps
	Server     *server.Server
}
