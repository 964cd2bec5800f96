package scalar_test

import (
	"bytes"
	"context"
	"strings"
	"testing"
	"time"

	"github.com/99designs/gqlgen/graphql"
	"github.com/vektah/gqlparser/v2/ast"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/graph/scalar"
)

func argCtx(name string) context.Context {
	return graphql.WithPathContext(context.Background(), graphql.NewPathWithField(name))
}

func TestUnmarshalTime(t *testing.T) {
	ok := []struct {
		in   string
		want time.Time
	}{
		{"2026-11-30T02:00:00Z", time.Date(2026, 11, 30, 2, 0, 0, 0, time.UTC)},
		{"2026-11-30T11:00:00+09:00", time.Date(2026, 11, 30, 2, 0, 0, 0, time.UTC)},
		{"2026-11-30T02:00:00.123456789Z", time.Date(2026, 11, 30, 2, 0, 0, 123456789, time.UTC)},
	}
	for _, c := range ok {
		got, err := scalar.UnmarshalTime(argCtx("publishedAt"), c.in)
		if err != nil || !got.Equal(c.want) {
			t.Errorf("UnmarshalTime(%q) = %v, %v; want %v", c.in, got, err, c.want)
		}
	}
	bad := []struct {
		in   any
		want string // in the message
	}{
		{"", `got ""`},
		{"garbage", `got "garbage"`},
		{"2026-13-01T00:00:00Z", `got "2026-13-01T00:00:00Z"`},
		{"2026-11-01", `got "2026-11-01"`},
		{"2026-11-30 02:00:00Z", "RFC 3339"},
		{strings.Repeat("9", 100), "a string of 100 bytes"},
		{int64(0), "got a number"},
		{true, "got a boolean"},
		{[]any{"2026-11-30T02:00:00Z"}, "got an array"},
	}
	for _, c := range bad {
		got, err := scalar.UnmarshalTime(argCtx("publishedAt"), c.in)
		msg := stgypub.ErrorMessage(err)
		if stgypub.ErrorCode(err) != stgypub.CodeBadUserInput || !got.IsZero() ||
			!strings.HasPrefix(msg, "publishedAt must be an RFC 3339 date-time") || !strings.Contains(msg, c.want) {
			t.Errorf("UnmarshalTime(%v) = %v, %v; want BAD_USER_INPUT containing %q", c.in, got, err, c.want)
		}
	}
}

func TestUnmarshalJSON(t *testing.T) {
	in := map[string]any{"comments": map[string]any{"mode": "open"}}
	got, err := scalar.UnmarshalJSON(argCtx("extensions"), in)
	if err != nil || got["comments"].(map[string]any)["mode"] != "open" {
		t.Errorf("object: %v, %v", got, err)
	}
	for _, v := range []any{[]any{int64(1), int64(2)}, "{}", int64(1), 1.5, false} {
		got, err := scalar.UnmarshalJSON(argCtx("extensions"), v)
		if stgypub.ErrorCode(err) != stgypub.CodeBadUserInput || got != nil ||
			!strings.HasPrefix(stgypub.ErrorMessage(err), "extensions must be a JSON object, got ") {
			t.Errorf("UnmarshalJSON(%#v) = %v, %v", v, got, err)
		}
	}
}

func TestMarshal(t *testing.T) {
	write := func(ctx context.Context, m graphql.ContextMarshaler) (string, error) {
		var b bytes.Buffer
		err := m.MarshalGQLContext(ctx, &b)
		return b.String(), err
	}
	ctx := context.Background()
	tokyo := time.FixedZone("JST", 9*3600)
	for in, want := range map[time.Time]string{
		time.Date(2026, 11, 30, 2, 0, 0, 0, time.UTC):         `"2026-11-30T02:00:00.000Z"`,
		time.Date(2026, 11, 30, 2, 0, 0, 123456789, time.UTC): `"2026-11-30T02:00:00.123Z"`,
		time.Date(2026, 11, 30, 11, 0, 0, 999999, tokyo):      `"2026-11-30T02:00:00.000Z"`,
		time.Date(1970, 1, 1, 0, 0, 0, 1e6, time.UTC):         `"1970-01-01T00:00:00.001Z"`,
	} {
		if s, err := write(ctx, scalar.MarshalTime(in)); err != nil || s != want {
			t.Errorf("time %v = %s, %v; want %s", in, s, err, want)
		}
	}
	if s, err := write(ctx, scalar.MarshalTime(time.Time{})); err != nil || s != "null" {
		t.Errorf("zero time in a nullable field = %s, %v", s, err)
	}
	nonNull := graphql.WithFieldContext(ctx, &graphql.FieldContext{Field: graphql.CollectedField{Field: &ast.Field{
		Alias: "createdAt", Definition: &ast.FieldDefinition{Name: "createdAt", Type: ast.NonNullNamedType("Time", nil)}}}})
	if _, err := write(nonNull, scalar.MarshalTime(time.Time{})); err == nil {
		t.Errorf("zero time in Time! gave no error")
	}
	if s, err := write(ctx, scalar.MarshalJSON(map[string]any{"a": []any{1}})); err != nil || strings.TrimSpace(s) != `{"a":[1]}` {
		t.Errorf("json = %s, %v", s, err)
	}
}
