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
// under the write limit. Over the limit the field fails with RATE_LIMITED
// and the response status is 429 with Retry-After. A client is known by
// visitor.AddressKey of its address (never the address itself), counted
// in Redis so limits hold across app servers; while Redis is unavailable
// each process counts on its own (fallbackCounter), so the limits still
// hold per process and login never fails because of Redis.
type rateLimits struct {
	login, write *httprate.RateLimiter
	secret       []byte
}

var _ interface {
	graphql.HandlerExtension
	graphql.FieldInterceptor
} = rateLimits{}

func newRateLimits(cfg Config, rdb redis.UniversalClient, log *slog.Logger) rateLimits {
	mk := func(name string, n int) *httprate.RateLimiter {
		opts := []httprate.Option{httprate.WithErrorHandler(func(_ http.ResponseWriter, r *http.Request, err error) {
			if rq := requestFrom(r.Context()); rq != nil {
				rq.limitErr = err
			}
		})}
		if rdb != nil {
			local := httprate.NewRateLimiter(n, time.Minute).Counter()
			opts = append(opts, httprate.WithLimitCounter(&fallbackCounter{
				primary: newRedisCounter(rdb, cfg.RedisPrefix+"stgy:ratelimit:"+name+":"), local: local, log: log}))
		}
		return httprate.NewRateLimiter(n, time.Minute, opts...)
	}
	secret := cfg.AddressSecret
	if len(secret) == 0 {
		secret = make([]byte, 32)
		_, _ = rand.Read(secret)
	}
	return rateLimits{login: mk("login", cfg.LoginPerMinute), write: mk("write", cfg.WritesPerMinute), secret: secret}
}

func (rateLimits) ExtensionName() string                   { return "RateLimits" }
func (rateLimits) Validate(graphql.ExecutableSchema) error { return nil }

func (l rateLimits) InterceptField(ctx context.Context, next graphql.Resolver) (any, error) {
	fc := graphql.GetFieldContext(ctx)
	rq := requestFrom(ctx)
	if fc == nil || fc.Object != "Mutation" || rq == nil || fc.Field.Name == "recordPubView" {
		return next(ctx)
	}
	lim := l.write
	if fc.Field.Name == "login" {
		lim = l.login
	}
	if lim.OnLimit(rq.w, rq.r, visitor.AddressKey(l.secret, "ratelimit", rq.ip)) {
		if rq.limitErr != nil {
			return nil, rq.limitErr // presented as INTERNAL and logged
		}
		rq.status = http.StatusTooManyRequests
		return nil, stgypub.Errorf(stgypub.CodeRateLimited, "too many requests from this address; retry later")
	}
	return next(ctx)
}
