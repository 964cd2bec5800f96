// Package counter is STGY Pub's page-view counter on Redis
// (docs/SPEC.md#page-views, docs/SPEC.md#popular-entries): one Lua script per
// view (per-post LRU of 150 fingerprints, daily Hash per owner and UTC date,
// Stats metadata), sparse PostgreSQL checkpoints through
// stgypub.CheckpointStore, the Redis-only Popular ranking and the owner's
// Stats merged with the checkpoints. Keys carry the owner as a Redis Cluster
// hash tag (docs/ARCHITECTURE.md "Redis key layout"), so the code runs
// unchanged on a single Redis and on Redis Cluster.
//
// Counter is the one type callers use. It holds one type per concern and
// answers from it: siteCounter (the site-wide counters and ranking,
// site*.go), ownerStats (Stats, stats*.go), ownerRanking (Popular
// entries, ranking.go), tallyCounter (crawl and share counts, tally*.go)
// and recorder (the view queue, recorder.go); keyspace (keys.go),
// calendar (calendar.go) and dailyHashes (window.go) name the keys, the
// UTC days and read the daily Hashes for all of them. Counter itself
// keeps the view path (record.go, batch.go), the checkpoints (sync.go,
// refill.go, flush.go) and imports (import.go, archive.go).
package counter

import (
	"context"
	"log/slog"
	"strconv"
	"sync"
	"time"

	"github.com/redis/go-redis/v9"
	"golang.org/x/sync/singleflight"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/internal/obs"
	"github.com/stgy/stgypub/internal/redisguard"
)

// Config configures a Counter; zero fields get the defaults noted.
type Config struct {
	// Prefix is prepended to every key (STGY_REDIS_PREFIX): "" in
	// production, a per-test prefix in tests. It must not contain '{'.
	Prefix string
	// RetentionDays is the window in UTC days including today
	// (STGY_PUB_VIEW_RETENTION_DAYS); default 15, 7 gives a weekly ranking.
	RetentionDays int
	// CacheTTL is the lifetime of the ranking and Stats caches; default 5m.
	CacheTTL time.Duration
	// CheckpointTimeout bounds the background checkpoint work of one view,
	// and each Redis call of background and owner work (checkpoints, the
	// ranking computation, Stats, imports, the flush and refill) through
	// redisguard.WithTimeout; default 5s.
	CheckpointTimeout time.Duration
	// Budget is the longest a public page waits for one counter read
	// (Ranking, ViewCounts) in total, whatever Redis does
	// (STGY_REDIS_PAGE_BUDGET); past it the call fails and the page
	// renders without that part. 0 means no budget (tools, tests): only
	// the caller's context bounds the call; serve uses DefaultBudget. The
	// Redis client's guard (internal/redisguard) bounds each command on
	// top of it.
	Budget time.Duration
	// Now is the clock; default time.Now. Only its UTC date matters.
	Now func() time.Time
	// RotationSecret, when set, turns on daily fingerprint rotation
	// (STGY_PUB_VIEW_KEY_ROTATION=daily): every fingerprint is re-keyed
	// with a key of the UTC day before it is stored (see rotate). Nil
	// keeps the fingerprints as given: a reader is not counted again
	// within the LRU window, across days too.
	RotationSecret []byte
	// FlushInterval, when positive, makes the counter remember the day
	// counts it raises and Run write them to PostgreSQL that often
	// (STGY_PUB_VIEW_FLUSH_INTERVAL; see Flush). 0 keeps only the
	// checkpoints (a Redis restart then loses up to the gap back to each
	// post's last checkpoint).
	FlushInterval time.Duration
	// MemoTTL, when positive, is how long this process reuses an answer
	// of ViewCounts and Ranking without asking Redis again (memo.go); a
	// view this process records drops its owner's answers at once, views
	// of other processes show within MemoTTL. Serve uses DefaultMemoTTL;
	// 0 asks Redis every time (tools, tests).
	MemoTTL time.Duration
	// RankingCache and StatsCache count hits and misses of the ranking
	// and Stats caches (cmd/stgy-pub passes obs.Caches.Cache counters,
	// exposed as stgy_cache_requests_total); nil counts nothing.
	RankingCache, StatsCache *obs.Cache
	// StatsWarmMinRows is the fewest checkpoints on the closed days of the
	// window for which RunStatsWarmer writes an owner's Stats snapshot
	// ahead of the first request; default DefaultStatsWarmMinRows.
	StatsWarmMinRows int
	// Logger receives checkpoint and cleanup failures; default slog.Default().
	Logger *slog.Logger

	// SiteBuckets is the number of site-wide daily counter buckets
	// (STGY_PUB_SITE_BUCKETS, docs/RANKING.md "Site-wide counters"):
	// each post's site-wide views live in bucket hash(post) mod
	// SiteBuckets, each bucket under its own Redis Cluster hash tag, so no
	// single key or slot takes every view. Default 16, at most
	// MaxSiteBuckets. Raise it only: after lowering it, the posts of the
	// dropped buckets leave the ranking until their days expire.
	SiteBuckets int
	// SiteFlushInterval is how long a process gathers site-wide raises
	// before writing them in one batch; default 1s.
	SiteFlushInterval time.Duration
	// SiteFlushTimeout bounds one batch write; default 2s.
	SiteFlushTimeout time.Duration
	// SitePendingMax bounds the (post, day) pairs awaiting a batch write;
	// default 65,536. Raises beyond it are dropped (the post's next
	// counted view that day offers its count again).
	SitePendingMax int

	// The view pipeline (recorder.go, docs/ARCHITECTURE.md "View
	// pipeline").

	// QueueViews and QueueBytes bound the views waiting to be recorded
	// (STGY_PUB_VIEW_QUEUE_VIEWS, STGY_PUB_VIEW_QUEUE_BYTES); a view
	// beyond either is dropped and counted. Defaults 100,000 views and
	// 32 MiB (a queued view costs 80 bytes, 200 with a waiting caller).
	QueueViews int
	QueueBytes int64
	// BatchViews is the most views one batch (one pipelined round trip)
	// carries; default 512.
	BatchViews int
	// BatchTimeout bounds one attempt of a batch
	// (STGY_PUB_VIEW_BATCH_TIMEOUT); a batch that fails is retried with
	// backoff from 50 ms doubling up to RetryMax. Defaults 2 s and 2 s.
	BatchTimeout, RetryMax time.Duration
	// RecordWait is the longest RecordView waits for its batch
	// (recordPubView, STGY_PUB_VIEW_RECORD_WAIT); past it the view stays
	// queued and RecordView answers stgypub.ErrViewPending. 0 waits as
	// long as the caller's context allows (tools, tests); serve uses
	// DefaultRecordWait.
	RecordWait time.Duration
	// DrainTimeout bounds how long Wait waits for the queue to drain;
	// default 10 s.
	DrainTimeout time.Duration
	// DropLog is the period of the log line counting dropped views;
	// default 10 s.
	DropLog time.Duration
	// Recorded, when set, is called after each batch is recorded, with
	// the owners of the batch's views, each once (the live pubViewsToday
	// subscription, live.Hub.ViewsRecorded). It runs on the recorder's
	// goroutine: it must not block.
	Recorded func(ctx context.Context, owners []stgypub.ID)
}

