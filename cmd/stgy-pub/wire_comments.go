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
// cache, all on the one Redis client (the store queues the comment
// webhooks in the comment writes' transactions).
func wireComments(st *store.Store, rdb redis.UniversalClient, cfg *config, logger *slog.Logger, events stgypub.LiveEvents) (*comment.Service, *captcha.Service) {
	secure := cfg.BaseURL.Scheme == "https"
	gate := captcha.New(rdb, captcha.Config{Prefix: cfg.RedisPrefix, SecureCookie: secure})
	cache := comment.NewPublicCache(rdb, cfg.RedisPrefix, logger)
	svc := comment.New(st, gate, cache, comment.Config{
		MaxComments: cfg.Comments.MaxComments, Logger: logger, SecureCookie: secure, Events: events,
	})
	return svc, gate
}
