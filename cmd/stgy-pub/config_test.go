package main

import (
	"strings"
	"testing"
	"time"
)

// TestLoadConfigRefusesBadSettings (issue 9 #20): configuration that parses
// but cannot work stops the process at start-up with the variable's name
// and the reason.
func TestLoadConfigRefusesBadSettings(t *testing.T) {
	tests := []struct {
		name, key, value, want string
	}{
		{"brace opens a hash tag", "STGY_REDIS_PREFIX", "x{", "STGY_REDIS_PREFIX"},
		{"closing brace", "STGY_REDIS_PREFIX", "a}b:", "CROSSSLOT"},
		{"hash tag", "STGY_REDIS_PREFIX", "{tenant}:", "hash tag"},
		{"space in prefix", "STGY_REDIS_PREFIX", "my app:", "white space"},
		{"introspection yes", "STGY_GRAPHQL_INTROSPECTION", "yes", "STGY_GRAPHQL_INTROSPECTION"},
		{"listen without colon", "STGY_LISTEN", "8080", "STGY_LISTEN"},
		{"listen port out of range", "STGY_LISTEN", ":70000", "0-65535"},
		{"base URL with query", "STGY_BASE_URL", "https://pub.example.com/?a=1", "STGY_BASE_URL"},
		{"base URL with user", "STGY_BASE_URL", "https://u:p@pub.example.com", "STGY_BASE_URL"},
		{"base URL not http", "STGY_BASE_URL", "ftp://pub.example.com", "STGY_BASE_URL"},
		{"base URL with a path", "STGY_BASE_URL", "http://localhost:8097/blog", "without a path"},
		{"base URL with a path and slash", "STGY_BASE_URL", "https://pub.example.com/blog/", "without a path"},
		{"base URL with a deep path", "STGY_BASE_URL", "https://example.com/a/b", "without a path"},
		{"base URL with an encoded path", "STGY_BASE_URL", "https://example.com/%20", "without a path"},
		{"base URL with a fragment", "STGY_BASE_URL", "https://pub.example.com/#top", "no user, query or fragment"},
		{"base URL with an empty query", "STGY_BASE_URL", "https://pub.example.com/?", "no user, query or fragment"},
		{"base URL with a query and no slash", "STGY_BASE_URL", "https://pub.example.com?x=1", "no user, query or fragment"},
		{"Redis URL scheme", "STGY_REDIS_URL", "http://127.0.0.1:6379", "STGY_REDIS_URL"},
		{"cluster address without port", "STGY_REDIS_CLUSTER", "127.0.0.1", "STGY_REDIS_CLUSTER"},
		{"database URL scheme", "STGY_DATABASE_URL", "mysql://x", "STGY_DATABASE_URL"},
		{"retention days", "STGY_PUB_VIEW_RETENTION_DAYS", "0", "STGY_PUB_VIEW_RETENTION_DAYS"},
		{"trusted proxies", "STGY_TRUSTED_PROXIES", "not-an-ip", "STGY_TRUSTED_PROXIES"},
		{"no site buckets", "STGY_PUB_SITE_BUCKETS", "0", "STGY_PUB_SITE_BUCKETS"},
		{"too many site buckets", "STGY_PUB_SITE_BUCKETS", "5000", "1 to 1024"},
		{"site buckets not a number", "STGY_PUB_SITE_BUCKETS", "sixteen", "STGY_PUB_SITE_BUCKETS"},
		{"site flush interval unit", "STGY_PUB_SITE_FLUSH_INTERVAL", "5", "STGY_PUB_SITE_FLUSH_INTERVAL"},
		{"site flush interval too long", "STGY_PUB_SITE_FLUSH_INTERVAL", "2h", "STGY_PUB_SITE_FLUSH_INTERVAL"},
		{"allowed origin with a path", "STGY_ALLOWED_ORIGINS", "https://app.example.com/x", "STGY_ALLOWED_ORIGINS"},
		{"allowed origin without scheme", "STGY_ALLOWED_ORIGINS", "app.example.com", "STGY_ALLOWED_ORIGINS"},
		{"persisted only yes", "STGY_GRAPHQL_PERSISTED_ONLY", "yes", "STGY_GRAPHQL_PERSISTED_ONLY"},
		{"persisted documents missing", "STGY_GRAPHQL_PERSISTED_DOCUMENTS", "/nonexistent/manifest.json", "STGY_GRAPHQL_PERSISTED_DOCUMENTS"},
		{"max-age too long", "STGY_GRAPHQL_MAX_AGE", "2h", "STGY_GRAPHQL_MAX_AGE"},
		{"s-maxage unit", "STGY_GRAPHQL_S_MAXAGE", "60", "STGY_GRAPHQL_S_MAXAGE"},
		{"view queue too small", "STGY_PUB_VIEW_QUEUE_VIEWS", "10", "STGY_PUB_VIEW_QUEUE_VIEWS"},
		{"view queue not a number", "STGY_PUB_VIEW_QUEUE_VIEWS", "many", "STGY_PUB_VIEW_QUEUE_VIEWS"},
		{"view queue bytes too small", "STGY_PUB_VIEW_QUEUE_BYTES", "1KiB", "1MiB to 4GiB"},
		{"view queue bytes unit", "STGY_PUB_VIEW_QUEUE_BYTES", "32MB", "STGY_PUB_VIEW_QUEUE_BYTES"},
		{"view batch timeout too short", "STGY_PUB_VIEW_BATCH_TIMEOUT", "1ms", "STGY_PUB_VIEW_BATCH_TIMEOUT"},
		{"view record wait unit", "STGY_PUB_VIEW_RECORD_WAIT", "500", "STGY_PUB_VIEW_RECORD_WAIT"},
		{"view drain timeout too long", "STGY_PUB_VIEW_DRAIN_TIMEOUT", "1h", "STGY_PUB_VIEW_DRAIN_TIMEOUT"},
		{"key rotation weekly", "STGY_PUB_VIEW_KEY_ROTATION", "weekly", "want none or daily"},
		{"access log unknown", "STGY_ACCESS_LOG", "some", "want all, errors or off"},
		{"admin listen without colon", "STGY_ADMIN_LISTEN", "9090", "(or off)"},
		{"dev yes", "STGY_DEV", "yes", "STGY_DEV"},
		{"page cache too small", "STGY_PAGE_CACHE_BYTES", "1KiB", "1MiB to 1TiB"},
		{"archive too large", "STGY_ARCHIVE_MAX_BYTES", "65GiB", "1MiB to 64GiB"},
		{"no comments", "STGY_PUB_COMMENT_MAX_COMMENTS", "0", "1 to 100000"},
		{"webhook concurrency", "STGY_WEBHOOK_CONCURRENCY", "65", "0 to 64"},
		{"webhook loopback yes", "STGY_WEBHOOK_ALLOW_LOOPBACK", "yes", "STGY_WEBHOOK_ALLOW_LOOPBACK"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Setenv(tt.key, tt.value)
			c, err := loadConfig()
			if err == nil {
				t.Fatalf("%s=%q accepted: %+v", tt.key, tt.value, c)
			}
			if !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %q does not say %q", err, tt.want)
			}
		})
	}
	t.Run("good values", func(t *testing.T) {
		for k, v := range map[string]string{
			"STGY_REDIS_PREFIX":            "stgy-prod:",
			"STGY_GRAPHQL_INTROSPECTION":   "FALSE",
			"STGY_LISTEN":                  "127.0.0.1:0",
			"STGY_BASE_URL":                "https://pub.example.com/",
			"STGY_REDIS_CLUSTER":           "10.0.0.1:7000, 10.0.0.2:7000",
			"STGY_PUB_SITE_BUCKETS":        "64",
			"STGY_PUB_SITE_FLUSH_INTERVAL": "250ms",
			"STGY_ALLOWED_ORIGINS":         "https://app.example.com, http://localhost:5173/",
			"STGY_GRAPHQL_PERSISTED_ONLY":  "true",
			"STGY_GRAPHQL_MAX_AGE":         "0",
			"STGY_GRAPHQL_S_MAXAGE":        "5m",
			"STGY_PUB_VIEW_QUEUE_VIEWS":    "250000",
			"STGY_PUB_VIEW_QUEUE_BYTES":    "64MiB",
			"STGY_PUB_VIEW_BATCH_TIMEOUT":  "1s",
			"STGY_PUB_VIEW_RECORD_WAIT":    "250ms",
			"STGY_PUB_VIEW_DRAIN_TIMEOUT":  "20s",
		} {
			t.Setenv(k, v)
		}
		c, err := loadConfig()
		if err != nil {
			t.Fatal(err)
		}
		if c.Introspection || c.RedisPrefix != "stgy-prod:" || c.BaseURL.String() != "https://pub.example.com" || len(c.RedisCluster) != 2 ||
			c.Ranking.Buckets != 64 || c.Ranking.FlushInterval != 250*time.Millisecond ||
			strings.Join(c.API.AllowedOrigins, " ") != "https://app.example.com http://localhost:5173" || !c.API.PersistedOnly ||
			c.API.MaxAge != -1 || c.API.SharedMaxAge != 5*time.Minute || len(c.API.Documents) < 10 ||
			c.Views != (viewsConfig{QueueViews: 250000, QueueBytes: 64 << 20, BatchTimeout: time.Second, RecordWait: 250 * time.Millisecond, DrainTimeout: 20 * time.Second}) {
			t.Errorf("config = %+v", c)
		}
	})
}

