package stgypub

import "time"

// DeliveryErrorMaxLen is the most code points of an attempt's error kept
// in DeliveryAttempts.LastError (longer ones end with "…").
const DeliveryErrorMaxLen = 300

// DeliveryAttempts is the retry state of one delivery in a durable queue
// in PostgreSQL: a webhook's event (WebhookDelivery, docs/WEBHOOKS.md
// "Delivery") or a federated activity (FederationDelivery,
// docs/FEDERATION.md "Delivery"). Body is what is sent, nil until the
// first attempt builds it and then the same bytes on every retry.
// Attempts counts the attempts claimed so far; NextAttemptAt is when the
// next is due (also the claim's lease while one runs). LastStatus is the
// last answer's HTTP status (0: no answer); LastError says why the last
// attempt failed ("" after success or before any). DeliveredAt is set by
// a 2xx answer, FailedAt when retries gave up.
type DeliveryAttempts struct {
	Body          []byte
	Attempts      int
	NextAttemptAt time.Time
	LastStatus    int
	LastError     string
	DeliveredAt   *time.Time
	FailedAt      *time.Time
}

// Settle records the outcome of the attempt that ended at now, the one
// rule of both queues: status is the answer's HTTP status (0: none) and
// err nil for a delivered (2xx) attempt. A failed attempt keeps err's
// text (cut to DeliveryErrorMaxLen code points) and is due again after
// wait, unless that is after giveUpAt: then it has given up (FailedAt).
func (a *DeliveryAttempts) Settle(now time.Time, status int, err error, wait time.Duration, giveUpAt time.Time) {
	a.LastStatus, a.LastError = status, ""
	if err == nil {
		a.DeliveredAt = &now
		return
	}
	a.LastError = TruncateEllipsis(err.Error(), DeliveryErrorMaxLen)
	a.NextAttemptAt = now.Add(wait)
	if a.NextAttemptAt.After(giveUpAt) {
		a.FailedAt = &now
	}
}
