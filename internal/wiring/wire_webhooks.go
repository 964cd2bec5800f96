package wiring

import (
	"log/slog"
	"time"

	"github.com/stgy/stgypub/store"
	"github.com/stgy/stgypub/webhook"
)

// wireWebhooks builds the webhook worker (nil when STGY_WEBHOOK_CONCURRENCY
// is 0: another process delivers), woken by st after each commit that
// queued deliveries (the store queues them in the writes' transactions),
// and the owners' webhook service.
func wireWebhooks(st *store.Store, cfg Config, logger *slog.Logger) (*webhook.Worker, *webhook.Service) {
	h := cfg.Hooks
	if h.AllowLoopback {
		logger.Warn("STGY_WEBHOOK_ALLOW_LOOPBACK=true: webhooks may call http:// and loopback addresses (development and tests only)")
	}
	svc := webhook.NewService(st.Webhooks, webhook.ServiceConfig{MaxPerOwner: h.MaxPerOwner, AllowLoopback: h.AllowLoopback})
	if h.Concurrency == 0 {
		return nil, svc
	}
	client := webhook.NewClient(webhook.ClientConfig{AllowLoopback: h.AllowLoopback, Timeout: h.Timeout})
	w := webhook.NewWorker(webhook.Stores{Hooks: st.Webhooks, Posts: st.Posts, Users: st.Users}, client, webhook.WorkerConfig{
		BaseURL: cfg.BaseURL.String(), Poll: h.Poll, RetryFor: h.RetryFor, Concurrency: h.Concurrency,
		Lease: 2*h.Timeout + time.Minute, Logger: logger,
	})
	st.WebhookQueued = w.Wake
	return w, svc
}
