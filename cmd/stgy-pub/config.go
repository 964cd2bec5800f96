package main

import (
	"fmt"
	"log/slog"
	"net/netip"
	"net/url"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/stgy/stgypub/counter"
	"github.com/stgy/stgypub/internal/redisguard"
	"github.com/stgy/stgypub/pagecache"
	"github.com/stgy/stgypub/server"
	"github.com/stgy/stgypub/server/api"
	"github.com/stgy/stgypub/visitor"
)

// config is everything read from the environment, once, at start-up
// (docs/ARCHITECTURE.md "Configuration").
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
	CacheTTL       time.Duration
	PageCacheBytes int64         // STGY_PAGE_CACHE_BYTES, pagecache.Config.MaxBytes
	ArchiveMax     int64         // STGY_ARCHIVE_MAX_BYTES: the largest site archive read (archive.Read), packed and unpacked
	secretSource   string        // "environment", or the local file of development mode
	DevMode        bool          // STGY_DEV=1: `serve` may run without STGY_PUB_VIEW_SECRET
	RotateDaily    bool          // STGY_PUB_VIEW_KEY_ROTATION=daily
	Comments       commentConfig // config_comments.go

	// Redis best-effort (redisguard.Config).
	RedisTimeout         time.Duration // STGY_REDIS_TIMEOUT
	RedisBreakerOpen     time.Duration // STGY_REDIS_BREAKER_OPEN
	RedisBreakerFailures int           // STGY_REDIS_BREAKER_FAILURES
	RedisPageBudget      time.Duration // STGY_REDIS_PAGE_BUDGET, counter.Config.Budget
	FlushInterval        time.Duration // STGY_PUB_VIEW_FLUSH_INTERVAL, counter.Config.FlushInterval

	// PGReadDeadline bounds every PostgreSQL read of one request (pages,
	// feeds, GraphQL) and owners' reads of Redis figures
	// (STGY_PG_READ_DEADLINE; server.Config.ReadDeadline and PageDeadline).
	PGReadDeadline time.Duration

	AdminListen string        // STGY_ADMIN_LISTEN ("off" disables)
	AccessLog   string        // STGY_ACCESS_LOG: all, errors or off
	MaxConns    int           // STGY_MAX_CONNS
	IdleTimeout time.Duration // STGY_IDLE_TIMEOUT

	Ranking rankingConfig  // config_ranking.go
	Views   viewsConfig    // config_views.go
	API     apiConfig      // config_api.go
	Live    api.LiveLimits // config_live.go
	Hooks   webhookConfig  // config_webhooks.go

	Fed federationConfig // config_federation.go
}

// oldDevViewSecret was the built-in secret of earlier versions; it is
// public, so it is refused like a missing one.
const oldDevViewSecret = "stgy-pub-development-secret-change-me"

