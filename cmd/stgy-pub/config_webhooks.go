package main

import (
	"time"

	"github.com/stgy/stgypub/webhook"
)

// webhookConfig is the webhook part of the configuration (README
// "Configuration", docs/WEBHOOKS.md).
type webhookConfig struct {
	// AllowLoopback is STGY_WEBHOOK_ALLOW_LOOPBACK: http:// URLs and
	// loopback targets are accepted (development and tests only; default
	// false).
	AllowLoopback bool
	// MaxPerOwner is STGY_WEBHOOK_MAX_PER_OWNER (1-1000, default 10).
	MaxPerOwner int
	// Timeout is STGY_WEBHOOK_TIMEOUT: one attempt, connection to the end
	// of the answer (1s-1m, default 10s).
	Timeout time.Duration
	// RetryFor is STGY_WEBHOOK_RETRY_FOR: how long after its event a
	// delivery is retried (1m-168h, default 24h).
	RetryFor time.Duration
	// Poll is STGY_WEBHOOK_POLL: how often the queue and the scheduled
	// posts are looked at (100ms-5m, default 5s).
	Poll time.Duration
	// Concurrency is STGY_WEBHOOK_CONCURRENCY: deliveries sent at once by
	// this process; 0 runs no worker here (0-64, default 4).
	Concurrency int
}

func loadWebhookConfig() (webhookConfig, error) {
	var c webhookConfig
	var err error
	if c.AllowLoopback, err = parseBool("STGY_WEBHOOK_ALLOW_LOOPBACK", env("STGY_WEBHOOK_ALLOW_LOOPBACK", "false")); err != nil {
		return c, err
	}
	if c.MaxPerOwner, err = envInt("STGY_WEBHOOK_MAX_PER_OWNER", webhook.DefaultMaxPerOwner, 1, 1000); err != nil {
		return c, err
	}
	if c.Timeout, err = envDuration("STGY_WEBHOOK_TIMEOUT", 10*time.Second, time.Second, time.Minute); err != nil {
		return c, err
	}
	if c.RetryFor, err = envDuration("STGY_WEBHOOK_RETRY_FOR", 24*time.Hour, time.Minute, 168*time.Hour); err != nil {
		return c, err
	}
	if c.Poll, err = envDuration("STGY_WEBHOOK_POLL", 5*time.Second, 100*time.Millisecond, 5*time.Minute); err != nil {
		return c, err
	}
	c.Concurrency, err = envInt("STGY_WEBHOOK_CONCURRENCY", 4, 0, 64)
	return c, err
}
