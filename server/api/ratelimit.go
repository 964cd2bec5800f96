package api

import (
	"context"
	"crypto/rand"
	"log/slog"
	"net/http"
	"strconv"
	"time"

	"github.com/99designs/gqlgen/graphql"
	"github.com/go-chi/httprate"
	"github.com/redis/go-redis/v9"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/comment"
	"github.com/stgy/stgypub/graph/model"
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
		// An attempt the resolver refuses for its nickname or body does
		// not use the hourly comment allowance (the write limit still
		// counts it): a reader who mistypes is not locked out for an
		// hour.
		if commentInputValid(fc.Args["input"]) {
			lims = append(lims, l.post)
		}
	}
	key := visitor.AddressKey(l.secret, "ratelimit", rq.ip)
	for _, lim := range lims {
		if lim.OnLimit(rq.w, rq.r, key) {
			if rq.limitErr != nil {
				return nil, rq.limitErr // presented as INTERNAL and logged
			}
			rq.status = http.StatusTooManyRequests
			return nil, stgypub.Errorf(stgypub.CodeRateLimited, "too many %s requests from this address; retry in %s",
				fc.Field.Name, waitText(rq.w.Header().Get("Retry-After")))
		}
	}
	return next(ctx)
}

// commentInputValid reports whether a postPubComment input has a nickname
// and body the comment rules accept (comment.CheckNickname,
// comment.CheckBody); anything else, a missing input included, is not.
func commentInputValid(v any) bool {
	in, ok := v.(model.PostPubCommentInput)
	if !ok {
		return false
	}
	if _, err := comment.CheckNickname(in.Nickname, stgypub.CommentNicknameMaxChars); err != nil {
		return false
	}
	_, err := comment.CheckBody(in.Body, stgypub.CommentBodyMaxChars)
	return err == nil
}

// waitText is a Retry-After value (seconds) in words, rounded up: "1
// second", "45 seconds", "2 minutes", "59 minutes", "1 hour" (3600),
// "2 hours"; "a while" when the header is missing or not a number.
func waitText(retryAfter string) string {
	n, err := strconv.Atoi(retryAfter)
	if err != nil || n <= 0 {
		return "a while"
	}
	unit := func(n int, one string) string {
		if n == 1 {
			return "1 " + one
		}
		return strconv.Itoa(n) + " " + one + "s"
	}
	switch {
	case n < 60:
		return unit(n, "second")
	case n < 3600:
		return unit((n+59)/60, "minute")
	}
	return unit((n+3599)/3600, "hour")
}
