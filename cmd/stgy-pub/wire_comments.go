package main

import (
	"log/slog"

	"github.com/redis/go-redis/v9"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/captcha"
	"github.com/stgy/stgypub/comment"
	"github.com/stgy/stgypub/store"
)

// wireComments builds the CAPTCHA and the comment service with its public
// cache, all on the one Redis client (comment.NewStack, which the tests'
// fixture builds too); hooks queues the comment webhooks.
func wireComments(st *store.Store, rdb redis.UniversalClient, cfg *config, logger *slog.Logger, events stgypub.LiveEvents, hooks stgypub.WebhookQueue) (*comment.Service, *captcha.Service) {
	s := comment.NewStack(st, rdb, cfg.RedisPrefix, captcha.Config{}, comment.Config{
		MaxComments: cfg.Comments.MaxComments, Logger: logger, SecureCookie: cfg.BaseURL.Scheme == "https",
		Events: events, Webhooks: hooks,
	})
	return s.Service, s.Gate
}
