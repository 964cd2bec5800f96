package api

import (
	"context"
	"net/netip"
	"sync"

	"github.com/99designs/gqlgen/graphql"
	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/gqlerror"

	"github.com/stgy/stgypub"
)

// liveSlots counts the open live connections of this server, per client
// address and in all (LiveLimits.PerAddress, Total).
type liveSlots struct {
	perAddress, total int

	mu     sync.Mutex
	byAddr map[netip.Addr]int
	open   int
}

func newLiveSlots(l LiveLimits) *liveSlots {
	return &liveSlots{perAddress: l.PerAddress, total: l.Total, byAddr: map[netip.Addr]int{}}
}

// acquire takes a slot for ip; release gives it back (once).
func (s *liveSlots) acquire(ip netip.Addr) (release func(), ok bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.open >= s.total || s.byAddr[ip] >= s.perAddress {
		return nil, false
	}
	s.open++
	s.byAddr[ip]++
	var once sync.Once
	return func() {
		once.Do(func() {
			s.mu.Lock()
			defer s.mu.Unlock()
			s.open--
			if s.byAddr[ip]--; s.byAddr[ip] <= 0 {
				delete(s.byAddr, ip)
			}
		})
	}, true
}

// Open is the number of open live connections.
func (s *liveSlots) Open() int { s.mu.Lock(); defer s.mu.Unlock(); return s.open }

// liveConn counts one connection's running subscriptions.
type liveConn struct {
	mu       sync.Mutex
	running  int
	capacity int
}

type liveConnKey struct{}

func withLiveConn(ctx context.Context, capacity int) context.Context {
	return context.WithValue(ctx, liveConnKey{}, &liveConn{capacity: capacity})
}

// liveGuard runs subscriptions only (a query or mutation belongs on the
// plain POST, BAD_REQUEST here) and at most LiveLimits.PerConnection at
// once on one connection (RATE_LIMITED beyond); a subscription's place is
// freed when its context ends (complete, or the connection closes).
type liveGuard struct{}

var _ interface {
	graphql.HandlerExtension
	graphql.OperationInterceptor
} = liveGuard{}

func (liveGuard) ExtensionName() string                   { return "LiveGuard" }
func (liveGuard) Validate(graphql.ExecutableSchema) error { return nil }

func (liveGuard) InterceptOperation(ctx context.Context, next graphql.OperationHandler) graphql.ResponseHandler {
	oc := graphql.GetOperationContext(ctx)
	if oc.Operation == nil || oc.Operation.Operation != ast.Subscription {
		return oneShotError(codedError(stgypub.CodeBadRequest, "only subscriptions run on the live transports; send queries and mutations as plain POST /graphql"))
	}
	c, _ := ctx.Value(liveConnKey{}).(*liveConn)
	if c != nil {
		c.mu.Lock()
		if c.running >= c.capacity {
			c.mu.Unlock()
			return oneShotError(codedError(stgypub.CodeRateLimited, "at most %d subscriptions run at once on one connection", c.capacity))
		}
		c.running++
		c.mu.Unlock()
		context.AfterFunc(ctx, func() { c.mu.Lock(); c.running--; c.mu.Unlock() })
	}
	return next(ctx)
}

func oneShotError(err *gqlerror.Error) graphql.ResponseHandler {
	return graphql.OneShot(&graphql.Response{Errors: gqlerror.List{err}})
}

// liveParams applies the query rules of the plain transport to every
// live operation: persisted queries (by hash, the allow-list and
// PersistedOnly) and the size, token and field limits (checkQuery).
type liveParams struct{ a *api }

var _ interface {
	graphql.HandlerExtension
	graphql.OperationParameterMutator
} = liveParams{}

func (liveParams) ExtensionName() string                   { return "LiveParams" }
func (liveParams) Validate(graphql.ExecutableSchema) error { return nil }

func (l liveParams) MutateOperationParameters(ctx context.Context, p *graphql.RawParams) *gqlerror.Error {
	_, bad := l.a.persisted(ctx, p)
	if bad == nil {
		if _, ok := l.a.cache.Get(ctx, p.Query); !ok {
			bad = l.a.checkQuery(p.Query)
		}
	}
	if bad != nil {
		return codedError(bad.code, "%s", bad.message())
	}
	return nil
}
