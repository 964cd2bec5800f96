// Package redisguard makes Redis best-effort for every caller of one
// go-redis client: a hook bounds each command (and each pipeline) by a
// short deadline and runs it through a circuit breaker
// (github.com/sony/gobreaker) that fails calls at once after repeated
// failures and lets one probe through after a pause. Attach it to the
// client that cmd/stgy-pub builds (NewClient does) and every package using
// that client (counter, the rate limiter, the page cache, the CAPTCHA and
// comment caches) gets the same behaviour with no code of its own; long
// background work asks for more time with WithTimeout. See
// docs/ARCHITECTURE.md "Redis is best-effort".
package redisguard

import (
	"context"
	"errors"
	"log/slog"
	"net"
	"time"

	"github.com/redis/go-redis/v9"
	"github.com/sony/gobreaker/v2"
)

// Defaults of Config.
const (
	// DefaultTimeout bounds one command or pipeline on a page's path.
	DefaultTimeout = 50 * time.Millisecond
	// DefaultOpenFor is how long the breaker fails calls at once after it
	// trips, before one probe is let through.
	DefaultOpenFor = 500 * time.Millisecond
	// DefaultFailures is the number of consecutive failures that trips
	// the breaker.
	DefaultFailures = 5
)

// Config configures a Guard; zero fields take the defaults.
type Config struct {
	// Timeout is the deadline of one command or pipeline unless the
	// caller's context has an earlier one or asked for more with
	// WithTimeout (STGY_REDIS_TIMEOUT).
	Timeout time.Duration
	// OpenFor is how long the open breaker refuses calls before a probe
	// (STGY_REDIS_BREAKER_OPEN).
	OpenFor time.Duration
	// Failures is the count of consecutive failures (network errors,
	// timeouts) that opens the breaker (STGY_REDIS_BREAKER_FAILURES).
	Failures uint32
	// Logger receives the breaker's state changes; nil is slog.Default().
	Logger *slog.Logger
	// Observe, when set, is called after every command or pipeline with
	// its duration and error (nil, or the error that counted as a
	// failure, or ErrOpen); Metrics feeds Prometheus from it.
	Observe func(d time.Duration, err error)
}

// ErrOpen is returned, without touching Redis, while the breaker is open
// (or half-open with its probe in flight). It reports itself unavailable
// (stgypub.IsUnavailable).
var ErrOpen error = openError{}

type openError struct{}

func (openError) Error() string     { return "redis: circuit breaker open: Redis is unavailable" }
func (openError) Unavailable() bool { return true }

// Guard is a redis.Hook with a deadline and a circuit breaker. It is safe
// for concurrent use; one Guard serves one client (Redis server or
// cluster).
type Guard struct {
	cfg Config
	cb  *gobreaker.TwoStepCircuitBreaker[struct{}]
}

var _ redis.Hook = (*Guard)(nil)