// TestLoadConfigClusterReplacesURL: with STGY_REDIS_CLUSTER set, the
// single-node STGY_REDIS_URL is not used, so it is not checked either.
func TestLoadConfigClusterReplacesURL(t *testing.T) {
	t.Setenv("STGY_REDIS_URL", "http://127.0.0.1:6379")
	t.Setenv("STGY_REDIS_CLUSTER", "10.0.0.1:7000,")
	c, err := loadConfig()
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(c.RedisCluster, " ") != "10.0.0.1:7000" {
		t.Errorf("cluster %q", c.RedisCluster)
	}
}

// TestLoadConfigBaseURLOrigins (new-user report item 11): an origin, with
// or without a port and trailing slash, is the base URL as written.
func TestLoadConfigBaseURLOrigins(t *testing.T) {
	for in, want := range map[string]string{
		"http://localhost:8097":        "http://localhost:8097",
		"https://pub.example.com/":     "https://pub.example.com",
		"https://pub.example.com:8443": "https://pub.example.com:8443",
		"http://[::1]:8080//":          "http://[::1]:8080",
	} {
		t.Setenv("STGY_BASE_URL", in)
		c, err := loadConfig()
		if err != nil {
			t.Errorf("%s refused: %v", in, err)
		} else if c.BaseURL.String() != want {
			t.Errorf("%s: base URL %s, want %s", in, c.BaseURL, want)
		}
	}
}
