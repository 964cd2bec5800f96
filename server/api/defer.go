package api

import (
	"context"

	"github.com/99designs/gqlgen/graphql"
	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/gqlerror"
)

// deferInline runs @defer fragments inline (docs/API.md "@defer"): every
// response is complete, as if the directive were absent, which the
// incremental delivery proposal allows a server to do. A client that
// accepts only multipart/mixed gets that complete result as the one part
// of a multipart response with hasNext false (finish). gqlgen's own
// incremental delivery was not taken: its initial payload carries the
// deferred fields as null, non-null ones included. The operation is
// copied without the directive (the parsed document is shared through the
// query cache and is never changed).
type deferInline struct{}

var _ interface {
	graphql.HandlerExtension
	graphql.OperationContextMutator
} = deferInline{}

func (deferInline) ExtensionName() string                   { return "DeferInline" }
func (deferInline) Validate(graphql.ExecutableSchema) error { return nil }

func (deferInline) MutateOperationContext(ctx context.Context, oc *graphql.OperationContext) *gqlerror.Error {
	rq := requestFrom(ctx)
	if rq == nil || oc.Operation == nil || !hasDefer(oc.Doc) {
		return nil
	}
	doc := *oc.Doc
	doc.Fragments = make(ast.FragmentDefinitionList, len(oc.Doc.Fragments))
	for i, f := range oc.Doc.Fragments {
		c := *f
		c.SelectionSet = withoutDefer(f.SelectionSet)
		doc.Fragments[i] = &c
	}
	op := *oc.Operation
	op.SelectionSet = withoutDefer(oc.Operation.SelectionSet)
	doc.Operations = ast.OperationList{&op}
	oc.Doc, oc.Operation = &doc, &op
	return nil
}

// hasDefer reports whether any inline fragment or fragment spread of doc
// carries @defer.
func hasDefer(doc *ast.QueryDocument) bool {
	found := false
	var walk func(ast.SelectionSet)
	walk = func(ss ast.SelectionSet) {
		for _, sel := range ss {
			switch s := sel.(type) {
			case *ast.Field:
				walk(s.SelectionSet)
			case *ast.InlineFragment:
				found = found || s.Directives.ForName("defer") != nil
				walk(s.SelectionSet)
			case *ast.FragmentSpread:
				found = found || s.Directives.ForName("defer") != nil
			}
		}
	}
	for _, op := range doc.Operations {
		walk(op.SelectionSet)
	}
	for _, f := range doc.Fragments {
		walk(f.SelectionSet)
	}
	return found
}

// withoutDefer copies ss with every @defer directive removed.
func withoutDefer(ss ast.SelectionSet) ast.SelectionSet {
	if ss == nil {
		return nil
	}
	out := make(ast.SelectionSet, len(ss))
	for i, sel := range ss {
		switch s := sel.(type) {
		case *ast.Field:
			c := *s
			c.SelectionSet = withoutDefer(s.SelectionSet)
			out[i] = &c
		case *ast.InlineFragment:
			c := *s
			c.Directives = dropDefer(s.Directives)
			c.SelectionSet = withoutDefer(s.SelectionSet)
			out[i] = &c
		case *ast.FragmentSpread:
			c := *s
			c.Directives = dropDefer(s.Directives)
			out[i] = &c
		default:
			out[i] = sel
		}
	}
	return out
}

func dropDefer(ds ast.DirectiveList) ast.DirectiveList {
	out := make(ast.DirectiveList, 0, len(ds))
	for _, d := range ds {
		if d.Name != "defer" {
			out = append(out, d)
		}
	}
	return out
}
