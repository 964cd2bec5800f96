package comment

import (
	"github.com/redis/go-redis/v9"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/captcha"
)

// Stack is the comment service as the server runs it, with the two
// parts it is built on: the CAPTCHA gate and the public comment cache.
type Stack struct {
	Service *Service
	Gate    *captcha.Service
	Cache   *PublicCache
}

// NewStack builds the comment stack on the one Redis client rdb, every
// key under prefix: the gate from gcfg (its Prefix set to prefix, its
// cookie Secure when cfg's is, its clock cfg.Now unless gcfg has one),
// the public cache logging to cfg.Logger, and the service from cfg.
// cmd/stgy-pub and the tests (internal/apptest) both build it here.
func NewStack(st stgypub.CommentStore, rdb redis.UniversalClient, prefix string, gcfg captcha.Config, cfg Config) Stack {
	gcfg.Prefix = prefix
	gcfg.SecureCookie = gcfg.SecureCookie || cfg.SecureCookie
	if gcfg.Now == nil {
		gcfg.Now = cfg.Now
	}
	gate := captcha.New(rdb, gcfg)
	cache := NewPublicCache(rdb, prefix, cfg.Logger)
	return Stack{Service: New(st, gate, cache, cfg), Gate: gate, Cache: cache}
}
