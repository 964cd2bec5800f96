package api

import (
	"context"
	"strings"

	"github.com/99designs/gqlgen/graphql"
	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/gqlerror"

	"github.com/stgy/stgypub"
)

// shapeLimit rejects operations nested deeper than maxDepth or using more
// than maxAliases aliases (docs/ARCHITECTURE.md "Security model"), after
// validation and before execution. Introspection fields (__schema, __type)
// are not counted, so tools' standard introspection query passes when
// introspection is enabled.
type shapeLimit struct{ maxDepth, maxAliases int }

var _ interface {
	graphql.HandlerExtension
	graphql.OperationContextMutator
} = shapeLimit{}

func (shapeLimit) ExtensionName() string                   { return "ShapeLimit" }
func (shapeLimit) Validate(graphql.ExecutableSchema) error { return nil }

func (l shapeLimit) MutateOperationContext(_ context.Context, oc *graphql.OperationContext) *gqlerror.Error {
	if oc.Operation == nil {
		return nil
	}
	var w shapeWalker
	w.walk(oc.Operation.SelectionSet, 1, map[string]bool{})
	if w.depth > l.maxDepth {
		return limitError("operation is nested %d levels deep; the limit is %d", w.depth, l.maxDepth)
	}
	if w.aliases > l.maxAliases {
		return limitError("operation uses %d aliases; the limit is %d", w.aliases, l.maxAliases)
	}
	return nil
}

func limitError(format string, args ...any) *gqlerror.Error {
	err := gqlerror.Errorf(format, args...)
	err.Extensions = map[string]any{"code": stgypub.CodeBadUserInput}
	return err
}

type shapeWalker struct{ depth, aliases int }

// walk visits ss at depth d, expanding fragments (visiting stops at a
// fragment already on the current path; validation forbids cycles).
func (w *shapeWalker) walk(ss ast.SelectionSet, d int, onPath map[string]bool) {
	for _, sel := range ss {
		switch s := sel.(type) {
		case *ast.Field:
			if strings.HasPrefix(s.Name, "__") {
				continue
			}
			if s.Alias != "" && s.Alias != s.Name {
				w.aliases++
			}
			w.depth = max(w.depth, d)
			w.walk(s.SelectionSet, d+1, onPath)
		case *ast.InlineFragment:
			w.walk(s.SelectionSet, d, onPath)
		case *ast.FragmentSpread:
			if s.Definition == nil || onPath[s.Name] {
				continue
			}
			onPath[s.Name] = true
			w.walk(s.Definition.SelectionSet, d, onPath)
			delete(onPath, s.Name)
		}
	}
}
