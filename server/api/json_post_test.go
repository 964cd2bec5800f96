package api

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/99designs/gqlgen/graphql"
	"github.com/vektah/gqlparser/v2/gqlerror"
)

// TestWriteResponseAsMarshal: writeResponse writes the bytes
// json.Marshal writes for the same response.
func TestWriteResponseAsMarshal(t *testing.T) {
	for _, tc := range []struct {
		name string
		resp *graphql.Response
	}{
		{"data", &graphql.Response{Data: json.RawMessage(`{"a":"<p>x &amp; y</p>","b":[1,2],"c":null}`)}},
		{"null data", &graphql.Response{}},
		{"no response (the context ended first)", nil},
		{"white space", &graphql.Response{Data: json.RawMessage("{ \"a\" : [ 1 , \"x y\" ] ,\n\"b\":{}\n}\n")}},
		{"escapes", &graphql.Response{Data: json.RawMessage(`{"a":"q\"<\\","b":"\u2028 \u2029 ` + "\u2028\u2029\u2027" + `"}`)}},
		{"errors and extensions", &graphql.Response{
			Errors:     gqlerror.List{{Message: "no <b>", Extensions: map[string]any{"code": "NOT_FOUND"}}},
			Data:       json.RawMessage(`{"x":null}`),
			Extensions: map[string]any{"z": 1, "a": "<"},
		}},
		{"label", &graphql.Response{Data: json.RawMessage(`{}`), Label: "l"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			want, err := json.Marshal(tc.resp)
			if err != nil {
				t.Fatal(err)
			}
			var got bytes.Buffer
			writeResponse(&got, tc.resp)
			if got.String() != string(want) {
				t.Fatalf("got  %s\nwant %s", got.String(), want)
			}
		})
	}
}

// FuzzAppendCompactJSON: for every valid JSON text, appendCompactJSON is
// what encoding/json writes for it as a json.RawMessage.
func FuzzAppendCompactJSON(f *testing.F) {
	for _, s := range []string{`{"a":"<&>"}`, "[ 1,\n2 ]", `"\u2028\\\""`, "\"\u2028\u2029\"", `{"k":{"x":[true,false,null]}}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		if !json.Valid(b) {
			return
		}
		want, err := json.Marshal(json.RawMessage(b))
		if err != nil {
			t.Fatal(err)
		}
		if got := appendCompactJSON(nil, b); !bytes.Equal(got, want) {
			t.Fatalf("%q: got %q want %q", b, got, want)
		}
	})
}
