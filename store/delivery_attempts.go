package store

import (
	"time"

	"github.com/stgy/stgypub"
)

// attemptRow holds the retry columns both delivery queues share
// (webhook_deliveries and federation_deliveries), as
// stgypub.DeliveryAttempts keeps them.
type attemptRow struct {
	Body          []byte     `bun:"body"`
	Attempts      int        `bun:"attempts"`
	NextAttemptAt time.Time  `bun:"next_attempt_at"`
	LastStatus    *int       `bun:"last_status"`
	LastError     *string    `bun:"last_error"`
	DeliveredAt   *time.Time `bun:"delivered_at"`
	FailedAt      *time.Time `bun:"failed_at"`
}

func (r *attemptRow) toDomain() stgypub.DeliveryAttempts {
	a := stgypub.DeliveryAttempts{Body: r.Body, Attempts: r.Attempts, NextAttemptAt: r.NextAttemptAt.UTC(),
		DeliveredAt: utcPtr(r.DeliveredAt), FailedAt: utcPtr(r.FailedAt)}
	if r.LastStatus != nil {
		a.LastStatus = *r.LastStatus
	}
	if r.LastError != nil {
		a.LastError = *r.LastError
	}
	return a
}

// attemptOutcome is a delivery attempt's HTTP status and error as nullable
// columns: nil for status 0 (no answer) and for an empty error.
func attemptOutcome(a *stgypub.DeliveryAttempts) (*int, *string) {
	var s *int
	if a.LastStatus != 0 {
		s = &a.LastStatus
	}
	var m *string
	if a.LastError != "" {
		m = &a.LastError
	}
	return s, m
}
