package graph

import (
	"time"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/graph/model"
)

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
