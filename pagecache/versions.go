package pagecache

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/internal/redisguard"
)

// Redis names (README.md "Caching"). The version key carries the owner
// as its hash tag. Only this package reads and writes them.
const (
	versionKind = "stgy:pub-pages:version:{"
	ackKind     = "stgy:pub-pages:ack:{"
	channelName = "stgy:pub-pages:changed:{pub-pages}"
)

// Timeouts of the Redis calls of an announcement and of a version check
// (they ask the client's redisguard for that much, see WithTimeout; a
// version read keeps the guard's own short deadline).
const (
	// AckTimeout bounds how long a write waits for every app server to
	// acknowledge its announcement.
	AckTimeout = 500 * time.Millisecond
	// CallTimeout bounds one version write.
	CallTimeout = 300 * time.Millisecond
	// CheckBudget bounds one version read on a page's path (Version):
	// past it the page keeps its cached entry (the lease says Redis was
	// heard from within SafetyTTL).
	CheckBudget = 100 * time.Millisecond
	ackTTL      = 10 * time.Second
)

// setMaxScript stores ARGV[1] at KEYS[1] unless the stored integer is
// larger: page versions only move forward.
var setMaxScript = redis.NewScript(`
local v = tonumber(ARGV[1])
if tonumber(redis.call('GET', KEYS[1]) or '0') < v then redis.call('SET', KEYS[1], ARGV[1]) end
return 1
`)

// Versions keeps the owners' page versions in Redis and carries the
// announcements between app servers: it implements
// stgypub.SiteChangeNotifier for the store of every process that writes,
// and Listen applies announcements to this process's Cache.
type Versions struct {
	rdb    redis.UniversalClient
	prefix string
	log    *slog.Logger
	// local is this process's cache (set by Listen or SetLocal): the
	// writer's own pages are dropped before any Redis call, so they go
	// at once even while Redis is frozen or down.
	local atomic.Pointer[Cache]
}

// SetLocal names this process's page cache, which SitesChanged
// invalidates directly (Listen does it too).
func (v *Versions) SetLocal(c *Cache) { v.local.Store(c) }

// NewVersions returns Versions on rdb with every name under prefix
// (STGY_REDIS_PREFIX). A nil logger discards.
func NewVersions(rdb redis.UniversalClient, prefix string, log *slog.Logger) *Versions {
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	return &Versions{rdb: rdb, prefix: prefix, log: log}
}

// Key is the owner's page-version key: the owner's site change time in µs
// since the epoch, as a decimal integer (missing: 0).
func (v *Versions) Key(owner stgypub.ID) string {
	return v.prefix + versionKind + owner.String() + "}"
}

func (v *Versions) channel() string { return v.prefix + channelName }

// Micros is t as a page version: µs since the Unix epoch (0 for zero t).
func Micros(t time.Time) int64 {
	if t.IsZero() {
		return 0
	}
	return t.UnixMicro()
}

// Version reads the owner's page version (0 when none was stored),
// within CheckBudget (and the Redis client's guard).
func (v *Versions) Version(ctx context.Context, owner stgypub.ID) (int64, error) {
	ctx, cancel := context.WithTimeout(ctx, CheckBudget)
	defer cancel()
	n, err := v.rdb.Get(ctx, v.Key(owner)).Int64()
	if errors.Is(err, redis.Nil) {
		return 0, nil
	}
	return n, err
}

// Versions reads the page versions of several owners in one round trip
// (a pipeline: each key is in its owner's slot), in the order given.
func (v *Versions) Versions(ctx context.Context, owners []stgypub.ID) ([]int64, error) {
	cmds := make([]*redis.StringCmd, len(owners))
	_, err := v.rdb.Pipelined(ctx, func(p redis.Pipeliner) error {
		for i, o := range owners {
			cmds[i] = p.Get(ctx, v.Key(o))
		}
		return nil
	})
	if err != nil && !errors.Is(err, redis.Nil) {
		return nil, err
	}
	out := make([]int64, len(owners))
	for i, c := range cmds {
		n, err := c.Int64()
		if err != nil && !errors.Is(err, redis.Nil) {
			return nil, err
		}
		out[i] = n
	}
	return out, nil
}

