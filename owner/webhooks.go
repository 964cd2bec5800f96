package owner

import (
	"context"
	"log/slog"

	"github.com/stgy/stgypub"
)

// WithWebhooks makes s queue the post events (docs/WEBHOOKS.md "Events")
// on q right after each write commits: POST_PUBLISHED and
// POST_UNPUBLISHED from SetPublication (q decides from the stored state,
// so the scheduled post poller and s never both announce), POST_UPDATED
// from UpdatePost of a published post. A failed enqueue is logged to
// logger and never fails the write. Call it before s is shared; it
// returns s.
func (s *Service) WithWebhooks(q stgypub.WebhookQueue, logger *slog.Logger) *Service {
	if logger == nil {
		logger = slog.New(slog.DiscardHandler)
	}
	s.hooks, s.hookLog = q, logger
	return s
}

func (s *Service) announcePublication(ctx context.Context, id stgypub.ID) {
	if s.hooks == nil {
		return
	}
	if err := s.hooks.AnnouncePublication(context.WithoutCancel(ctx), id, s.now()); err != nil {
		s.hookLog.Warn("owner: queue publication webhook", "post", id, "err", err)
	}
}

func (s *Service) announceUpdate(ctx context.Context, p *stgypub.Post) {
	now := s.now()
	if s.hooks == nil || !p.IsPublished(now) {
		return
	}
	if err := s.hooks.EnqueueWebhookEvent(context.WithoutCancel(ctx), p.OwnedBy, stgypub.EventPostUpdated, p.ID, 0, now); err != nil {
		s.hookLog.Warn("owner: queue update webhook", "post", p.ID, "err", err)
	}
}
