package api

import (
	"context"
	"fmt"
	"strings"

	"github.com/99designs/gqlgen/graphql"
	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/gqlerror"

	"github.com/stgy/stgypub"
)

// enumVariables refuses, before execution, a variable whose value (or
// any value nested in its input objects and lists) names no value of its
// enum type, such as "newest" for PostOrder (docs/API.md "Errors"):
// gqlparser's variable coercion checks enum variables for being strings
// only, and gqlgen's generated unmarshalers then failed with untyped
// errors, reported as INTERNAL. The refusal is a request error
// BAD_USER_INPUT naming the variable and the values allowed.
type enumVariables struct{ schema *ast.Schema }

var _ interface {
	graphql.HandlerExtension
	graphql.OperationContextMutator
} = (*enumVariables)(nil)

func (*enumVariables) ExtensionName() string { return "EnumVariables" }

func (e *enumVariables) Validate(es graphql.ExecutableSchema) error {
	e.schema = es.Schema()
	return nil
}

func (e *enumVariables) MutateOperationContext(_ context.Context, oc *graphql.OperationContext) *gqlerror.Error {
	if oc.Operation == nil {
		return nil
	}
	for _, vd := range oc.Operation.VariableDefinitions {
		v, ok := oc.Variables[vd.Variable]
		if !ok {
			continue
		}
		if msg := e.check(vd.Type, v, 0); msg != "" {
			err := gqlerror.Errorf("variable $%s: %s", vd.Variable, msg)
			err.Path = ast.Path{ast.PathName("variable"), ast.PathName(vd.Variable)}
			err.Extensions = map[string]any{"code": stgypub.CodeBadUserInput}
			return err
		}
	}
	return nil
}

// check returns why v is not a value of t ("" when it is, or when the
// type is not one this check covers); depth bounds recursion through
// nested input objects and lists.
func (e *enumVariables) check(t *ast.Type, v any, depth int) string {
	if v == nil || t == nil || depth > 32 {
		return ""
	}
	if t.Elem != nil {
		list, ok := v.([]any)
		if !ok {
			return e.check(t.Elem, v, depth+1) // a single value coerced to a list
		}
		for _, x := range list {
			if msg := e.check(t.Elem, x, depth+1); msg != "" {
				return msg
			}
		}
		return ""
	}
	def := e.schema.Types[t.NamedType]
	if def == nil {
		return ""
	}
	switch def.Kind {
	case ast.Enum:
		s, _ := v.(string)
		if def.EnumValues.ForName(s) == nil {
			names := make([]string, len(def.EnumValues))
			for i, ev := range def.EnumValues {
				names[i] = ev.Name
			}
			return fmt.Sprintf("%s is not a value of %s (%s; enum values are case-sensitive)", describeValue(v), def.Name, strings.Join(names, ", "))
		}
	case ast.InputObject:
		obj, ok := v.(map[string]any)
		if !ok {
			return ""
		}
		for _, f := range def.Fields {
			if msg := e.check(f.Type, obj[f.Name], depth+1); msg != "" {
				return f.Name + ": " + msg
			}
		}
	}
	return ""
}

// describeValue quotes a short string and names other kinds, so an error
// never echoes much input.
func describeValue(v any) string {
	if s, ok := v.(string); ok {
		if len(s) > 40 {
			return fmt.Sprintf("a string of %d bytes", len(s))
		}
		return fmt.Sprintf("%q", s)
	}
	return fmt.Sprintf("a %T", v)
}