func loadConfig() (*config, error) {
	c := &config{
		DatabaseURL:   env("STGY_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/stgy_pub?sslmode=disable"),
		RedisURL:      env("STGY_REDIS_URL", "redis://127.0.0.1:6379/0"),
		RedisPrefix:   os.Getenv("STGY_REDIS_PREFIX"),
		Listen:        env("STGY_LISTEN", ":8080"),
		RetentionDays: 15,
		CacheTTL:      5 * time.Minute,
	}
	if s := os.Getenv("STGY_REDIS_CLUSTER"); s != "" {
		for _, a := range strings.Split(s, ",") {
			if a = strings.TrimSpace(a); a != "" {
				c.RedisCluster = append(c.RedisCluster, a)
			}
		}
	}
	base := env("STGY_BASE_URL", "http://localhost"+listenPort(c.Listen))
	u, err := url.Parse(strings.TrimRight(base, "/"))
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || strings.HasSuffix(u.Host, ":") {
		return nil, fmt.Errorf("STGY_BASE_URL %q: want an absolute http(s) URL", base)
	}
	c.BaseURL = u
	if secret := os.Getenv("STGY_PUB_VIEW_SECRET"); secret != "" {
		c.ViewSecret, c.secretSource = []byte(secret), "environment"
	}
	if c.DevMode, err = parseBool("STGY_DEV", env("STGY_DEV", "false")); err != nil {
		return nil, err
	}
	switch r := env("STGY_PUB_VIEW_KEY_ROTATION", "none"); r {
	case "none":
	case "daily":
		c.RotateDaily = true
	default:
		return nil, fmt.Errorf("STGY_PUB_VIEW_KEY_ROTATION %q: want none or daily", r)
	}
	if s := os.Getenv("STGY_PUB_VIEW_RETENTION_DAYS"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 1 || n > 366 {
			return nil, fmt.Errorf("STGY_PUB_VIEW_RETENTION_DAYS %q: want 1-366", s)
		}
		c.RetentionDays = n
	}
	if s := os.Getenv("STGY_TRUSTED_PROXIES"); s != "" {
		ps, err := visitor.ParseTrustedProxies(s)
		if err != nil {
			return nil, fmt.Errorf("STGY_TRUSTED_PROXIES: %w", err)
		}
		c.TrustedProxies = ps
	}
	if c.Introspection, err = parseBool("STGY_GRAPHQL_INTROSPECTION", env("STGY_GRAPHQL_INTROSPECTION", "true")); err != nil {
		return nil, err
	}
	c.PageCacheBytes = pagecache.DefaultMaxBytes
	if s := os.Getenv("STGY_PAGE_CACHE_BYTES"); s != "" {
		n, err := parseBytes(s)
		if err != nil || n < 1<<20 || n > 1<<40 {
			return nil, fmt.Errorf("STGY_PAGE_CACHE_BYTES %q: want a size from 1MiB to 1TiB (e.g. 268435456, 256MiB, 1GiB)", s)
		}
		c.PageCacheBytes = n
	}
	if os.Getenv("STGY_PAGE_DATA_TTL") != "" {
		slog.Warn("STGY_PAGE_DATA_TTL is ignored: public pages are cached with exact invalidation (README \"Caching\"); unset it")
	}

	if c.RedisTimeout, err = envDuration("STGY_REDIS_TIMEOUT", redisguard.DefaultTimeout, time.Millisecond, redisguard.MaxIO); err != nil {
		return nil, err
	}
	if c.RedisBreakerOpen, err = envDuration("STGY_REDIS_BREAKER_OPEN", redisguard.DefaultOpenFor, 10*time.Millisecond, time.Minute); err != nil {
		return nil, err
	}
	if c.RedisPageBudget, err = envDuration("STGY_REDIS_PAGE_BUDGET", counter.DefaultBudget, time.Millisecond, 10*time.Second); err != nil {
		return nil, err
	}
	if c.FlushInterval, err = envDuration("STGY_PUB_VIEW_FLUSH_INTERVAL", counter.DefaultFlushInterval, 0, time.Hour); err != nil {
		return nil, err
	}
	if c.PGReadDeadline, err = envDuration("STGY_PG_READ_DEADLINE", server.DefaultPageDeadline, 100*time.Millisecond, time.Minute); err != nil {
		return nil, err
	}
	c.AdminListen = env("STGY_ADMIN_LISTEN", defaultAdminListen)
	if c.AdminListen != "off" {
		if err := checkListen(c.AdminListen); err != nil {
			return nil, fmt.Errorf("STGY_ADMIN_LISTEN %q: %w (or off)", c.AdminListen, err)
		}
	}
	switch c.AccessLog = env("STGY_ACCESS_LOG", "all"); c.AccessLog {
	case "all", "errors", "off":
	default:
		return nil, fmt.Errorf("STGY_ACCESS_LOG %q: want all, errors or off", c.AccessLog)
	}
	if c.MaxConns, err = envInt("STGY_MAX_CONNS", 4096, 16, 1<<20); err != nil {
		return nil, err
	}
	if c.IdleTimeout, err = envDuration("STGY_IDLE_TIMEOUT", 30*time.Second, time.Second, 10*time.Minute); err != nil {
		return nil, err
	}
	if c.RedisBreakerFailures, err = envInt("STGY_REDIS_BREAKER_FAILURES", redisguard.DefaultFailures, 1, 1000); err != nil {
		return nil, err
	}
	if c.Comments, err = loadCommentConfig(); err != nil {
		return nil, err
	}
	if c.Ranking, err = loadRankingConfig(); err != nil {
		return nil, err
	}
	if c.ArchiveMax, err = loadArchiveMax(); err != nil {
		return nil, err
	}
	if c.Views, err = loadViewsConfig(); err != nil {
		return nil, err
	}
	if c.API, err = loadAPIConfig(); err != nil {
		return nil, err
	}
	if c.Live, err = loadLiveConfig(); err != nil {
		return nil, err
	}
	if c.Hooks, err = loadWebhookConfig(); err != nil {
		return nil, err
	}
	if c.Fed, err = loadFederationConfig(); err != nil {
		return nil, err
	}
	if err := checkConfig(c); err != nil {
		return nil, err
	}
	return c, nil
}

// envDuration reads a Go duration ("50ms", "1m") within [lo, hi].
func envDuration(key string, def, lo, hi time.Duration) (time.Duration, error) {
	s := os.Getenv(key)
	if s == "" {
		return def, nil
	}
	d, err := time.ParseDuration(s)
	if err != nil || d < lo || d > hi {
		return 0, fmt.Errorf("%s %q: want a duration from %s to %s (e.g. %s)", key, s, lo, hi, def)
	}
	return d, nil
}

// envInt reads an integer within [lo, hi].
func envInt(key string, def, lo, hi int) (int, error) {
	s := os.Getenv(key)
	if s == "" {
		return def, nil
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < lo || n > hi {
		return 0, fmt.Errorf("%s %q: want an integer from %d to %d", key, s, lo, hi)
	}
	return n, nil
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

// parseBytes reads a byte size: a whole number, optionally followed by
// KiB, MiB or GiB.
func parseBytes(s string) (int64, error) {
	mult := int64(1)
	for suffix, m := range map[string]int64{"KiB": 1 << 10, "MiB": 1 << 20, "GiB": 1 << 30} {
		if rest, ok := strings.CutSuffix(s, suffix); ok {
			s, mult = rest, m
			break
		}
	}
	n, err := strconv.ParseInt(strings.TrimSpace(s), 10, 64)
	if err != nil || n < 0 || n > (1<<62)/mult {
		return 0, fmt.Errorf("not a size: %q", s)
	}
	return n * mult, nil
}

func env(key, def string) string {
	if v := os.Getenv(key); v != "" {
		return v
	}
	return def
}

func listenPort(listen string) string {
	if i := strings.LastIndex(listen, ":"); i >= 0 {
		return listen[i:]
	}
	return ":8080"
}
