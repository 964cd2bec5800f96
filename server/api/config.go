package api

import (
	"log/slog"
	"net/netip"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/stgy/stgypub/auth"
	"github.com/stgy/stgypub/graph"
	"github.com/stgy/stgypub/pagecache"
)

// Config holds the endpoint's limits and policies. Zero values take the
// defaults noted on each field.
type Config struct {
	// BaseURL is the public base URL (STGY_BASE_URL); its origin
	// (scheme://host[:port]) is the one a cookie-authenticated request's
	// Origin header must match.
	BaseURL string
	// AllowedOrigins are further origins allowed for cookie requests,
	// e.g. "https://admin.example.com".
	AllowedOrigins []string
	// TrustedProxies are the peers whose forwarding headers name the
	// client IP (visitor.ClientIP).
	TrustedProxies []netip.Prefix
	// Introspection enables __schema/__type queries.
	Introspection bool
	// MaxBodyBytes limits the request body; default 1 MiB (413 above).
	MaxBodyBytes int64
	// MaxQueryBytes limits the query string within the body; default
	// 64 KiB (413 above). Variables carry the large values.
	MaxQueryBytes int
	// MaxTokens limits the query's lexical tokens; default 1000 (400
	// above). The standard introspection query has about 150.
	MaxTokens int
	// MaxFields limits the query's field selections, fragments counted
	// where they are spread (countFields); default 300 (400 above). The
	// standard introspection query counts 226; validating 300 repeated
	// fields, the costliest shape, takes about 10 ms.
	MaxFields int
	// MaxErrors limits the errors in one response; default 20 (the rest
	// are counted in extensions.omittedErrors).
	MaxErrors int
	// MaxDepth limits selection-set nesting; default 10.
	MaxDepth int
	// MaxAliases limits aliased fields per operation; default 20.
	MaxAliases int
	// MaxComplexity is the FixedComplexityLimit; default 1000.
	MaxComplexity int
	// LoginPerMinute limits login attempts per client IP; default 10.
	LoginPerMinute int
	// WritesPerMinute limits other mutations (except recordPubView) per
	// client IP; default 60.
	WritesPerMinute int
	// AddressSecret keys visitor.AddressKey, the hash that stands for a
	// client address in rate-limit keys (cmd/stgy-pub passes the view
	// secret); empty means a random key per process, which keeps
	// addresses out of Redis but does not share limits across servers.
	AddressSecret []byte
	// CaptchaPerHour limits createCaptchaChallenge and verifyCaptcha
	// together per client IP; default 60 (STGY_PUB_CAPTCHA_PER_HOUR).
	CaptchaPerHour int
	// CommentsPerHour limits postPubComment per client IP; default 20
	// (STGY_PUB_COMMENTS_PER_HOUR).
	CommentsPerHour int
	// AccountWritesPerMinute and AccountCommentsPerHour are the write and
	// comment limits of signed-in users (owners, admins), counted per
	// account instead of per address (ratelimit.go); defaults 300 and 300
	// (STGY_PUB_ACCOUNT_WRITES_PER_MINUTE,
	// STGY_PUB_ACCOUNT_COMMENTS_PER_HOUR). Their CAPTCHA limit is
	// CaptchaPerHour per account.
	AccountWritesPerMinute, AccountCommentsPerHour int
	// RedisPrefix is prepended to the rate-limit keys (test isolation).
	RedisPrefix string
	// QueryCacheSize is the parsed-query LRU size; default 1000.
	QueryCacheSize int
	// PersistedDocuments is the allow-list of persisted documents: the
	// owners' app's and the comment widget's operations (ui's
	// persisted-documents.json) and any manifest of
	// STGY_GRAPHQL_PERSISTED_DOCUMENTS. A client sends one by its hash
	// alone (docs/API.md "Persisted queries").
	PersistedDocuments PersistedDocuments
	// PersistedOnly accepts only the documents of PersistedDocuments
	// (STGY_GRAPHQL_PERSISTED_ONLY): anything else is
	// PERSISTED_QUERY_NOT_IN_LIST and automatic persisted queries are off.
	PersistedOnly bool
	// APQMaxEntries bounds the documents registered through automatic
	// persisted queries (Redis, least recently used evicted, and the
	// same number per process); default 1000. With MaxQueryBytes that
	// bounds their memory (64 MiB at most).
	APQMaxEntries int
	// APQTTL drops a registered document unused this long; default 24h.
	APQTTL time.Duration
	// CacheMaxAge and CacheSharedMaxAge are the max-age and s-maxage of
	// cacheable GET responses (STGY_GRAPHQL_MAX_AGE,
	// STGY_GRAPHQL_S_MAXAGE); defaults 30s and 60s; a negative
	// CacheMaxAge makes every response no-store.
	CacheMaxAge, CacheSharedMaxAge time.Duration
	// ViewCountTTL bounds the life of a cached response that shows view
	// counts, rankings or Popular entries (they change without a write);
	// default 5 minutes, the pages' display latency (cmd wires the
	// counter's cache TTL).
	ViewCountTTL time.Duration
	// Live bounds the subscriptions (docs/API.md "Subscriptions").
	Live LiveLimits
}

