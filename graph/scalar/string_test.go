package scalar

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/99designs/gqlgen/graphql"
)

// gqlgenString is what gqlgen's own MarshalString writes for s, made
// safe for HTML as encoding/json does (json.HTMLEscape): what
// MarshalString must write.
func gqlgenString(s string) string {
	var b, h bytes.Buffer
	graphql.MarshalString(s).MarshalGQL(&b)
	json.HTMLEscape(&h, b.Bytes())
	return h.String()
}

// FuzzMarshalString: MarshalString writes exactly gqlgen's bytes with
// encoding/json's HTML escapes, into a buffer holding text already and
// into a plain writer.
func FuzzMarshalString(f *testing.F) {
	for _, s := range []string{"", "plain", `<p class="x">a\b</p>` + "\n\t\r\x00\x01\x1f\x7f", "日本語 \u2028\u2029 é \xe2\x80 \xe2\x80\xaa a&b<c>", "\xff\xfe invalid \xc3", strings.Repeat(`"`, 100)} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		want := gqlgenString(s)
		b := bytes.NewBufferString(`{"a":`)
		MarshalString(s).MarshalGQL(b)
		if got := strings.TrimPrefix(b.String(), `{"a":`); got != want {
			t.Fatalf("MarshalString(%q) = %s, gqlgen writes %s", s, got, want)
		}
		var sb strings.Builder
		MarshalString(s).MarshalGQL(&sb)
		if sb.String() != want {
			t.Fatalf("MarshalString(%q) to a Builder = %s, gqlgen writes %s", s, sb.String(), want)
		}
	})
}

func TestUnmarshalStringIsGqlgens(t *testing.T) {
	for _, v := range []any{"x", 3, int64(4), 1.5, nil, true} {
		got, gerr := UnmarshalString(v)
		want, werr := graphql.UnmarshalString(v)
		if got != want || (gerr == nil) != (werr == nil) {
			t.Errorf("UnmarshalString(%v) = %q, %v; gqlgen %q, %v", v, got, gerr, want, werr)
		}
	}
}

// TestMarshalStringLargeKept: a large string is written as gqlgen writes
// it the first time and every later time, and so is a prefix sharing its
// bytes (the same address, another length) and a copy (another address).
func TestMarshalStringLargeKept(t *testing.T) {
	big := strings.Repeat("<p class=\"x\">a\\b\n\t\x01 日本語</p>", 400)
	for i, s := range []string{big, big, big[:quotedMinLen+7], big[:quotedMinLen+7], big, strings.Clone(big), big[1:]} {
		want := gqlgenString(s)
		for _, w := range []interface {
			String() string
			Write([]byte) (int, error)
		}{bytes.NewBufferString(""), &strings.Builder{}} {
			MarshalString(s).MarshalGQL(w)
			if w.String() != want {
				t.Fatalf("%d: %T: MarshalString of %d bytes differs from gqlgen's", i, w, len(s))
			}
		}
	}
	if len(quoted.m) == 0 || quoted.bytes == 0 {
		t.Errorf("nothing kept: %d entries, %d bytes", len(quoted.m), quoted.bytes)
	}
}