// SitesChanged implements stgypub.SiteChangeNotifier: it invalidates
// this process's own cache first (no Redis needed: the server that made
// an edit never serves the old pages after it, whatever Redis does), then
// StoreVersions, then Announce. Its error names what failed; the caller's
// write is committed either way.
func (v *Versions) SitesChanged(ctx context.Context, changes []stgypub.SiteChange) error {
	owners := make([]stgypub.ID, len(changes))
	for i, c := range changes {
		owners[i] = c.Owner
	}
	if c := v.local.Load(); c != nil {
		c.Invalidate(owners...)
	}
	errStore := v.StoreVersions(ctx, changes)
	return errors.Join(errStore, v.Announce(ctx, owners...))
}

// StoreVersions moves each owner's page version forward to its change
// time (never back), so a server that missed the announcement finds its
// entries older than the version.
func (v *Versions) StoreVersions(ctx context.Context, changes []stgypub.SiteChange) error {
	ctx, cancel := context.WithTimeout(redisguard.WithTimeout(ctx, CallTimeout), CallTimeout)
	defer cancel()
	var errs []error
	for _, c := range changes {
		if err := setMaxScript.Run(ctx, v.rdb, []string{v.Key(c.Owner)}, Micros(c.At)).Err(); err != nil {
			errs = append(errs, fmt.Errorf("pagecache: store version of %s: %w", c.Owner, err))
		}
	}
	return errors.Join(errs...)
}

// Announce publishes the owners on the sharded channel and waits, up to
// AckTimeout, until every subscribed app server has applied it (each
// pushes an acknowledgement to a list named by the message): so when the
// write's response leaves, no connected server still serves the old
// pages. An error says how many acknowledgements were missing.
func (v *Versions) Announce(ctx context.Context, owners ...stgypub.ID) error {
	if len(owners) == 0 {
		return nil
	}
	var id [8]byte
	_, _ = rand.Read(id[:])
	msg := hex.EncodeToString(id[:])
	for _, o := range owners {
		msg += " " + o.String()
	}
	ctx, cancel := context.WithTimeout(redisguard.WithTimeout(ctx, AckTimeout+CallTimeout), AckTimeout+CallTimeout)
	defer cancel()
	n, err := v.rdb.SPublish(ctx, v.channel(), msg).Result()
	if err != nil {
		return fmt.Errorf("pagecache: announce: %w", err)
	}
	ack := v.prefix + ackKind + msg[:16] + "}"
	deadline := time.Now().Add(AckTimeout)
	for got := int64(0); got < n; got++ {
		left := time.Until(deadline)
		if left <= 0 {
			return fmt.Errorf("pagecache: announce: %d of %d servers did not acknowledge in %s", n-got, n, AckTimeout)
		}
		// BLPOP takes a fractional timeout in seconds (Redis >= 6).
		err := v.rdb.Do(ctx, "BLPOP", ack, strconv.FormatFloat(max(left.Seconds(), 0.001), 'f', 3, 64)).Err()
		if errors.Is(err, redis.Nil) {
			return fmt.Errorf("pagecache: announce: %d of %d servers did not acknowledge in %s", n-got, n, AckTimeout)
		}
		if err != nil {
			return fmt.Errorf("pagecache: announce: wait for acknowledgements: %w", err)
		}
	}
	return nil
}

// apply handles one announcement: invalidate, then acknowledge.
func (v *Versions) apply(ctx context.Context, c *Cache, payload string) {
	id, rest, _ := strings.Cut(payload, " ")
	var owners []stgypub.ID
	for _, f := range strings.Fields(rest) {
		if o, err := stgypub.ParseID(f); err == nil {
			owners = append(owners, o)
		}
	}
	c.Invalidate(owners...)
	if len(id) != 16 {
		return
	}
	ctx, cancel := context.WithTimeout(ctx, CallTimeout)
	defer cancel()
	ack := v.prefix + ackKind + id + "}"
	pipe := v.rdb.Pipeline()
	pipe.RPush(ctx, ack, "1")
	pipe.Expire(ctx, ack, ackTTL)
	if _, err := pipe.Exec(ctx); err != nil {
		v.log.Warn("pagecache: acknowledge announcement", "error", err.Error())
	}
}