// Defaults of Config.
const (
	DefaultRetentionDays     = 15
	DefaultCacheTTL          = 5 * time.Minute
	DefaultMemoTTL           = time.Second
	DefaultCheckpointTimeout = 5 * time.Second
	DefaultBudget            = 100 * time.Millisecond
	DefaultSiteBuckets       = 16
	MaxSiteBuckets           = 1024
	DefaultSiteFlushInterval = time.Second
	DefaultSiteFlushTimeout  = 2 * time.Second
	DefaultSitePendingMax    = 1 << 16
	DefaultStatsWarmMinRows  = 500
)

// Counter records and aggregates page views. It is safe for concurrent use.
type Counter struct {
	rdb   redis.UniversalClient
	cps   stgypub.CheckpointStore
	cfg   Config
	keys  keyspace    // key names (keys.go)
	cal   calendar    // UTC days (calendar.go)
	daily dailyHashes // reads and raises of daily Hashes (window.go)
	log   *slog.Logger
	wg    sync.WaitGroup
	mu    sync.Mutex
	last  string // UTC date (YYYYMMDD) of this process's last successful cleanup
	busy  bool   // a cleanup is running

	flight singleflight.Group // one refill per owner at a time (refill.go)
	rot    *rotation          // nil without RotationSecret
	memo   *memo              // nil without MemoTTL
	dirty  *dirtySet          // nil without FlushInterval

	// Constant arguments of batchScript.
	ttlArg, lruLimitArg string

	rec *recorder // the view queue and its drain (recorder.go)

	site    *siteCounter  // site-wide counters and ranking (site*.go)
	stats   *ownerStats   // owner Stats, their snapshot and warmer (stats*.go)
	ranking *ownerRanking // Popular entries (ranking.go)
	tallies *tallyCounter // crawl and share counts (tally*.go)
}

var (
	_ stgypub.CountQueue  = (*Counter)(nil)
	_ stgypub.Ranker      = (*Counter)(nil)
	_ stgypub.CountReader = (*Counter)(nil)
)

