package obs

import (
	"context"
	"log/slog"
	"sync"
	"sync/atomic"
	"time"

	"golang.org/x/time/rate"
)

// DefaultLogRate and DefaultLogBurst bound how many records of one
// message at WARN or above are written per second (token bucket).
const (
	DefaultLogRate  = 5
	DefaultLogBurst = 10
)

// maxLogKeys bounds the per-message limiters kept (messages are constant
// strings, so this is a safety net, not a working limit).
const maxLogKeys = 1024

// Sampled is a slog.Handler that writes records below WARN as they come
// and rate-limits WARN and above per message (level + message text): at
// most Burst at once and Rate per second after that. The next record of a
// message that is written carries "suppressed"=N, the records dropped
// since. A dependency outage that fails every request thus logs a few
// lines per second, not thousands; the metrics count every failure.
type Sampled struct {
	next    slog.Handler
	rate    rate.Limit
	burst   int
	state   *sampledState
	dropped func() // called per dropped record (a metric); may be nil
	// Now is the clock of the limits; default time.Now.
	Now func() time.Time
}

type sampledState struct {
	mu   sync.Mutex
	keys map[string]*limited
}

type limited struct {
	lim        *rate.Limiter
	suppressed atomic.Int64
}

// NewSampled wraps next; perSecond <= 0 and burst <= 0 take the defaults.
// onDrop, when not nil, is called for every record dropped.
func NewSampled(next slog.Handler, perSecond float64, burst int, onDrop func()) *Sampled {
	if perSecond <= 0 {
		perSecond = DefaultLogRate
	}
	if burst <= 0 {
		burst = DefaultLogBurst
	}
	return &Sampled{next: next, rate: rate.Limit(perSecond), burst: burst,
		state: &sampledState{keys: map[string]*limited{}}, dropped: onDrop, Now: time.Now}
}

// Enabled implements slog.Handler.
func (h *Sampled) Enabled(ctx context.Context, l slog.Level) bool { return h.next.Enabled(ctx, l) }

// Handle implements slog.Handler.
func (h *Sampled) Handle(ctx context.Context, r slog.Record) error {
	if r.Level < slog.LevelWarn {
		return h.next.Handle(ctx, r)
	}
	l := h.state.get(r.Level.String()+"\x00"+r.Message, h.rate, h.burst)
	if !l.lim.AllowN(h.Now(), 1) {
		l.suppressed.Add(1)
		if h.dropped != nil {
			h.dropped()
		}
		return nil
	}
	if n := l.suppressed.Swap(0); n > 0 {
		r = r.Clone()
		r.AddAttrs(slog.Int64("suppressed", n))
	}
	return h.next.Handle(ctx, r)
}

// WithAttrs implements slog.Handler; the limits are shared.
func (h *Sampled) WithAttrs(as []slog.Attr) slog.Handler {
	c := *h
	c.next = h.next.WithAttrs(as)
	return &c
}

// WithGroup implements slog.Handler; the limits are shared.
func (h *Sampled) WithGroup(name string) slog.Handler {
	c := *h
	c.next = h.next.WithGroup(name)
	return &c
}

func (s *sampledState) get(key string, r rate.Limit, burst int) *limited {
	s.mu.Lock()
	defer s.mu.Unlock()
	l, ok := s.keys[key]
	if !ok {
		if len(s.keys) >= maxLogKeys {
			clear(s.keys)
		}
		l = &limited{lim: rate.NewLimiter(r, burst)}
		s.keys[key] = l
	}
	return l
}
