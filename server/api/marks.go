package api

import (
	"context"
	"net/http"
	"strings"
	"time"

	"github.com/99designs/gqlgen/graphql"
	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/gqlerror"

	"github.com/stgy/stgypub"
)

// privateFields answer per client (the viewer, the client's cookies or
// address), so a response that resolved one is never cached
// (docs/API.md "Caching").
var privateFields = map[string]bool{
	"Query.me":                  true,
	"Query.captchaStatus":       true,
	"Query.pubCommentFormState": true,
	"Post.viewToken":            true,
}

// anonymousMutations may run from any Origin: they take no credentials
// and change nothing but a page-view count, under their own proof (a
// signature or a view token bound to the client).
var anonymousMutations = map[string]bool{
	"recordPubView":      true,
	"recordPubViewToken": true,
	"__typename":         true,
}

// requestMarks notes on the request that the operation reached execution
// and whether it resolved a per-client field.
// With the response cache it also records what each field read
// (recordReads).
type requestMarks struct {
	ttl time.Duration    // Config.ViewCountTTL
	now func() time.Time // the response cache's clock
}

var _ interface {
	graphql.HandlerExtension
	graphql.OperationInterceptor
} = requestMarks{}

func (requestMarks) ExtensionName() string                   { return "RequestMarks" }
func (requestMarks) Validate(graphql.ExecutableSchema) error { return nil }

func (requestMarks) InterceptOperation(ctx context.Context, next graphql.OperationHandler) graphql.ResponseHandler {
	if rq := requestFrom(ctx); rq != nil {
		rq.executed = true
	}
	return next(ctx)
}

// field marks the request private for privateFields and records the
// reads of counted fields (fieldGuards calls it for every field).
func (m requestMarks) field(ctx context.Context, next graphql.Resolver) (any, error) {
	fc := graphql.GetFieldContext(ctx)
	rq := requestFrom(ctx)
	if fc == nil || rq == nil {
		return next(ctx)
	}
	if plainField(fc) {
		// A struct field or method of scalar type outside the root, named
		// in no table: nothing to mark or record (most of a response's
		// fields: a Stats page has 1,500 DayPV fields).
		return next(ctx)
	}
	return m.mark(ctx, fc, rq, next)
}

// mark is field for a field that is not plain, with its field context
// and request.
func (m requestMarks) mark(ctx context.Context, fc *graphql.FieldContext, rq *request, next graphql.Resolver) (any, error) {
	if markedFields[fieldKey{fc.Object, fc.Field.Name}] && privateFields[fc.Object+"."+fc.Field.Name] {
		rq.private.Store(true)
	}
	res, err := next(ctx)
	if rq.reads != nil && err == nil {
		recordReads(ctx, rq.reads, fc, res, m.ttl, m.now)
	}
	return res, err
}

// operationGuard refuses, after validation and before execution, what the
// request's transport may not run (docs/API.md "Transport rules"): a
// mutation over GET (405 METHOD_NOT_ALLOWED, Allow: POST) and, from an
// Origin that is not allowed, a mutation other than the anonymous
// view-recording ones (403 FORBIDDEN).
type operationGuard struct{ api *api }

var _ interface {
	graphql.HandlerExtension
	graphql.OperationContextMutator
} = operationGuard{}

func (operationGuard) ExtensionName() string                   { return "OperationGuard" }
func (operationGuard) Validate(graphql.ExecutableSchema) error { return nil }

func (g operationGuard) MutateOperationContext(ctx context.Context, oc *graphql.OperationContext) *gqlerror.Error {
	rq := requestFrom(ctx)
	if rq == nil || oc.Operation == nil || oc.Operation.Operation == ast.Query {
		return nil
	}
	rq.mutation = true
	if oc.Operation.Operation == ast.Subscription {
		rq.status = http.StatusBadRequest
		return codedError(stgypub.CodeBadRequest, "a subscription needs Accept: text/event-stream (SSE) or a WebSocket (graphql-transport-ws); see docs/API.md \"Subscriptions\"")
	}
	if rq.get {
		rq.status = http.StatusMethodNotAllowed
		rq.w.Header().Set("Allow", http.MethodPost)
		return codedError(stgypub.CodeMethodNotAllowed, "a %s needs POST; GET runs queries only", oc.Operation.Operation)
	}
	if rq.foreign && !onlyAnonymousFields(oc.Operation.SelectionSet, oc.Doc) {
		rq.status = http.StatusForbidden
		return g.api.originError(rq.r.Header.Get("Origin"))
	}
	return nil
}

// onlyAnonymousFields reports whether every root field of ss (fragments
// expanded) is in anonymousMutations.
func onlyAnonymousFields(ss ast.SelectionSet, doc *ast.QueryDocument) bool {
	for _, sel := range ss {
		switch s := sel.(type) {
		case *ast.Field:
			if !anonymousMutations[s.Name] {
				return false
			}
		case *ast.InlineFragment:
			if !onlyAnonymousFields(s.SelectionSet, doc) {
				return false
			}
		case *ast.FragmentSpread:
			f := doc.Fragments.ForName(s.Name)
			if f == nil || !onlyAnonymousFields(f.SelectionSet, doc) {
				return false
			}
		}
	}
	return true
}

func codedError(code, format string, args ...any) *gqlerror.Error {
	err := gqlerror.Errorf(format, args...)
	err.Extensions = map[string]any{"code": code}
	return err
}

// fieldKey names a field without building "Object.field".
type fieldKey struct{ object, field string }

// markedFields are the fields of privateFields, volatileFields and
// crossSiteFields.
var markedFields = func() map[fieldKey]bool {
	m := map[fieldKey]bool{}
	for _, t := range []map[string]bool{privateFields, volatileFields, crossSiteFields} {
		for name := range t {
			obj, field, _ := strings.Cut(name, ".")
			m[fieldKey{obj, field}] = true
		}
	}
	return m
}()

// plainField reports whether fc is a field requestMarks has nothing to do
// for: not a resolver, of a scalar or enum type (no Child: it cannot
// hold a post or a site), outside Query, named in no table.
func plainField(fc *graphql.FieldContext) bool {
	return !fc.IsResolver && fc.Child == nil && fc.Object != "Query" && !markedFields[fieldKey{fc.Object, fc.Field.Name}]
}