// New returns a Counter on rdb (a single client or a cluster client) that
// persists checkpoints to cps.
func New(rdb redis.UniversalClient, cps stgypub.CheckpointStore, cfg Config) *Counter {
	if cfg.RetentionDays <= 0 {
		cfg.RetentionDays = DefaultRetentionDays
	}
	if cfg.CacheTTL <= 0 {
		cfg.CacheTTL = DefaultCacheTTL
	}
	if cfg.CheckpointTimeout <= 0 {
		cfg.CheckpointTimeout = DefaultCheckpointTimeout
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.SiteBuckets <= 0 {
		cfg.SiteBuckets = DefaultSiteBuckets
	}
	cfg.SiteBuckets = min(cfg.SiteBuckets, MaxSiteBuckets)
	if cfg.SiteFlushInterval <= 0 {
		cfg.SiteFlushInterval = DefaultSiteFlushInterval
	}
	if cfg.SiteFlushTimeout <= 0 {
		cfg.SiteFlushTimeout = DefaultSiteFlushTimeout
	}
	if cfg.SitePendingMax <= 0 {
		cfg.SitePendingMax = DefaultSitePendingMax
	}
	if cfg.StatsWarmMinRows <= 0 {
		cfg.StatsWarmMinRows = DefaultStatsWarmMinRows
	}
	cfg.setRecorderDefaults()
	log := cfg.Logger
	if log == nil {
		log = slog.Default()
	}
	c := &Counter{rdb: rdb, cps: cps, cfg: cfg, log: log, lruLimitArg: strconv.Itoa(LRUBytes)}
	c.keys, c.cal = newKeyspace(&cfg), newCalendar(&cfg)
	c.daily = dailyHashes{rdb: rdb, keys: c.keys, cal: c.cal}
	if cfg.FlushInterval > 0 {
		c.dirty = &dirtySet{m: map[dirtyKey]int64{}}
	}
	if len(cfg.RotationSecret) > 0 {
		c.rot = &rotation{secret: cfg.RotationSecret, rdb: rdb, prefix: cfg.Prefix, now: cfg.Now}
	}
	c.ttlArg = strconv.FormatInt(int64(c.cal.ttl().Seconds()), 10)
	c.site = newSiteCounter(c)
	c.stats = newOwnerStats(c)
	c.rec = newRecorder(c)
	c.tallies = newTallyCounter(c)
	c.memo = newMemo(cfg.MemoTTL)
	c.ranking = newOwnerRanking(c)
	return c
}

// Wait blocks until the views queued so far are recorded (at most
// DrainTimeout; views still queued then stay queued) and every
// background checkpoint started so far has finished, then writes the
// pending site-wide raises at once (bounded by SiteFlushTimeout; a
// failure is logged). Tests call it before reading counts.
func (c *Counter) Wait() {
	ctx, cancel := context.WithTimeout(context.Background(), c.cfg.DrainTimeout)
	err := c.rec.wait(ctx)
	cancel()
	if err != nil {
		views, _ := c.QueuedViews()
		c.log.Warn("counter: views still queued after the drain timeout", "queued", views, "timeout", c.cfg.DrainTimeout)
	}
	c.waitBackground()
}

// waitBackground waits for the background checkpoints, then writes the
// pending site-wide raises.
func (c *Counter) waitBackground() {
	c.wg.Wait()
	ctx, cancel := c.cfg.flushContext()
	defer cancel()
	if err := c.site.flush(ctx); err != nil {
		c.log.Warn("counter: site-wide counters not written", "err", err)
	}
}

// setRecorderDefaults fills the view pipeline's zero fields.
func (cfg *Config) setRecorderDefaults() {
	if cfg.QueueViews <= 0 {
		cfg.QueueViews = DefaultQueueViews
	}
	if cfg.QueueBytes <= 0 {
		cfg.QueueBytes = DefaultQueueBytes
	}
	if cfg.BatchViews <= 0 {
		cfg.BatchViews = DefaultBatchViews
	}
	if cfg.BatchTimeout <= 0 {
		cfg.BatchTimeout = DefaultBatchTimeout
	}
	if cfg.RetryMax <= 0 {
		cfg.RetryMax = DefaultRetryMax
	}
	if cfg.DrainTimeout <= 0 {
		cfg.DrainTimeout = DefaultDrainTimeout
	}
	if cfg.DropLog <= 0 {
		cfg.DropLog = DefaultDropLog
	}
}

// background runs f after the request, on a context detached from ctx's
// cancellation and bounded by CheckpointTimeout, tracked by Wait.
func (c *Counter) background(ctx context.Context, f func(context.Context) error) {
	c.wg.Add(1)
	go func() {
		defer c.wg.Done()
		bctx, cancel := c.cfg.detached(ctx)
		defer cancel()
		if err := f(bctx); err != nil {
			c.log.Warn("counter: checkpoint failed", "err", err)
		}
	}()
}

// detached is ctx without its cancellation and deadline, bounded by
// CheckpointTimeout instead, whose Redis calls may each take that long.
func (cfg *Config) detached(ctx context.Context) (context.Context, context.CancelFunc) {
	ctx = redisguard.WithTimeout(context.WithoutCancel(ctx), cfg.CheckpointTimeout)
	return context.WithTimeout(ctx, cfg.CheckpointTimeout)
}

// flushContext bounds one batch write of site-wide raises, and each of
// its Redis calls, by SiteFlushTimeout.
func (cfg *Config) flushContext() (context.Context, context.CancelFunc) {
	ctx := redisguard.WithTimeout(context.Background(), cfg.SiteFlushTimeout)
	return context.WithTimeout(ctx, cfg.SiteFlushTimeout)
}

// budget bounds a page's counter call by Budget (when set).
func (cfg *Config) budget(ctx context.Context) (context.Context, context.CancelFunc) {
	if cfg.Budget <= 0 {
		return context.WithCancel(ctx)
	}
	return context.WithTimeout(ctx, cfg.Budget)
}
