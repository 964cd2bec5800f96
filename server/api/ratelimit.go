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
	"github.com/stgy/stgypub/auth"
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
// and the response status is 429 with Retry-After. A reader is known by
// visitor.AddressKey of its address (never the address itself); a
// signed-in user (owner, admin) by their account, under the account
// limits (generous, and never the readers' buckets: readers sharing the
// owner's address cannot lock the owner out, nor the owner them).
// Counted in Redis so limits hold across app servers; while Redis is
// unavailable each process counts on its own (fallbackCounter), so the
// limits still hold per process and login never fails because of Redis.
// A postPubComment that stores nothing (a wrong CAPTCHA answer, too long
// a text, a closed section) gives its comment allowance back.
type rateLimits struct {
	login, write  *httprate.RateLimiter
	captcha, post *httprate.RateLimiter // per hour
	// Signed-in users' buckets, per account.
	accountWrite, accountCaptcha, accountPost *httprate.RateLimiter
	secret                                    []byte
}

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
		accountWrite:   mk("account-write", cfg.AccountWritesPerMinute, time.Minute),
		accountCaptcha: mk("account-captcha", cfg.CaptchaPerHour, time.Hour),
		accountPost:    mk("account-comment", cfg.AccountCommentsPerHour, time.Hour),
		secret:         secret,
	}
}

// field applies the rate limits of a mutation (fieldGuards calls it for
// every field; other fields pass).
func (l rateLimits) field(ctx context.Context, next graphql.Resolver) (any, error) {
	fc := graphql.GetFieldContext(ctx)
	rq := requestFrom(ctx)
	if fc == nil || fc.Object != "Mutation" || rq == nil || fc.Field.Name == "recordPubView" {
		return next(ctx)
	}
	b := l.buckets(ctx, rq)
	lims := []*httprate.RateLimiter{b.write}
	var post *httprate.RateLimiter
	switch fc.Field.Name {
	case "login":
		// Login is per address whoever asks (a session does not vouch
		// for the next password guess).
		lims[0], b.key, b.account = l.login, visitor.AddressKey(l.secret, "ratelimit", rq.ip), false
	case "createCaptchaChallenge", "verifyCaptcha":
		lims = append(lims, b.captcha)
	case "postPubComment":
		// An attempt the resolver refuses for its nickname or body does
		// not use the hourly comment allowance (the write limit still
		// counts it): a reader who mistypes is not locked out for an
		// hour. Other refusals give it back after the resolver ran.
		if commentInputValid(fc.Args["input"]) {
			post = b.post
			lims = append(lims, post)
		}
	}
	var postWindow time.Time
	for _, lim := range lims {
		window := time.Now().UTC().Truncate(windowOf(lim, b))
		if lim.OnLimit(rq.w, rq.r, b.key) {
			if rq.limitErr != nil {
				return nil, rq.limitErr // presented as INTERNAL and logged
			}
			rq.status = http.StatusTooManyRequests
			return nil, l.tooMany(fc.Field.Name, rq, b)
		}
		if lim == post {
			postWindow = window
		}
	}
	res, err := next(ctx)
	if err != nil && post != nil {
		// Nothing was stored (a wrong CAPTCHA answer, a closed section,
		// the cap): the comment allowance is given back. A Redis failure
		// here leaves it used (logged by the counter).
		_ = post.Counter().IncrementBy(b.key, postWindow, -1)
	}
	return res, err
}

// buckets are the limiters and key that apply to one request's viewer.
type buckets struct {
	write, captcha, post *httprate.RateLimiter
	key                  string
	account              bool
}

func (l rateLimits) buckets(ctx context.Context, rq *request) buckets {
	if u := auth.Viewer(ctx); u != nil {
		return buckets{write: l.accountWrite, captcha: l.accountCaptcha, post: l.accountPost,
			key: "account:" + u.ID.String(), account: true}
	}
	return buckets{write: l.write, captcha: l.captcha, post: l.post, key: visitor.AddressKey(l.secret, "ratelimit", rq.ip)}
}

// windowOf is lim's window length (the hourly limiters are the CAPTCHA
// and comment ones).
func windowOf(lim *httprate.RateLimiter, b buckets) time.Duration {
	if lim == b.captcha || lim == b.post {
		return time.Hour
	}
	return time.Minute
}

// tooMany is the RATE_LIMITED error. Its extensions say whose allowance
// ran out: limitedBy "account", or "address" with clientNetwork (the
// network the server believes the client is in, visitor.AddressPrefix)
// and clientKey (8 hex digits of the keyed address hash): every reader
// showing one network and key means a proxy that is not listed in
// STGY_TRUSTED_PROXIES (README "Behind a proxy"). Neither is logged.
func (l rateLimits) tooMany(field string, rq *request, b buckets) error {
	wait := waitText(rq.w.Header().Get("Retry-After"))
	if b.account {
		e := stgypub.Errorf(stgypub.CodeRateLimited, "too many %s requests from this account; retry in %s", field, wait)
		e.Details = map[string]any{"limitedBy": "account"}
		return e
	}
	e := stgypub.Errorf(stgypub.CodeRateLimited, "too many %s requests from this address; retry in %s", field, wait)
	e.Details = map[string]any{"limitedBy": "address", "clientKey": visitor.AddressKey(l.secret, "ratelimit-tag", rq.ip)[:8]}
	if p := visitor.AddressPrefix(rq.ip); p.IsValid() {
		e.Details["clientNetwork"] = p.String()
	}
	return e
}

// commentInputValid reports whether a postPubComment input has a nickname
// and body the comment rules accept (stgypub.CheckNickname,
// stgypub.CheckBody); anything else, a missing input included, is not.
func commentInputValid(v any) bool {
	in, ok := v.(model.PostPubCommentInput)
	if !ok {
		return false
	}
	if _, err := stgypub.CheckNickname(in.Nickname, stgypub.CommentNicknameMaxChars); err != nil {
		return false
	}
	_, err := stgypub.CheckBody(in.Body, stgypub.CommentBodyMaxChars)
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
