package main

import (
	"fmt"
	"net/url"
	"os"
	"strings"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/stgy/stgypub/archive"
	"github.com/stgy/stgypub/counter"
	"github.com/stgy/stgypub/internal/redisguard"
	"github.com/stgy/stgypub/pagecache"
	"github.com/stgy/stgypub/server"
	"github.com/stgy/stgypub/server/api"
	"github.com/stgy/stgypub/ui"
	"github.com/stgy/stgypub/visitor"
	"github.com/stgy/stgypub/webhook"
)

// options is the one table of every STGY_* variable, each row reading
// into c, in the README's order (README "Configuration"; `go test
// ./cmd/stgy-pub -run TestOptionsMatchREADME -update` rewrites the
// README's table from it). A row may read fields of the rows above it
// (STGY_BASE_URL follows STGY_LISTEN's port). Adding an option is one row
// here and its field in config.
func (c *config) options() []option {
	return []option{
		{"STGY_DATABASE_URL", text(&c.DatabaseURL, "postgres://postgres@127.0.0.1:5432/stgy_pub?sslmode=disable").then(func(name string) error {
			if u, err := url.Parse(c.DatabaseURL); err != nil || (u.Scheme != "postgres" && u.Scheme != "postgresql") {
				return fmt.Errorf("%s: want a postgres:// URL", name)
			}
			return nil
		}), "PostgreSQL"},
		{"STGY_REDIS_URL", text(&c.RedisURL, "redis://127.0.0.1:6379/0"), "Redis (single node)"},
		{"STGY_REDIS_CLUSTER", list(func(name, a string) error {
			if err := checkHostPort(a); err != nil {
				return fmt.Errorf("%s address %q: %w", name, a, err)
			}
			c.RedisCluster = append(c.RedisCluster, a)
			return nil
		}).then(func(string) error {
			if len(c.RedisCluster) == 0 {
				if _, err := redis.ParseURL(c.RedisURL); err != nil {
					return fmt.Errorf("STGY_REDIS_URL: %w", err) // the cluster replaces it
				}
			}
			return nil
		}), "comma list of Redis Cluster addresses (instead of the URL)"},
		{"STGY_REDIS_PREFIX", text(&c.RedisPrefix, "").then(func(name string) error {
			if err := counter.CheckPrefix(c.RedisPrefix); err != nil {
				return fmt.Errorf("%s %w", name, err)
			}
			return nil
		}), "prefix of every Redis key: at most 64 bytes, no `{` or `}` (keys carry Redis Cluster hash tags), no white space"},
		{"STGY_LISTEN", text(&c.Listen, ":8080").then(func(name string) error {
			if err := checkListen(c.Listen); err != nil {
				return fmt.Errorf("%s %q: %w", name, c.Listen, err)
			}
			return nil
		}), "listen address"},
		{"STGY_BASE_URL", value{def: "`http://localhost` + the port of `STGY_LISTEN`", set: func(name, s string) error {
			s = orDefault(s, "http://localhost"+listenPort(c.Listen))
			u, err := url.Parse(strings.TrimRight(s, "/"))
			if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || strings.HasSuffix(u.Host, ":") {
				return fmt.Errorf("%s %q: want an absolute http(s) URL", name, s)
			}
			c.BaseURL = u
			return checkBaseURL(u)
		}}, "origin of canonical, Open Graph, feed and sitemap URLs, and the `Origin` cookie requests must send: scheme, host and optional port only. The server serves its pages at the root, so a path (`https://example.com/blog`), query, fragment or user is refused at start-up (exit status 2); serving under a path prefix is not supported"},
		{"STGY_PUB_VIEW_SECRET", value{def: "required by `serve` (≥ 16 bytes); `make run` generates `.data/view-secret`", set: func(_, s string) error {
			if s != "" {
				c.ViewSecret, c.secretSource = []byte(s), "environment"
			}
			return nil
		}}, "HMAC key of IP fingerprints, `recordPubView` signatures, view tokens and rate-limit keys; the same on every app server and external frontend (see \"The view secret\")"},
		{"STGY_PUB_VIEW_KEY_ROTATION", oneOf(&c.rotation, "none", "daily").then(func(string) error {
			c.RotateDaily = c.rotation == "daily"
			return nil
		}), "`daily`: fingerprints are re-keyed per UTC day with a salt that expires after the day (see \"The view secret\")"},
		{"STGY_ADMIN_LISTEN", text(&c.AdminListen, defaultAdminListen).then(func(name string) error {
			if err := checkListen(c.AdminListen); c.AdminListen != "off" && err != nil {
				return fmt.Errorf("%s %q: %w (or off)", name, c.AdminListen, err)
			}
			return nil
		}), "admin listener: `/metrics`, `/debug/pprof/`, `/healthz`, `/readyz`; `off` disables it. `serve` refuses a busy address; `make run` takes a free loopback port instead and logs it"},
		{"STGY_ACCESS_LOG", oneOf(&c.AccessLog, "all", "errors", "off"), "request log lines: `all`, `errors` (5xx and requests over 1 s) or `off`; metrics count every request"},
		{"STGY_MAX_CONNS", integer(&c.MaxConns, 4096, 16, 1<<20), "open client connections at most (16–1048576; more wait in the kernel's backlog); idle keep-alive connections are closed at once while 3/4 of them are taken"},
		{"STGY_IDLE_TIMEOUT", duration(&c.IdleTimeout, 30*time.Second, time.Second, 10*time.Minute), "idle keep-alive connections are closed after this (1s–10m)"},
		{"STGY_PUB_VIEW_FLUSH_INTERVAL", duration(&c.FlushInterval, counter.DefaultFlushInterval, 0, time.Hour), "how often each app server writes the day counts it raised to PostgreSQL (0–1h; 0 turns the flush off); a Redis that restarts empty loses at most this much of views (see \"Redis persistence\")"},
		{"STGY_DEV", boolean(&c.DevMode, false), "`true` lets `serve` start without `STGY_PUB_VIEW_SECRET`, using `.data/view-secret` as `make run` does; never in production"},
		{"STGY_PUB_VIEW_RETENTION_DAYS", integer(&c.RetentionDays, counter.DefaultRetentionDays, 1, 366), "page-view window in days (1–366; 7 gives a weekly ranking)"},
		{"STGY_TRUSTED_PROXIES", value{set: func(name, s string) (err error) {
			if s != "" {
				if c.TrustedProxies, err = visitor.ParseTrustedProxies(s); err != nil {
					return fmt.Errorf("%s: %w", name, err)
				}
			}
			return nil
		}}, "IPs/CIDRs whose `X-Forwarded-For`, `X-Real-IP`, `CF-Connecting-IP` are believed"},
		{"STGY_GRAPHQL_INTROSPECTION", boolean(&c.Introspection, true), "`false` turns GraphQL introspection off (`true`/`false`/`1`/`0`; anything else is refused)"},
		{"STGY_ALLOWED_ORIGINS", list(func(name, o string) error {
			u, err := url.Parse(o)
			if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || (u.Path != "" && u.Path != "/") || u.RawQuery != "" || u.User != nil {
				return fmt.Errorf("%s %q: want comma-separated origins such as https://app.example.com (scheme, host and port only)", name, o)
			}
			c.API.AllowedOrigins = append(c.API.AllowedOrigins, u.Scheme+"://"+u.Host)
			return nil
		}), "comma list of further origins (`https://app.example.com`) whose pages may call `/graphql` with cookies (credentialed CORS); any other origin reads anonymously (docs/API.md \"Browser access (CORS)\")"},
		{"STGY_GRAPHQL_PERSISTED_ONLY", boolean(&c.API.PersistedOnly, false), "`true`: `/graphql` runs only persisted documents of its allow-list (the UI's own operations and `STGY_GRAPHQL_PERSISTED_DOCUMENTS`); anything else is `PERSISTED_QUERY_NOT_IN_LIST`"},
		{"STGY_GRAPHQL_PERSISTED_DOCUMENTS", c.persistedDocuments(), "comma list of manifest files added to the allow-list: graphql-codegen's `persisted-documents.json` or Apollo's persisted query manifest"},
		{"STGY_GRAPHQL_MAX_AGE", duration(&c.API.MaxAge, 30*time.Second, 0, time.Hour).then(func(string) error {
			if c.API.MaxAge == 0 {
				c.API.MaxAge = -1 // 0 turns caching off (api.Config: negative)
			}
			return nil
		}), "`max-age` of cacheable API responses (anonymous GET queries; 0–1h; `0` turns API caching off)"},
		{"STGY_GRAPHQL_S_MAXAGE", duration(&c.API.SharedMaxAge, 60*time.Second, time.Second, time.Hour), "`s-maxage` of the same, for shared caches and CDNs (1s–1h)"},
		{"STGY_REDIS_TIMEOUT", duration(&c.RedisTimeout, redisguard.DefaultTimeout, time.Millisecond, redisguard.MaxIO), "deadline of one Redis command or pipeline (1ms–10s); background work (checkpoints, Stats, the ranking computation) gets `5s`, view batches `STGY_PUB_VIEW_BATCH_TIMEOUT`"},
		{"STGY_PUB_SITE_BUCKETS", integer(&c.Ranking.Buckets, counter.DefaultSiteBuckets, 1, counter.MaxSiteBuckets), "buckets of the site-wide daily counters (1–1024), each under its own Redis Cluster hash tag so no one shard takes every view; raise it only (docs/RANKING.md)"},
		{"STGY_PUB_SITE_FLUSH_INTERVAL", duration(&c.Ranking.FlushInterval, counter.DefaultSiteFlushInterval, 10*time.Millisecond, time.Minute), "how long each app server gathers site-wide counts before writing them in one batch (10ms–1m)"},
		{"STGY_PG_READ_DEADLINE", duration(&c.PGReadDeadline, server.DefaultPageDeadline, 100*time.Millisecond, time.Minute), "one deadline for every PostgreSQL read of a request — pages, feeds, the sitemap and GraphQL alike (100ms–1m) — and for the owners' reads of Redis figures (Stats; each of its Redis calls gets a quarter of the time left): a read still waiting answers 503 + `Retry-After` / `UNAVAILABLE`, so a frozen PostgreSQL costs each request at most this long. Writes are not cut by it"},
		{"STGY_REDIS_PAGE_BUDGET", duration(&c.RedisPageBudget, counter.DefaultBudget, time.Millisecond, 10*time.Second), "the longest a page waits for the counter in one read (1ms–10s; Popular entries, view count); past it the page renders without that part. Recording a view never waits (see the next rows)"},
		{"STGY_PUB_VIEW_QUEUE_VIEWS", integer(&c.Views.QueueViews, counter.DefaultQueueViews, 1000, 10_000_000), "page views each app server queues for recording at most (1000–10000000); beyond it views are dropped and counted (`stgy_pub_views_dropped_total`)"},
		{"STGY_PUB_VIEW_QUEUE_BYTES", size(&c.Views.QueueBytes, counter.DefaultQueueBytes, 1<<20, 4<<30), "memory bound of that queue (a queued view takes 80 bytes, 200 with an API caller waiting; 1MiB–4GiB)"},
		{"STGY_PUB_VIEW_BATCH_TIMEOUT", duration(&c.Views.BatchTimeout, counter.DefaultBatchTimeout, 100*time.Millisecond, time.Minute), "deadline of one batch round trip (100ms–1m); a batch past it is retried with backoff"},
		{"STGY_PUB_VIEW_RECORD_WAIT", duration(&c.Views.RecordWait, counter.DefaultRecordWait, 10*time.Millisecond, 10*time.Second), "how long `recordPubView`/`recordPubViewToken` wait for their batch before answering `pending: true` (10ms–10s)"},
		{"STGY_PUB_VIEW_DRAIN_TIMEOUT", duration(&c.Views.DrainTimeout, defaultDrainTimeout, 0, time.Minute), "at SIGTERM, how long `serve` keeps recording queued views after the last request (0–1m); views left then are dropped and counted"},
		{"STGY_REDIS_BREAKER_FAILURES", integer(&c.RedisBreakerFailures, redisguard.DefaultFailures, 1, 1000), "consecutive Redis failures (timeouts, refused connections) that open the circuit breaker (1–1000)"},
		{"STGY_REDIS_BREAKER_OPEN", duration(&c.RedisBreakerOpen, redisguard.DefaultOpenFor, 10*time.Millisecond, time.Minute), "how long the open breaker fails Redis calls at once before letting one probe through (10ms–1m)"},
		{"STGY_PUB_COMMENT_MAX_COMMENTS", integer(&c.Comments.MaxComments, 100, 1, 100000), "comments stored per post, pending ones included (1–100000); import is not capped"},
		{"STGY_PUB_CAPTCHA_PER_HOUR", integer(&c.Comments.CaptchaPerHour, 60, 1, 100000), "`createCaptchaChallenge` + `verifyCaptcha` per client IP and hour (1–100000)"},
		{"STGY_PUB_COMMENTS_PER_HOUR", integer(&c.Comments.CommentsPerHour, 20, 1, 100000), "`postPubComment` per client IP and hour (1–100000); attempts that store nothing (wrong CAPTCHA answer, too long a text, closed section) do not count"},
		{"STGY_PUB_ACCOUNT_WRITES_PER_MINUTE", integer(&c.Comments.AccountWritesPerMinute, 300, 1, 100000), "mutations per signed-in account (owners, admins) and minute, instead of the per-address write limit (1–100000)"},
		{"STGY_PUB_ACCOUNT_COMMENTS_PER_HOUR", integer(&c.Comments.AccountCommentsPerHour, 300, 1, 100000), "`postPubComment` per signed-in account and hour, instead of the per-address limit: readers on the owner's address never lock the owner out (1–100000)"},
		{"STGY_PUB_LIVE_PER_ADDRESS", integer(&c.Live.PerAddress, 16, 1, 10000), "open live connections (SSE subscriptions and WebSockets) per client address and app server (1–10000); beyond it `429` (docs/API.md \"Subscriptions\")"},
		{"STGY_PUB_LIVE_PER_CONNECTION", integer(&c.Live.PerConnection, 8, 1, 100), "subscriptions running at once on one WebSocket (1–100)"},
		{"STGY_PUB_LIVE_TOTAL", integer(&c.Live.Total, 10000, 1, 1000000), "open live connections per app server (1–1000000)"},
		{"STGY_PUB_LIVE_KEEPALIVE", duration(&c.Live.KeepAlive, 15*time.Second, time.Second, 5*time.Minute), "heartbeat of live connections: an SSE `: ping` line or a WebSocket ping (1s–5m)"},
		{"STGY_WEBHOOK_MAX_PER_OWNER", integer(&c.Hooks.MaxPerOwner, webhook.DefaultMaxPerOwner, 1, 1000), "webhooks per owner (1–1000); beyond it `createWebhook` is `WEBHOOK_LIMIT_REACHED` ([docs/WEBHOOKS.md](docs/WEBHOOKS.md))"},
		{"STGY_WEBHOOK_ALLOW_LOOPBACK", boolean(&c.Hooks.AllowLoopback, false), "`true` lets webhooks call `http://` URLs and loopback addresses (development and tests only; logged as a warning); every other refused range stays refused"},
		{"STGY_WEBHOOK_TIMEOUT", duration(&c.Hooks.Timeout, 10*time.Second, time.Second, time.Minute), "one delivery attempt, connection to the end of the answer (1s–1m)"},
		{"STGY_WEBHOOK_RETRY_FOR", duration(&c.Hooks.RetryFor, 24*time.Hour, time.Minute, 168*time.Hour), "how long after its event a failing delivery is retried with backoff before it is given up (1m–168h); also how far back the scheduled-post poller looks"},
		{"STGY_WEBHOOK_POLL", duration(&c.Hooks.Poll, 5*time.Second, 100*time.Millisecond, 5*time.Minute), "how often a worker looks at the delivery queue and the scheduled posts falling due (100ms–5m)"},
		{"STGY_WEBHOOK_CONCURRENCY", integer(&c.Hooks.Concurrency, 4, 0, 64), "deliveries a process sends at once (0–64); `0` runs no webhook worker in that process (another one delivers)"},
		{"STGY_FEDERATION_KEY", value{def: "unset", set: func(name, s string) (err error) {
			c.Fed.Key, err = parseFederationKey(name, s)
			return err
		}}, "64 hexadecimal digits (`openssl rand -hex 32`): the AES-256-GCM key sealing each site's ActivityPub private key; unset turns federation off on the server (every federation endpoint 404). Never logged; changing it makes the stored keys unusable ([docs/FEDERATION.md](docs/FEDERATION.md))"},
		{"STGY_FEDERATION_CONCURRENCY", integer(&c.Fed.Concurrency, 2, 0, 64), "federation deliveries a process sends at once (0–64); `0` runs no federation worker in that process. Fetches and deliveries use `STGY_WEBHOOK_ALLOW_LOOPBACK`, `STGY_WEBHOOK_TIMEOUT` and `STGY_WEBHOOK_POLL`"},
		{"STGY_FEDERATION_INBOX_PER_MINUTE", integer(&c.Fed.InboxPerMinute, 60, 1, 100000), "activities one remote server (the host of the signing key) may send to a process's inboxes per minute, as many at once (1–100000); beyond it `429` with `Retry-After`"},
		{"STGY_PAGE_CACHE_BYTES", size(&c.PageCacheBytes, pagecache.DefaultMaxBytes, 1<<20, 1<<40), "memory bound of the rendered-page cache per process, anonymous API responses included (bytes, or `KiB`/`MiB`/`GiB`; 1MiB–1TiB); see [Caching](#caching)"},
		{"STGY_ARCHIVE_MAX_BYTES", size(&c.ArchiveMax, archive.DefaultMaxBytes, 1<<20, 64<<30), "the largest site archive `stgy-pub archive import` and `POST /publications/archive/restore` accept (413 over HTTP beyond it), counted both as read and unpacked (bytes, or `KiB`/`MiB`/`GiB`; 1MiB–64GiB); see [docs/ARCHIVE.md](docs/ARCHIVE.md)"},
	}
}

// retiredOptions are variables of earlier versions: set, they are
// ignored with a warning saying why.
var retiredOptions = map[string]string{
	"STGY_PAGE_DATA_TTL": "public pages are cached with exact invalidation (README \"Caching\"); unset it",
}

// persistedDocuments is the GraphQL allow-list: the UI's documents, the
// static copy's view documents, then the manifest files listed in the
// variable, merged in that order.
func (c *config) persistedDocuments() value {
	files := list(func(name, path string) error {
		b, err := os.ReadFile(path)
		if err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		docs, err := api.ParsePersistedDocuments(b)
		if err != nil {
			return fmt.Errorf("%s %s: %w", name, path, err)
		}
		c.API.Documents.Merge(docs)
		return nil
	})
	return value{set: func(name, s string) (err error) {
		if c.API.Documents, err = api.ParsePersistedDocuments(ui.PersistedDocuments()); err != nil {
			return fmt.Errorf("the UI's persisted documents: %w", err)
		}
		views, err := api.ParsePersistedDocuments(ui.ViewDocuments())
		if err != nil {
			return fmt.Errorf("the static copy's persisted documents: %w", err)
		}
		c.API.Documents.Merge(views)
		return files.set(name, s)
	}}
}
