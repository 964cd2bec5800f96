package captcha

import (
	"crypto/rand"
	"encoding/base64"
	"net/http"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/stgy/stgypub"
)

// Config configures a Service; zero values take the defaults noted.
type Config struct {
	// Prefix starts every key (STGY_REDIS_PREFIX).
	Prefix string
	// ChallengeTTL is how long a challenge can be answered; 600 s.
	ChallengeTTL time.Duration
	// MaxWrongAnswers kills a challenge; 5.
	MaxWrongAnswers int
	// PassTTL is a pass's lifetime from issue; one year.
	PassTTL time.Duration
	// PassMaxUses is the number of comments one pass allows; 100.
	PassMaxUses int
	// PassMaxIPs is the number of source addresses one pass allows; 4
	// (the next one invalidates the pass).
	PassMaxIPs int
	// ReservationTTL bounds a reserved use whose request died before
	// committing or releasing it; one minute.
	ReservationTTL time.Duration
	// SecureCookie sets the pass cookie's Secure attribute (https).
	SecureCookie bool
	// Now is the clock; time.Now.
	Now func() time.Time
}

func (c *Config) setDefaults() {
	if c.ChallengeTTL <= 0 {
		c.ChallengeTTL = 600 * time.Second
	}
	if c.MaxWrongAnswers <= 0 {
		c.MaxWrongAnswers = 5
	}
	if c.PassTTL <= 0 {
		c.PassTTL = 365 * 24 * time.Hour
	}
	if c.PassMaxUses <= 0 {
		c.PassMaxUses = 100
	}
	if c.PassMaxIPs <= 0 {
		c.PassMaxIPs = 4
	}
	if c.ReservationTTL <= 0 {
		c.ReservationTTL = time.Minute
	}
	if c.Now == nil {
		c.Now = time.Now
	}
}

// Service issues and checks challenges and passes; it is the CAPTCHA
// side of posting a comment (comment.Service). Errors: CAPTCHA_REQUIRED
// when no valid pass or challenge remains, BAD_USER_INPUT for a wrong
// answer; a Redis failure is an internal error. It is safe for
// concurrent use.
type Service struct {
	rdb redis.UniversalClient
	cfg Config
}

// New returns a Service over rdb.
func New(rdb redis.UniversalClient, cfg Config) *Service {
	cfg.setDefaults()
	return &Service{rdb: rdb, cfg: cfg}
}

// Config returns the configuration with defaults applied.
func (s *Service) Config() Config { return s.cfg }

// Keys (docs/ARCHITECTURE.md "Redis key layout"): the challenge ID or the
// pass token's hash is the Redis Cluster hash tag.
func (s *Service) challengeKey(id string) string {
	return s.cfg.Prefix + "stgy:captcha:challenge:{" + id + "}"
}

func (s *Service) passKey(token string) string {
	return s.cfg.Prefix + "stgy:captcha:pass:{" + passHash(token) + "}"
}

// PassCookie is the Set-Cookie of a new pass: stgy_pub_comment_pass,
// HttpOnly, SameSite=Lax, Path=/, one year (PassTTL), Secure on https.
func (s *Service) PassCookie(token string) *http.Cookie {
	return &http.Cookie{
		Name: stgypub.CaptchaPassCookie, Value: token, Path: "/", MaxAge: int(s.cfg.PassTTL / time.Second),
		Expires: s.cfg.Now().Add(s.cfg.PassTTL).UTC(), HttpOnly: true, SameSite: http.SameSiteLaxMode,
		Secure: s.cfg.SecureCookie,
	}
}

// ClearPassCookie is the Set-Cookie that deletes the pass cookie.
func (s *Service) ClearPassCookie() *http.Cookie {
	return &http.Cookie{
		Name: stgypub.CaptchaPassCookie, Value: "", Path: "/", MaxAge: -1,
		HttpOnly: true, SameSite: http.SameSiteLaxMode, Secure: s.cfg.SecureCookie,
	}
}

// randomID is 16 random bytes, base64url without padding (22 characters).
func randomID() string {
	var b [16]byte
	_, _ = rand.Read(b[:]) // crypto/rand.Read never fails (Go 1.24+)
	return base64.RawURLEncoding.EncodeToString(b[:])
}

// validID reports whether s looks like an ID or token made by this
// package: n base64url characters.
func validID(s string, n int) bool {
	if len(s) != n {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '-' || c == '_') {
			return false
		}
	}
	return true
}
