package stgypub

import (
	"context"
	"time"
)

// readDeadlineKey carries a request's read deadline (WithReadDeadline).
type readDeadlineKey struct{}

// WithReadDeadline returns ctx carrying t, the time by which every
// PostgreSQL read made on its behalf (pages, feeds, GraphQL) and every
// owner's read of Redis figures (Stats, rankings) must be answered; a read
// still waiting then fails with context.DeadlineExceeded, which
// IsUnavailable reports (503 + Retry-After, UNAVAILABLE). Writes are not
// bounded by it. The HTTP server sets it on every request
// (STGY_PG_READ_DEADLINE, README "Configuration"); an earlier deadline
// already on ctx stays.
func WithReadDeadline(ctx context.Context, t time.Time) context.Context {
	return context.WithValue(ctx, readDeadlineKey{}, t)
}

// ReadDeadline is ctx's read deadline (WithReadDeadline), if any; a zero
// time (WithReadDeadline(ctx, time.Time{}): a GraphQL mutation, whose
// reads come with its writes) is none.
func ReadDeadline(ctx context.Context) (time.Time, bool) {
	t, ok := ctx.Value(readDeadlineKey{}).(time.Time)
	return t, ok && !t.IsZero()
}

// BoundRead returns ctx bounded by its read deadline, when it carries
// one, and the function that releases it (call it when the read is done).
func BoundRead(ctx context.Context) (context.Context, context.CancelFunc) {
	if t, ok := ReadDeadline(ctx); ok {
		return context.WithDeadline(ctx, t)
	}
	return ctx, func() {}
}
