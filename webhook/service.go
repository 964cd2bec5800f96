package webhook

import (
	"context"
	"fmt"
	"net"

	"github.com/stgy/stgypub"
)

// DefaultMaxPerOwner is how many hooks an owner may have unless
// STGY_WEBHOOK_MAX_PER_OWNER says otherwise.
const DefaultMaxPerOwner = 10

// MaxDeliveriesListed caps Deliveries' first.
const MaxDeliveriesListed = 100

// ServiceConfig configures a Service.
type ServiceConfig struct {
	// MaxPerOwner caps an owner's hooks; DefaultMaxPerOwner when <= 0.
	MaxPerOwner int
	// AllowLoopback: as ClientConfig's (http and loopback targets).
	AllowLoopback bool
	// Resolver looks hosts up for the check at creation; net.DefaultResolver.
	Resolver *net.Resolver
}

// Service is the owners' webhook operations (createWebhook, webhooks,
// deleteWebhook, Webhook.deliveries): a viewer manages their own hooks
// only. It is safe for concurrent use.
type Service struct {
	hooks stgypub.WebhookStore
	cfg   ServiceConfig
}

// NewService returns a Service over hooks.
func NewService(hooks stgypub.WebhookStore, cfg ServiceConfig) *Service {
	if cfg.MaxPerOwner <= 0 {
		cfg.MaxPerOwner = DefaultMaxPerOwner
	}
	if cfg.Resolver == nil {
		cfg.Resolver = net.DefaultResolver
	}
	return &Service{hooks: hooks, cfg: cfg}
}

// Create registers a hook of viewer calling url for events, with a new
// secret. Errors: UNAUTHENTICATED; BAD_USER_INPUT (field "url" or
// "events": stgypub.CheckWebhookURL, stgypub.ParseWebhookEvents);
// WEBHOOK_URL_REFUSED (CheckTarget: the host does not resolve or
// resolves to a refused address); WEBHOOK_LIMIT_REACHED (MaxPerOwner).
func (s *Service) Create(ctx context.Context, viewer *stgypub.User, url string, events []stgypub.WebhookEvent) (*stgypub.Webhook, error) {
	if err := stgypub.RequireLogin(viewer); err != nil {
		return nil, err
	}
	u, err := stgypub.CheckWebhookURL(url, s.cfg.AllowLoopback)
	if err != nil {
		return nil, err
	}
	evs, err := stgypub.ParseWebhookEvents(events)
	if err != nil {
		return nil, err
	}
	if err := CheckTarget(ctx, s.cfg.Resolver, u.Hostname(), s.cfg.AllowLoopback); err != nil {
		return nil, err
	}
	h := &stgypub.Webhook{OwnerID: viewer.ID, URL: u.String(), Events: evs, Secret: NewSecret()}
	if err := s.hooks.CreateWebhook(ctx, h, s.cfg.MaxPerOwner); err != nil {
		return nil, fmt.Errorf("webhook: create: %w", err)
	}
	return h, nil
}

// List returns viewer's hooks, oldest first. Errors: UNAUTHENTICATED.
func (s *Service) List(ctx context.Context, viewer *stgypub.User) ([]*stgypub.Webhook, error) {
	if err := stgypub.RequireLogin(viewer); err != nil {
		return nil, err
	}
	return s.hooks.Webhooks(ctx, viewer.ID)
}

// Delete removes viewer's hook id and its queued deliveries. Errors:
// UNAUTHENTICATED, NOT_FOUND (no such hook of viewer's).
func (s *Service) Delete(ctx context.Context, viewer *stgypub.User, id stgypub.ID) error {
	if err := stgypub.RequireLogin(viewer); err != nil {
		return err
	}
	return s.hooks.DeleteWebhook(ctx, viewer.ID, id)
}

// Deliveries returns hook h's first most recent deliveries, newest first;
// first is clamped to 1-MaxDeliveriesListed. h comes from List, so it is
// the viewer's.
func (s *Service) Deliveries(ctx context.Context, h *stgypub.Webhook, first int) ([]*stgypub.WebhookDelivery, error) {
	return s.hooks.WebhookDeliveries(ctx, h.ID, min(max(first, 1), MaxDeliveriesListed))
}
