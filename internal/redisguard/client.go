package redisguard

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/redis/go-redis/v9"
)

// Ceilings of the client options set by Tune: a call never waits longer
// than these even when a caller asks for more with WithTimeout.
const (
	MaxDial = time.Second
	MaxIO   = 10 * time.Second
	MaxPool = time.Second
)

// Tune sets go-redis options for best-effort use: no retries (a failed
// call fails once, fast; the breaker decides when to try again), one dial
// attempt, context deadlines honoured for dials, pool waits, reads and
// writes (ContextTimeoutEnabled, which go-redis leaves off by default and
// without which a frozen Redis holds a caller for the 5 s read timeout
// and 3 retries), and the ceilings above.
func Tune(opt *redis.Options) {
	opt.MaxRetries = -1
	opt.DialerRetries = 1
	opt.DialTimeout = MaxDial
	opt.ReadTimeout = MaxIO
	opt.WriteTimeout = MaxIO
	opt.PoolTimeout = MaxPool
	opt.ContextTimeoutEnabled = true
}

// TuneCluster is Tune for a Redis Cluster client (MOVED/ASK redirections
// are still followed).
func TuneCluster(opt *redis.ClusterOptions) {
	opt.MaxRetries = -1
	opt.DialerRetries = 1
	opt.DialTimeout = MaxDial
	opt.ReadTimeout = MaxIO
	opt.WriteTimeout = MaxIO
	opt.PoolTimeout = MaxPool
	opt.ContextTimeoutEnabled = true
}

// NewClient returns a tuned client with g attached: a cluster client when
// cluster lists node addresses, else a client for opt. The client connects
// lazily, so it is returned even while Redis is down; calls fail fast
// (ErrOpen) until Redis answers again.
func NewClient(opt *redis.Options, cluster []string, g *Guard) redis.UniversalClient {
	var rdb redis.UniversalClient
	if len(cluster) > 0 {
		co := &redis.ClusterOptions{Addrs: cluster}
		if opt != nil {
			co.Username, co.Password, co.Protocol = opt.Username, opt.Password, opt.Protocol
		}
		TuneCluster(co)
		rdb = redis.NewClusterClient(co)
	} else {
		o := *opt
		Tune(&o)
		rdb = redis.NewClient(&o)
	}
	rdb.AddHook(g)
	return rdb
}

// slogLogger sends go-redis's own messages (dial failures, pool events)
// to slog at WARN under one message, "go-redis", so a rate-limited
// handler (obs.Sampled) keeps an outage from printing a line per
// connection attempt.
type slogLogger struct{ l *slog.Logger }

func (s slogLogger) Printf(ctx context.Context, format string, v ...any) {
	s.l.WarnContext(ctx, "go-redis", "msg", fmt.Sprintf(format, v...))
}

// SetLogger routes go-redis's process-wide logger to l (call once at
// start-up).
func SetLogger(l *slog.Logger) { redis.SetLogger(slogLogger{l}) }
