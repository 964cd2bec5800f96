// Package scalar binds the schema's custom scalars Time and JSON
// (gqlgen.yml) to Go values. Input that does not coerce is BAD_USER_INPUT
// naming the argument or input field, never an internal error: gqlgen's
// own graphql.UnmarshalTime read "" as the zero time and graphql.UnmarshalMap
// failed with untyped errors that were reported as INTERNAL.
package scalar

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"time"

	"github.com/99designs/gqlgen/graphql"

	"github.com/stgy/stgypub"
)

// TimeLayout is how every Time is written: RFC 3339 in UTC with exactly
// three fractional digits (milliseconds), e.g. 2026-11-30T02:00:00.000Z,
// so a typed client parses one shape (docs/API.md "Text input").
const TimeLayout = "2006-01-02T15:04:05.000Z07:00"

// MarshalTime writes t in UTC as TimeLayout (truncated to the
// millisecond). The zero time is null; in a non-null field (Time!) that is
// a server fault, reported as an error.
func MarshalTime(t time.Time) graphql.ContextMarshaler {
	return graphql.ContextWriterFunc(func(ctx context.Context, w io.Writer) error {
		if t.IsZero() {
			if fc := graphql.GetFieldContext(ctx); fc != nil && fc.Field.Definition != nil && fc.Field.Definition.Type.NonNull {
				return fmt.Errorf("scalar: zero time in non-null field %s", fc.Path())
			}
			_, err := io.WriteString(w, "null")
			return err
		}
		if b, ok := w.(*bytes.Buffer); ok { // gqlgen's response buffer: no copy
			b.Grow(len(TimeLayout) + 8)
			b.Write(appendTime(b.AvailableBuffer(), t))
			return nil
		}
		_, err := w.Write(appendTime(nil, t))
		return err
	})
}

// appendTime appends t as MarshalTime writes it (a JSON string: the
// layout holds nothing to escape).
func appendTime(dst []byte, t time.Time) []byte {
	return append(t.UTC().AppendFormat(append(dst, '"'), TimeLayout), '"')
}

// UnmarshalTime reads an RFC 3339 string such as 2026-11-30T02:00:00Z
// (fractional seconds and any offset allowed). Anything else, including ""
// and a date without a time, is BAD_USER_INPUT. Ranges are the
// business of the receiving service (owner.CheckPublishedAt).
func UnmarshalTime(ctx context.Context, v any) (time.Time, error) {
	s, ok := v.(string)
	if ok {
		if t, err := time.Parse(time.RFC3339Nano, s); err == nil {
			return t, nil
		}
	}
	return time.Time{}, stgypub.Errorf(stgypub.CodeBadUserInput,
		"%s must be an RFC 3339 date-time such as 2026-11-30T02:00:00Z, got %s", name(ctx), describe(v))
}

// MarshalJSON writes m as a JSON object, as json.Marshal writes it
// (compact, <, > and & escaped: the response needs no other pass, see
// MarshalString); a value json.Marshal refuses is the field's error.
func MarshalJSON(m map[string]any) graphql.ContextMarshaler {
	return graphql.ContextWriterFunc(func(_ context.Context, w io.Writer) error {
		b, err := json.Marshal(m) // compact and HTML-escaped, as the response is (MarshalString)
		if err != nil {
			return err
		}
		_, err = w.Write(b)
		return err
	})
}

// UnmarshalJSON accepts a JSON object (a variable's object or an object
// literal); arrays, strings (even "{}"), numbers and booleans are
// BAD_USER_INPUT. The object's content is validated by the service
// (stgypub.NewExtensions).
func UnmarshalJSON(ctx context.Context, v any) (map[string]any, error) {
	if m, ok := v.(map[string]any); ok {
		return m, nil
	}
	return nil, stgypub.Errorf(stgypub.CodeBadUserInput, "%s must be a JSON object, got %s", name(ctx), describe(v))
}

// name is the argument or input field being coerced ("publishedAt",
// "input.extensions"), "value" outside a field.
func name(ctx context.Context) string {
	if p := graphql.GetPath(ctx); len(p) > 0 {
		return p.String()
	}
	return "value"
}

// describe names v's JSON kind for an error message, quoting short
// strings (a refused value is echoed at most 40 bytes long).
func describe(v any) string {
	switch x := v.(type) {
	case nil:
		return "null"
	case string:
		if len(x) > 40 {
			return "a string of " + fmt.Sprint(len(x)) + " bytes"
		}
		return fmt.Sprintf("%q", x)
	case bool:
		return "a boolean"
	case []any:
		return "an array"
	case map[string]any:
		return "an object"
	default:
		return "a number"
	}
}
