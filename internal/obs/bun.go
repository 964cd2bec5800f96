package obs

import (
	"context"
	"time"

	"github.com/uptrace/bun"

	"github.com/stgy/stgypub"
)

// QueryHook is a bun query hook that reports every SQL statement's
// duration to observe (Dependencies.Observer("postgres", nil)); only
// errors that mean PostgreSQL is down or too slow (stgypub.IsUnavailable)
// count as errors: no rows, constraint violations and the like are answers.
type QueryHook struct{ observe func(time.Duration, error) }

var _ bun.QueryHook = QueryHook{}

// NewQueryHook returns a QueryHook reporting to observe.
func NewQueryHook(observe func(time.Duration, error)) QueryHook { return QueryHook{observe: observe} }

// BeforeQuery implements bun.QueryHook.
func (QueryHook) BeforeQuery(ctx context.Context, _ *bun.QueryEvent) context.Context { return ctx }

// AfterQuery implements bun.QueryHook.
func (h QueryHook) AfterQuery(_ context.Context, e *bun.QueryEvent) {
	err := e.Err
	if !stgypub.IsUnavailable(err) {
		err = nil
	}
	h.observe(time.Since(e.StartTime), err)
}
