package api

import (
	"context"
	"crypto/rand"
	"log/slog"
	"net/http"
	"time"

	"github.com/99designs/gqlgen/graphql"
	"github.com/go-chi/httprate"
	"github.com/redis/go-redis/v9"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/visitor"
)

// rateLimits applies per-client limits to mutations: login under its
// own limit, every other mutation except recordPubView (signed, counted
// once per fingerprint, and sent by SSR frontends for every page view)
// under the write limit; on top of it createCaptchaChallenge and
// verifyCaptcha together under the hourly CAPTCHA limit and
// postPubComment under the hourly comment limit (every aliased field
// counts). Over the limit the field fails with RATE_LIMITED
// and the response status is 429 with Retry-After. A client is known by
// visitor.AddressKey of its address (never the address itself), counted
// in Redis so limits hold across app servers; while Redis is unavailable
// each process counts on its own (fallbackCounter), so the limits still
// hold per process and login never fails because of Redis.
type rateLimits struct {
	login, write  *httprate.RateLimiter
	captcha, post *httprate.RateLimiter // per hour
	secret        []byte
}

var _ interface {
	graphql.HandlerExtension
	graphql.FieldInterceptor
} = rateLimits{}

func newRateLimits(cfg Config, rdb redis.UniversalClient, log *slog.Logger) rateLimits {
	mk := func(name string, n int, window time.Duration) *httprate.RateLimiter {
		opts := []httprate.Option{httprate.WithErrorHandler(func(_ http.ResponseWriter, r *http.Request, err error) {
			if rq := requestFrom(r.Context()); rq != nil {
				rq.limitErr = err
			}
		})}
		if rdb != nil {
			local := httprate.NewRateLimiter(n, window).Counter()
			opts = append(opts, httprate.WithLimitCounter(&fallbackCounter{
				primary: newRedisCounter(rdb, cfg.RedisPrefix+"stgy:ratelimit:"+name+":"), local: local, log: log}))
		}
		return httprate.NewRateLimiter(n, window, opts...)
	}
	secret := cfg.AddressSecret
	if len(secret) == 0 {
		secret = make([]byte, 32)
		_, _ = rand.Read(secret)
	}
	return rateLimits{
		login: mk("login", cfg.LoginPerMinute, time.Minute), write: mk("write", cfg.WritesPerMinute, time.Minute),
		captcha: mk("captcha", cfg.CaptchaPerHour, time.Hour), post: mk("comment", cfg.CommentsPerHour, time.Hour),
		secret: secret,
	}
}

func (rateLimits) ExtensionName() string                   { return "RateLimits" }
func (rateLimits) Validate(graphql.ExecutableSchema) error { return nil }

func (l rateLimits) InterceptField(ctx context.Context, next graphql.Resolver) (any, error) {
	fc := graphql.GetFieldContext(ctx)
	rq := requestFrom(ctx)
	if fc == nil || fc.Object != "Mutation" || rq == nil || fc.Field.Name == "recordPubView" {
		return next(ctx)
	}
	lims := []*httprate.RateLimiter{l.write}
	switch fc.Field.Name {
	case "login":
		lims[0] = l.login
	case "createCaptchaChallenge", "verifyCaptcha":
		lims = append(lims, l.captcha)
	case "postPubComment":
		lims = append(lims, l.post)
	}
	key := visitor.AddressKey(l.secret, "ratelimit", rq.ip)
	for _, lim := range lims {
		if lim.OnLimit(rq.w, rq.r, key) {
			if rq.limitErr != nil {
				return nil, rq.limitErr // presented as INTERNAL and logged
			}
			rq.status = http.StatusTooManyRequests
			return nil, stgypub.Errorf(stgypub.CodeRateLimited, "too many %s requests from this address; retry later", fc.Field.Name)
		}
	}
	return next(ctx)
}
