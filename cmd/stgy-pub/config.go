package main

import (
	"log/slog"
	"net/netip"
	"net/url"
	"os"
	"strings"
	"time"

	"github.com/stgy/stgypub/counter"
	"github.com/stgy/stgypub/server/api"
)

// config is everything read from the environment, once, at start-up
// (docs/ARCHITECTURE.md "Configuration"). Each field's variable, default
// and range are its row in the options table (options.go).
type config struct {
	DatabaseURL    string
	RedisURL       string
	RedisCluster   []string
	RedisPrefix    string
	BaseURL        *url.URL
	ViewSecret     []byte
	RetentionDays  int
	TrustedProxies []netip.Prefix
	Listen         string
	Introspection  bool
	CacheTTL       time.Duration // not configurable: counter.DefaultCacheTTL
	PageCacheBytes int64         // pagecache.Config.MaxBytes
	ArchiveMax     int64         // the largest site archive read (archive.Read), packed and unpacked
	secretSource   string        // "environment", or the local file of development mode
	DevMode        bool          // `serve` may run without STGY_PUB_VIEW_SECRET
	rotation       string        // STGY_PUB_VIEW_KEY_ROTATION as written
	RotateDaily    bool          // STGY_PUB_VIEW_KEY_ROTATION=daily
	Comments       commentConfig

	// Redis best-effort (redisguard.Config).
	RedisTimeout         time.Duration
	RedisBreakerOpen     time.Duration
	RedisBreakerFailures int
	RedisPageBudget      time.Duration // counter.Config.Budget
	FlushInterval        time.Duration // counter.Config.FlushInterval

	// PGReadDeadline bounds every PostgreSQL read of one request (pages,
	// feeds, GraphQL) and owners' reads of Redis figures
	// (server.Config.ReadDeadline and PageDeadline).
	PGReadDeadline time.Duration

	AdminListen string // "off" disables
	AccessLog   string // all, errors or off
	MaxConns    int
	IdleTimeout time.Duration

	Ranking rankingConfig
	Views   viewsConfig
	API     apiConfig
	Live    api.LiveLimits // README "Configuration", docs/API.md "Subscriptions"
	Hooks   webhookConfig

	Fed federationConfig // config_federation.go
}

// commentConfig is the comment and CAPTCHA part of the configuration:
// the per-post cap on stored comments (pending included), the per-address
// hourly limits of CAPTCHA and comment requests, and the per-account
// limits of signed-in users (owners, admins).
type commentConfig struct {
	MaxComments, CaptchaPerHour, CommentsPerHour   int
	AccountWritesPerMinute, AccountCommentsPerHour int
}

// rankingConfig is the site-wide ranking's part of the configuration
// (counter.Config.SiteBuckets and SiteFlushInterval; docs/RANKING.md).
type rankingConfig struct {
	Buckets       int
	FlushInterval time.Duration
}

// viewsConfig is the view pipeline's part of the configuration
// (counter.Config's queue and batch fields; docs/ARCHITECTURE.md "View
// pipeline"); DrainTimeout is how long SIGTERM keeps recording.
type viewsConfig struct {
	QueueViews   int
	QueueBytes   int64
	BatchTimeout time.Duration
	RecordWait   time.Duration
	DrainTimeout time.Duration
}

// defaultDrainTimeout is how long SIGTERM waits for the view queue once
// the HTTP server has stopped; with the HTTP shutdown it stays within
// what an orchestrator grants before SIGKILL (commonly 30 s).
const defaultDrainTimeout = 5 * time.Second

// apiConfig is the GraphQL endpoint's part of the configuration
// (api.Config; docs/API.md "Building a frontend").
type apiConfig struct {
	AllowedOrigins []string               // origins whose pages may send cookies
	PersistedOnly  bool                   // only the allow-list's documents run
	Documents      api.PersistedDocuments // the allow-list: the UI's and the listed manifests'
	MaxAge         time.Duration          // negative: no caching
	SharedMaxAge   time.Duration
}

// webhookConfig is the webhook part of the configuration (docs/WEBHOOKS.md):
// AllowLoopback accepts http:// URLs and loopback targets (development
// and tests only); Timeout bounds one attempt; RetryFor is how long after
// its event a delivery is retried; Poll is how often the queue and the
// scheduled posts are looked at; Concurrency 0 runs no worker here.
type webhookConfig struct {
	AllowLoopback bool
	MaxPerOwner   int
	Timeout       time.Duration
	RetryFor      time.Duration
	Poll          time.Duration
	Concurrency   int
}

// oldDevViewSecret was the built-in secret of earlier versions; it is
// public, so it is refused like a missing one.
const oldDevViewSecret = "stgy-pub-development-secret-change-me"

// loadConfig reads every option of the table (options.go) from the
// environment, in order, and stops at the first value that cannot work,
// with the variable's name and the reason.
func loadConfig() (*config, error) {
	c := &config{CacheTTL: counter.DefaultCacheTTL}
	for _, o := range c.options() {
		if err := o.set(o.name, os.Getenv(o.name)); err != nil {
			return nil, err
		}
	}
	for name, why := range retiredOptions {
		if os.Getenv(name) != "" {
			slog.Warn(name + " is ignored: " + why)
		}
	}
	return c, nil
}

// logValue describes the config with secrets masked.
func (c *config) logValue() slog.Value {
	db, _ := url.Parse(c.DatabaseURL)
	if db != nil && db.User != nil {
		if _, ok := db.User.Password(); ok {
			db.User = url.UserPassword(db.User.Username(), "xxxxx")
		}
	}
	redisURL := c.RedisURL
	if r, err := url.Parse(c.RedisURL); err == nil && r.User != nil {
		r.User = url.UserPassword(r.User.Username(), "xxxxx")
		redisURL = r.String()
	}
	dbs := ""
	if db != nil {
		dbs = db.String()
	}
	return slog.GroupValue(
		slog.String("database", dbs),
		slog.String("redis", redisURL),
		slog.Any("redis_cluster", c.RedisCluster),
		slog.String("base_url", c.BaseURL.String()),
		slog.String("listen", c.Listen),
		slog.Int("retention_days", c.RetentionDays),
		slog.Int64("page_cache_bytes", c.PageCacheBytes),
		slog.Int("trusted_proxies", len(c.TrustedProxies)),
		slog.String("view_secret", c.secretSource),
		slog.Bool("federation", len(c.Fed.Key) > 0),
		slog.Bool("view_key_rotation_daily", c.RotateDaily),
		slog.Duration("redis_timeout", c.RedisTimeout),
		slog.Duration("redis_page_budget", c.RedisPageBudget),
		slog.Duration("pg_read_deadline", c.PGReadDeadline),
		slog.Duration("view_flush_interval", c.FlushInterval),
		slog.String("admin_listen", c.AdminListen),
		slog.Int("max_conns", c.MaxConns),
		slog.Int("site_buckets", c.Ranking.Buckets),
		slog.Duration("site_flush_interval", c.Ranking.FlushInterval),
		slog.Int("view_queue_views", c.Views.QueueViews),
		slog.Int64("view_queue_bytes", c.Views.QueueBytes),
		slog.Duration("view_batch_timeout", c.Views.BatchTimeout),
		slog.Duration("view_record_wait", c.Views.RecordWait),
		slog.Duration("view_drain_timeout", c.Views.DrainTimeout),
	)
}

func listenPort(listen string) string {
	if i := strings.LastIndex(listen, ":"); i >= 0 {
		return listen[i:]
	}
	return ":8080"
}