// New returns a Guard for cfg.
func New(cfg Config) *Guard {
	if cfg.Timeout <= 0 {
		cfg.Timeout = DefaultTimeout
	}
	if cfg.OpenFor <= 0 {
		cfg.OpenFor = DefaultOpenFor
	}
	if cfg.Failures == 0 {
		cfg.Failures = DefaultFailures
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	g := &Guard{cfg: cfg}
	g.cb = gobreaker.NewTwoStepCircuitBreaker[struct{}](gobreaker.Settings{
		Name:        "redis",
		MaxRequests: 1,
		Timeout:     cfg.OpenFor,
		ReadyToTrip: func(c gobreaker.Counts) bool { return c.ConsecutiveFailures >= cfg.Failures },
		IsExcluded:  func(err error) bool { return !IsFailure(err) && err != nil },
		OnStateChange: func(_ string, from, to gobreaker.State) {
			lvl := slog.LevelWarn
			if to == gobreaker.StateClosed {
				lvl = slog.LevelInfo
			}
			cfg.Logger.Log(context.Background(), lvl, "redis circuit breaker", "from", from.String(), "to", to.String())
		},
	})
	return g
}

// Timeout is the default per-call deadline.
func (g *Guard) Timeout() time.Duration { return g.cfg.Timeout }

// State is the breaker's state: "closed" (calls go through), "open"
// (calls fail at once) or "half-open" (one probe is in flight).
func (g *Guard) State() string { return g.cb.State().String() }

// Available reports whether calls currently go to Redis (the breaker is
// not open).
func (g *Guard) Available() bool { return g.cb.State() != gobreaker.StateOpen }

type timeoutKey struct{}

// WithTimeout returns a context whose Redis calls may each take up to d
// instead of the guard's Timeout (still bounded by ctx's own deadline):
// for background work such as checkpoints, the periodic flush, a refill
// or an owner's Stats. The breaker still applies.
func WithTimeout(ctx context.Context, d time.Duration) context.Context {
	return context.WithValue(ctx, timeoutKey{}, d)
}

type noBreakerKey struct{}

// WithoutBreaker returns a context whose Redis calls skip the breaker:
// they go to Redis even while it is open, and their failures do not count
// towards opening it (the deadline still applies, with WithTimeout's
// value when set). The page-view recorder uses it: it has its own health
// logic (a bounded queue, retries with backoff) and must never drop a
// view because page reads tripped the breaker (docs/ARCHITECTURE.md
// "View pipeline").
func WithoutBreaker(ctx context.Context) context.Context {
	return context.WithValue(ctx, noBreakerKey{}, true)
}

func (g *Guard) deadline(ctx context.Context) (context.Context, context.CancelFunc) {
	d := g.cfg.Timeout
	if v, ok := ctx.Value(timeoutKey{}).(time.Duration); ok && v > 0 {
		d = v
	}
	return context.WithTimeout(ctx, d)
}

// DialHook implements redis.Hook; dials run inside ProcessHook's deadline.
func (g *Guard) DialHook(next redis.DialHook) redis.DialHook { return next }

// ProcessHook implements redis.Hook: one command under the breaker and
// the deadline.
func (g *Guard) ProcessHook(next redis.ProcessHook) redis.ProcessHook {
	return func(ctx context.Context, cmd redis.Cmder) error {
		return g.run(ctx, func(ctx context.Context) error { return next(ctx, cmd) }, func(err error) { cmd.SetErr(err) })
	}
}

// ProcessPipelineHook implements redis.Hook: a pipeline (or transaction)
// is one call under the breaker and the deadline.
func (g *Guard) ProcessPipelineHook(next redis.ProcessPipelineHook) redis.ProcessPipelineHook {
	return func(ctx context.Context, cmds []redis.Cmder) error {
		return g.run(ctx, func(ctx context.Context) error { return next(ctx, cmds) }, func(err error) {
			for _, c := range cmds {
				c.SetErr(err)
			}
		})
	}
}

// guardedKey marks a context already inside run: go-redis sends a new
// connection's handshake (HELLO, SELECT) through the same hooks, and that
// nested call belongs to the outer one (a half-open breaker would refuse
// it and the probe could never succeed).
type guardedKey struct{}

func (g *Guard) run(ctx context.Context, call func(context.Context) error, refuse func(error)) error {
	if ctx.Value(guardedKey{}) != nil {
		return call(ctx)
	}
	ctx = context.WithValue(ctx, guardedKey{}, true)
	if ctx.Value(noBreakerKey{}) != nil {
		ctx, cancel := g.deadline(ctx)
		start := time.Now()
		err := call(ctx)
		cancel()
		g.observe(time.Since(start), err)
		return err
	}
	done, err := g.cb.Allow()
	if err != nil {
		refuse(ErrOpen)
		g.observe(0, ErrOpen)
		return ErrOpen
	}
	ctx, cancel := g.deadline(ctx)
	start := time.Now()
	err = call(ctx)
	cancel()
	done(err)
	g.observe(time.Since(start), err)
	return err
}

func (g *Guard) observe(d time.Duration, err error) {
	if g.cfg.Observe == nil {
		return
	}
	if err != nil && !IsFailure(err) && !errors.Is(err, ErrOpen) {
		err = nil // a reply such as redis.Nil or NOSCRIPT is a success here
	}
	g.cfg.Observe(d, err)
}

// IsFailure reports whether err means Redis did not answer in time or at
// all (network errors, timeouts, pool exhaustion, a server still loading
// its data), as opposed to an answer (redis.Nil, an error reply such as
// NOSCRIPT or WRONGTYPE) or the caller giving up (context.Canceled).
// Only failures count towards opening the breaker.
func IsFailure(err error) bool {
	switch {
	case err == nil, errors.Is(err, redis.Nil), errors.Is(err, context.Canceled):
		return false
	case errors.Is(err, context.DeadlineExceeded), errors.Is(err, redis.ErrPoolTimeout), errors.Is(err, redis.ErrClosed):
		return true
	}
	var ne net.Error
	if errors.As(err, &ne) {
		return true
	}
	var re redis.Error
	if errors.As(err, &re) {
		// Error replies are answers, except a server that cannot serve yet.
		return redis.HasErrorPrefix(err, "LOADING") || redis.HasErrorPrefix(err, "MASTERDOWN") || redis.HasErrorPrefix(err, "CLUSTERDOWN")
	}
	return true // EOF, connection reset, and anything else from the transport
}
