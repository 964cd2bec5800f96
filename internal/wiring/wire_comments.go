package wiring

import (
	"log/slog"

	"github.com/redis/go-redis/v9"

	"github.com/stgy/stgypub/captcha"
	"github.com/stgy/stgypub/comment"
	"github.com/stgy/stgypub/live"
	"github.com/stgy/stgypub/store"
)

// wireComments builds the CAPTCHA and the comment service with its public
// cache, all on the one Redis client (comment.NewStack, which the tests'
// fixture builds too; the store queues the comment webhooks in the
// comment writes' transactions).
func wireComments(st *store.Store, rdb redis.UniversalClient, cfg Config, logger *slog.Logger, events *live.Hub) (*comment.Service, *captcha.Service) {
	ccfg := cfg.Comments
	ccfg.Logger, ccfg.SecureCookie, ccfg.Events = logger, cfg.BaseURL.Scheme == "https", events
	s := comment.NewStack(st.Comments, rdb, cfg.RedisPrefix, cfg.Captcha, ccfg)
	return s.Service, s.Gate
}