// LiveLimits bound the subscription transports of one server; zero
// values take the defaults noted.
type LiveLimits struct {
	// PerAddress is the most open live connections (SSE streams and
	// WebSockets) of one client address (STGY_PUB_LIVE_PER_ADDRESS); 16.
	PerAddress int
	// PerConnection is the most subscriptions one WebSocket runs at once
	// (STGY_PUB_LIVE_PER_CONNECTION); 8. An SSE stream runs one.
	PerConnection int
	// Total is the most open live connections of the server
	// (STGY_PUB_LIVE_TOTAL); 10,000.
	Total int
	// KeepAlive is the heartbeat period: an SSE comment line ": ping" or
	// a graphql-transport-ws ping (STGY_PUB_LIVE_KEEPALIVE); 15 s.
	KeepAlive time.Duration
}

func (l *LiveLimits) setDefaults() {
	if l.PerAddress <= 0 {
		l.PerAddress = 16
	}
	if l.PerConnection <= 0 {
		l.PerConnection = 8
	}
	if l.Total <= 0 {
		l.Total = 10000
	}
	if l.KeepAlive <= 0 {
		l.KeepAlive = 15 * time.Second
	}
}

// Deps are the collaborators the endpoint calls.
type Deps struct {
	// Resolver is the GraphQL root resolver with its stores and services.
	Resolver *graph.Resolver
	// Auth authenticates requests (cookie or bearer).
	Auth *auth.Service
	// Redis keeps the rate-limit counters shared by every app server; nil
	// keeps them in process (single-process development only).
	Redis redis.UniversalClient
	// Logger receives internal errors and panics; default slog.Default().
	Logger *slog.Logger
	// Responses, when set, is the page cache that also keeps anonymous
	// read responses (pagecache.KindAPI entries, README.md "Caching"):
	// the same byte bound, the same per-owner invalidation. nil caches
	// no response on the server. When it is set, New reads
	// Resolver.Posts and Resolver.Configs (one store's Posts and Users)
	// through a ReadCache under this cache's epochs.
	Responses *pagecache.Cache
	// Versions confirms cached responses' owner versions
	// (pagecache.Versions); nil relies on the announcements alone.
	Versions *pagecache.Versions
}

func (c *Config) setDefaults() {
	c.Live.setDefaults()
	def := func(p *int, v int) {
		if *p <= 0 {
			*p = v
		}
	}
	if c.MaxBodyBytes <= 0 {
		c.MaxBodyBytes = 1 << 20
	}
	def(&c.MaxQueryBytes, 64<<10)
	def(&c.MaxTokens, 1000)
	def(&c.MaxFields, 300)
	def(&c.MaxErrors, 20)
	def(&c.MaxDepth, 10)
	def(&c.MaxAliases, 20)
	def(&c.MaxComplexity, 1000)
	def(&c.LoginPerMinute, 10)
	def(&c.WritesPerMinute, 60)
	def(&c.CaptchaPerHour, 60)
	def(&c.CommentsPerHour, 20)
	def(&c.AccountWritesPerMinute, 300)
	def(&c.AccountCommentsPerHour, 300)
	def(&c.QueryCacheSize, 1000)
	def(&c.APQMaxEntries, 1000)
	if c.APQTTL <= 0 {
		c.APQTTL = 24 * time.Hour
	}
	if c.CacheMaxAge == 0 {
		c.CacheMaxAge = 30 * time.Second
	}
	if c.ViewCountTTL <= 0 {
		c.ViewCountTTL = 5 * time.Minute
	}
	if c.CacheSharedMaxAge <= 0 {
		c.CacheSharedMaxAge = 60 * time.Second
	}
}
