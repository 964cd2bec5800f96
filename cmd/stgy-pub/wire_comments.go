package main

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
func wireComments(st *store.Store, rdb redis.UniversalClient, cfg *config, logger *slog.Logger, events *live.Hub) (*comment.Service, *captcha.Service) {
	s := comment.NewStack(st, rdb, cfg.RedisPrefix, captcha.Config{}, comment.Config{
		MaxComments: cfg.Comments.MaxComments, Logger: logger, SecureCookie: cfg.BaseURL.Scheme == "https", Events: events,
	})
	return s.Service, s.Gate
}
