package api

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"reflect"
	"strconv"
	"strings"

	"github.com/99designs/gqlgen/graphql"
	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/gqlerror"

	"github.com/stgy/stgypub"
)

// strictInputs applies the GraphQL spec's input coercion ("Input
// Coercion" of each scalar) to every variable and to every Int literal,
// before execution (docs/API.md "Errors"): gqlparser's variable
// coercion and gqlgen's generated unmarshalers are permissive (a JSON
// number for a String variable, a string for an Int, an Int beyond 32
// bits, nested values checked by kind only, an enum value that was
// never checked). A refusal is a request error BAD_USER_INPUT naming the
// variable or argument, what the type takes and what was sent.
type strictInputs struct{ schema *ast.Schema }

var _ interface {
	graphql.HandlerExtension
	graphql.OperationContextMutator
} = (*strictInputs)(nil)

func (*strictInputs) ExtensionName() string { return "StrictInputs" }

func (e *strictInputs) Validate(es graphql.ExecutableSchema) error {
	e.schema = es.Schema()
	return nil
}

func (e *strictInputs) MutateOperationContext(_ context.Context, oc *graphql.OperationContext) *gqlerror.Error {
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
	return checkLiterals(oc.Operation.SelectionSet, map[string]bool{})
}

// check returns why v is not a value of t ("" when it is); depth bounds
// recursion through nested input objects and lists. Null is left to
// gqlparser, which refuses it for a non-null type.
func (e *strictInputs) check(t *ast.Type, v any, depth int) string {
	if v == nil || t == nil || depth > 32 {
		return ""
	}
	if t.Elem != nil {
		list := reflect.ValueOf(v)
		if list.Kind() != reflect.Slice {
			return e.check(t.Elem, v, depth+1) // a single value coerced to a list
		}
		for i := range list.Len() { // []any, or what gqlparser coerced ([]string)
			if msg := e.check(t.Elem, list.Index(i).Interface(), depth+1); msg != "" {
				return fmt.Sprintf("[%d]: %s", i, msg)
			}
		}
		return ""
	}
	def := e.schema.Types[t.NamedType]
	if def == nil {
		return ""
	}
	switch def.Kind {
	case ast.Scalar:
		return scalarInputProblem(def.Name, v)
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

// intRange is what an Int takes, for messages.
const intRange = "Int takes a whole number from -2147483648 to 2147483647"

// scalarInputProblem says why the JSON value v (as decoded with
// UseNumber, or as gqlparser coerced it) is not an input of the scalar
// named name, "" when it is. The spec's input coercion: String takes a
// string only, Boolean true or false only, Int a whole number (no
// fraction, no exponent) within 32 bits, never a string; ID a string or
// an integer; Float a number. This service's Time takes a string (its
// RFC 3339 form is checked by graph/scalar) and JSON an object. Other
// scalars are not checked here.
func scalarInputProblem(name string, v any) string {
	switch name {
	case "String":
		if _, ok := v.(string); !ok {
			return "String takes a JSON string, got " + describeValue(v)
		}
	case "Boolean":
		if _, ok := v.(bool); !ok {
			return "Boolean takes true or false, got " + describeValue(v)
		}
	case "Int":
		if n, ok := integer(v); !ok {
			return "not an integer: " + intRange + ", got " + describeValue(v)
		} else if n < math.MinInt32 || n > math.MaxInt32 {
			return fmt.Sprintf("%d is out of range: %s", n, intRange)
		}
	case "Float":
		switch x := v.(type) {
		case json.Number:
			if _, err := x.Float64(); err != nil {
				return "Float takes a number, got " + describeValue(v)
			}
		case float64, float32, int, int32, int64:
		default:
			return "Float takes a number, got " + describeValue(v)
		}
	case "ID":
		if _, ok := v.(string); ok {
			return ""
		}
		if _, ok := integer(v); !ok {
			return "ID takes a string or an integer, got " + describeValue(v)
		}
	case "Time":
		if _, ok := v.(string); !ok {
			return "Time takes an RFC 3339 date-time string such as 2026-11-30T02:00:00Z, got " + describeValue(v)
		}
	case "JSON":
		if _, ok := v.(map[string]any); !ok {
			return "JSON takes an object, got " + describeValue(v)
		}
	}
	return ""
}

// integer reads a JSON integer: a json.Number written without fraction
// or exponent, a Go integer, or a whole float64 (what gqlparser makes of
// some inputs) within ±2^53. ok is false for anything else, strings
// included; an integer beyond int64 reads as one beyond every limit.
func integer(v any) (n int64, ok bool) {
	switch x := v.(type) {
	case json.Number:
		s := x.String()
		if strings.ContainsAny(s, ".eE") {
			return 0, false
		}
		n, err := strconv.ParseInt(s, 10, 64)
		if err != nil {
			if ne, isNum := err.(*strconv.NumError); isNum && ne.Err == strconv.ErrRange {
				if strings.HasPrefix(s, "-") {
					return math.MinInt64, true
				}
				return math.MaxInt64, true
			}
			return 0, false
		}
		return n, true
	case int:
		return int64(x), true
	case int32:
		return int64(x), true
	case int64:
		return x, true
	case float64:
		if x == math.Trunc(x) && math.Abs(x) <= 1<<53 {
			return int64(x), true
		}
	}
	return 0, false
}

// checkLiterals refuses an Int literal beyond 32 bits anywhere in set
// (arguments, nested input objects and lists, directives, fragments;
// posts(first: 99999999999)): the validator checks a literal's kind, not
// its range, and gqlgen's Int unmarshaler does not check it either.
func checkLiterals(set ast.SelectionSet, seen map[string]bool) *gqlerror.Error {
	for _, sel := range set {
		switch s := sel.(type) {
		case *ast.Field:
			for _, a := range s.Arguments {
				if err := checkLiteral(a.Name, a.Value, 0); err != nil {
					return err
				}
			}
			if err := checkDirectives(s.Directives); err != nil {
				return err
			}
			if err := checkLiterals(s.SelectionSet, seen); err != nil {
				return err
			}
		case *ast.InlineFragment:
			if err := checkDirectives(s.Directives); err != nil {
				return err
			}
			if err := checkLiterals(s.SelectionSet, seen); err != nil {
				return err
			}
		case *ast.FragmentSpread:
			if err := checkDirectives(s.Directives); err != nil {
				return err
			}
			if s.Definition == nil || seen[s.Name] {
				continue
			}
			seen[s.Name] = true
			if err := checkLiterals(s.Definition.SelectionSet, seen); err != nil {
				return err
			}
		}
	}
	return nil
}

func checkDirectives(ds ast.DirectiveList) *gqlerror.Error {
	for _, d := range ds {
		for _, a := range d.Arguments {
			if err := checkLiteral(a.Name, a.Value, 0); err != nil {
				return err
			}
		}
	}
	return nil
}

// checkLiteral checks one literal value of argument arg and what it
// nests.
func checkLiteral(arg string, v *ast.Value, depth int) *gqlerror.Error {
	if v == nil || depth > 32 {
		return nil
	}
	switch v.Kind {
	case ast.IntValue:
		if v.ExpectedType == nil || v.ExpectedType.Name() != "Int" {
			return nil
		}
		if _, err := strconv.ParseInt(v.Raw, 10, 32); err != nil {
			e := gqlerror.ErrorPosf(v.Position, "argument %s: %s is out of range: %s", arg, truncate(v.Raw, 40), intRange)
			e.Extensions = map[string]any{"code": stgypub.CodeBadUserInput}
			return e
		}
	case ast.ListValue, ast.ObjectValue:
		for _, c := range v.Children {
			if err := checkLiteral(arg, c.Value, depth+1); err != nil {
				return err
			}
		}
	}
	return nil
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}

// describeValue quotes a short string and names other kinds, so an error
// never echoes much input.
func describeValue(v any) string {
	switch x := v.(type) {
	case string:
		if len(x) > 40 {
			return fmt.Sprintf("a string of %d bytes", len(x))
		}
		return fmt.Sprintf("the string %q", x)
	case json.Number:
		return "the number " + truncate(x.String(), 40)
	case int, int32, int64:
		return fmt.Sprintf("the number %d", x)
	case float64, float32:
		return fmt.Sprintf("the number %v", x)
	case bool:
		return fmt.Sprintf("%v", x)
	case map[string]any:
		return "an object"
	case []any:
		return "a list"
	case nil:
		return "null"
	}
	return fmt.Sprintf("a %T", v)
}
