package api

import (
	"context"

	"github.com/99designs/gqlgen/graphql"

	"github.com/stgy/stgypub"
)

// errIntrospectionDisabled answers __schema and __type while introspection
// is off (STGY_GRAPHQL_INTROSPECTION=false). It is our own value, so the
// error presenter recognizes it as any other stgypub.Error and nothing
// depends on the text of gqlgen's internal error.
var errIntrospectionDisabled = stgypub.Errorf(stgypub.CodeForbidden, "introspection is disabled")

// refuseIntrospection is a field middleware that fails the introspection
// root fields before gqlgen's own (disabled) introspection runs;
// __typename stays available.
func refuseIntrospection(ctx context.Context, next graphql.Resolver) (any, error) {
	if fc := graphql.GetFieldContext(ctx); fc != nil && fc.Object == "Query" && introspectionField(fc.Field.Name) {
		return nil, errIntrospectionDisabled
	}
	return next(ctx)
}

// introspectionField reports whether a root field name is one of the
// introspection fields that are refused while introspection is off
// (__typename is not).
func introspectionField(name string) bool { return name == "__schema" || name == "__type" }
