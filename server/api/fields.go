package api

import (
	"context"

	"github.com/99designs/gqlgen/graphql"
	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/gqlerror"
)

// fieldGuards is the API's one field middleware: the introspection
// refusal (when introspection is off), then requestMarks, then
// rateLimits, as three middlewares in that order did, merged so that a
// plain field (plainField: a struct field of scalar type outside the root,
// named in no table; most of a response, 1,500 DayPV fields on a 50-row
// Stats page) costs one interceptor call instead of three. None of the
// three acts on a plain field: introspection and rate limits are root
// fields, marks skip plain fields. Below the root only the marks act, and
// they run in this call's frame: each resolver field runs on a goroutine
// of its own (gqlgen), and a shallower stack there is one that need not
// grow (docs/API.md "Benchmarks").
type fieldGuards struct {
	refuseIntrospection bool
	marks               requestMarks
	limits              rateLimits
}

var _ interface {
	graphql.HandlerExtension
	graphql.FieldInterceptor
	graphql.OperationContextMutator
} = fieldGuards{}

func (fieldGuards) ExtensionName() string                   { return "FieldGuards" }
func (fieldGuards) Validate(graphql.ExecutableSchema) error { return nil }

// MutateOperationContext takes the guards out of an operation that needs
// none of them, so its fields run with no middleware at all: a query
// over POST (never stored, never cacheable, so marks have nothing to
// record) that asks no introspection field that is refused. Mutations,
// GETs and response-cache builds keep them.
func (g fieldGuards) MutateOperationContext(ctx context.Context, oc *graphql.OperationContext) *gqlerror.Error {
	rq := requestFrom(ctx)
	if rq == nil || rq.get || rq.store || oc.Operation == nil || oc.Operation.Operation != ast.Query {
		return nil
	}
	if g.refuseIntrospection && asksIntrospection(oc) {
		return nil
	}
	oc.ResolverMiddleware = noFieldMiddleware
	return nil
}

// noFieldMiddleware is the field middleware of an operation that runs
// without fieldGuards.
func noFieldMiddleware(ctx context.Context, next graphql.Resolver) (any, error) { return next(ctx) }

// asksIntrospection reports whether oc's operation selects __schema or
// __type at its root (fragments included).
func asksIntrospection(oc *graphql.OperationContext) bool {
	for _, f := range graphql.CollectFields(oc, oc.Operation.SelectionSet, []string{"Query"}) {
		if introspectionField(f.Name) {
			return true
		}
	}
	return false
}

func (g fieldGuards) InterceptField(ctx context.Context, next graphql.Resolver) (any, error) {
	fc := graphql.GetFieldContext(ctx)
	if fc == nil || plainField(fc) {
		return next(ctx)
	}
	switch fc.Object {
	case "Query":
		if g.refuseIntrospection && introspectionField(fc.Field.Name) {
			return nil, errIntrospectionDisabled // refuseIntrospection's test
		}
	case "Mutation":
		return g.marks.field(ctx, func(ctx context.Context) (any, error) { return g.limits.field(ctx, next) })
	}
	// rateLimits.field passes every field but Mutation's.
	rq := requestFrom(ctx)
	if rq == nil {
		return next(ctx)
	}
	return g.marks.mark(ctx, fc, rq, next)
}
