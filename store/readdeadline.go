package store

import (
	"context"

	"github.com/uptrace/bun"

	"github.com/stgy/stgypub"
)

// readDeadlineHook bounds every read-only bun query (isRead) by its
// context's read deadline (stgypub.WithReadDeadline), the connection
// wait of the pool included; writes keep their caller's context.
//
// The bounded context is not cancelled in AfterQuery: bun calls it when
// QueryContext returns, before the caller reads the rows, and database/sql
// closes rows whose context ends. It ends at the deadline (releasing its
// timer) or with the request.
type readDeadlineHook struct{}

var _ bun.QueryHook = readDeadlineHook{}

func (readDeadlineHook) BeforeQuery(ctx context.Context, e *bun.QueryEvent) context.Context {
	t, ok := stgypub.ReadDeadline(ctx)
	if !ok || !isRead(e.Query) {
		return ctx
	}
	if d, ok := ctx.Deadline(); ok && !d.After(t) {
		return ctx // already bounded as tightly
	}
	ctx, cancel := context.WithDeadline(ctx, t)
	context.AfterFunc(ctx, cancel) // released when it ends: see the type's comment
	return ctx
}

func (readDeadlineHook) AfterQuery(context.Context, *bun.QueryEvent) {}
