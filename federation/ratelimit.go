package federation

import (
	"math"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"time"

	lru "github.com/hashicorp/golang-lru/v2"
	"golang.org/x/time/rate"
)

// inboxLimitHosts bounds the remote servers whose limiter this process
// remembers; a server forgotten starts again with a full burst.
const inboxLimitHosts = 4096

// inboxLimits is the per-remote-server rate limit of the inbox: one
// token bucket (golang.org/x/time/rate) per host of the signing key, in
// this process's memory.
type inboxLimits struct {
	mu    sync.Mutex
	every rate.Limit
	burst int
	hosts *lru.Cache[string, *rate.Limiter]
}

func newInboxLimits(perMinute float64, burst int) *inboxLimits {
	c, _ := lru.New[string, *rate.Limiter](inboxLimitHosts)
	return &inboxLimits{every: rate.Limit(perMinute / 60), burst: burst, hosts: c}
}

// allow takes one activity of the server keyID is on at now; when the
// server is over its limit it returns how long until the next one is
// allowed (0: allowed).
func (l *inboxLimits) allow(keyID string, now time.Time) time.Duration {
	host := keyHost(keyID)
	l.mu.Lock()
	lim, ok := l.hosts.Get(host)
	if !ok {
		lim = rate.NewLimiter(l.every, l.burst)
		l.hosts.Add(host, lim)
	}
	l.mu.Unlock()
	r := lim.ReserveN(now, 1)
	if d := r.DelayFrom(now); d > 0 {
		r.CancelAt(now)
		return d
	}
	return 0
}

// keyHost is the lower-case host (with port) of a key ID URL.
func keyHost(keyID string) string {
	if u, err := url.Parse(keyID); err == nil && u.Host != "" {
		return strings.ToLower(u.Host)
	}
	return keyID
}

// tooMany is the inbox's 429 for a server over its limit, Retry-After
// the whole seconds until the next activity is allowed (at least 1).
func tooMany(keyID string, wait time.Duration) error {
	secs := max(1, int(math.Ceil(wait.Seconds())))
	return &InboxError{Status: http.StatusTooManyRequests, RetryAfter: secs,
		Reason: "too many activities from " + keyHost(keyID) + "; retry after " + strconv.Itoa(secs) + " s"}
}
