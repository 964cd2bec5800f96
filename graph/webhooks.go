package graph

import (
	"context"
	"time"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/graph/model"
)

// WebhookService is the owners' webhook operations (webhook.Service
// implements it; docs/WEBHOOKS.md).
type WebhookService interface {
	Create(ctx context.Context, viewer *stgypub.User, url string, events []stgypub.WebhookEvent) (*stgypub.Webhook, error)
	List(ctx context.Context, viewer *stgypub.User) ([]*stgypub.Webhook, error)
	Delete(ctx context.Context, viewer *stgypub.User, id stgypub.ID) error
	Deliveries(ctx context.Context, h *stgypub.Webhook, first int) ([]*stgypub.WebhookDelivery, error)
}

// deliveryState is WebhookDelivery.state.
func deliveryState(d *stgypub.WebhookDelivery) model.WebhookDeliveryState {
	switch {
	case d.DeliveredAt != nil:
		return model.WebhookDeliveryStateDelivered
	case d.FailedAt != nil:
		return model.WebhookDeliveryStateFailed
	}
	return model.WebhookDeliveryStatePending
}

// nextAttempt is WebhookDelivery.nextAttemptAt: null once settled.
func nextAttempt(d *stgypub.WebhookDelivery) *time.Time {
	if deliveryState(d) != model.WebhookDeliveryStatePending {
		return nil
	}
	return &d.NextAttemptAt
}

// nonZero is nil for the zero value (an absent status, error or ID).
func nonZero[T comparable](v T) *T {
	var zero T
	if v == zero {
		return nil
	}
	return &v
}
