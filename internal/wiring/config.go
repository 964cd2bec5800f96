package wiring

import (
	"net/url"
	"time"

	"github.com/stgy/stgypub/captcha"
	"github.com/stgy/stgypub/comment"
	"github.com/stgy/stgypub/counter"
	"github.com/stgy/stgypub/pagecache"
	"github.com/stgy/stgypub/server"
	"github.com/stgy/stgypub/server/api"
)

// Config is what New builds the adapters from: the adapters' own
// configurations, already mapped from the environment by cmd/stgy-pub
// (config.go, options.go) or set by a test (internal/apptest). New
// takes them as given; the shared fields (BaseURL, ViewSecret,
// RedisPrefix) must agree with the adapters' copies.
type Config struct {
	BaseURL     *url.URL
	ViewSecret  []byte
	RedisPrefix string // every Redis key of the process starts with it
	// ArchiveMax is the largest site archive restored, in bytes, packed
	// and unpacked (archive.Importer.MaxBytes).
	ArchiveMax int64
	// Now is the owner service's clock; nil is time.Now.
	Now func() time.Time

	Pages   pagecache.Config
	Counter counter.Config // RankingCache, StatsCache, Logger and Recorded are New's
	API     api.Config
	Server  server.Config // Logger is New's
	// Comments configures the comment service (Logger, SecureCookie and
	// Events are New's), Captcha its CAPTCHA (comment.NewStack).
	Comments comment.Config
	Captcha  captcha.Config
	Hooks    Webhooks
	Fed      Federation
}

// Webhooks is the webhook part of the configuration (docs/WEBHOOKS.md):
// AllowLoopback accepts http:// URLs and loopback targets (development
// and tests only); Timeout bounds one attempt; RetryFor is how long after
// its event a delivery is retried; Poll is how often the queue and the
// scheduled posts are looked at; Concurrency 0 runs no worker here.
type Webhooks struct {
	AllowLoopback bool
	MaxPerOwner   int
	Timeout       time.Duration
	RetryFor      time.Duration
	Poll          time.Duration
	Concurrency   int
}

// Federation is the federation part of the configuration
// (docs/FEDERATION.md). Remote fetches and deliveries use the webhook
// client's settings (Hooks.AllowLoopback, Hooks.Timeout) and the queue
// is looked at every Hooks.Poll.
type Federation struct {
	// Key is the federation.KeySize-byte AES-256 key sealing every
	// site's private key; nil: federation is off.
	Key []byte
	// Concurrency is how many deliveries this process sends at once; 0
	// runs no delivery worker here.
	Concurrency int
	// InboxPerMinute is how many activities one remote server may send to
	// this process's inboxes per minute (and at once, the burst).
	InboxPerMinute int
}
