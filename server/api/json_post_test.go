package api

import (
	"bytes"
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/99designs/gqlgen/graphql"
	"github.com/vektah/gqlparser/v2/gqlerror"
)

// TestWriteResponseAsMarshal: writeResponse writes the bytes
// json.Marshal writes for the same response, for data as the schema's
// marshalers write it (compact, HTML-escaped: graph/scalar).
func TestWriteResponseAsMarshal(t *testing.T) {
	for _, tc := range []struct {
		name string
		resp *graphql.Response
	}{
		{"data", &graphql.Response{Data: json.RawMessage(`{"a":"\u003cp\u003ex \u0026amp; y\u003c/p\u003e","b":[1,2],"c":null}`)}},
		{"null data", &graphql.Response{}},
		{"no response (the context ended first)", nil},
		{"escapes", &graphql.Response{Data: json.RawMessage(`{"a":"q\"\u003c\\","b":"\u2028 \u2029 \u2027"}`)}},
		{"errors and extensions", &graphql.Response{
			Errors:     gqlerror.List{{Message: "no <b>", Extensions: map[string]any{"code": "NOT_FOUND"}}},
			Data:       json.RawMessage(`{"x":null}`),
			Extensions: map[string]any{"z": 1, "a": "<"},
		}},
		{"label", &graphql.Response{Data: json.RawMessage(`{}`), Label: "l"}},
		{"large data, lent", &graphql.Response{Data: json.RawMessage(`{"html":"` + strings.Repeat("x\\u003cy ", 3000) + `"}`)}},
		{"large data, errors and extensions", &graphql.Response{
			Errors:     gqlerror.List{{Message: "partial"}},
			Data:       json.RawMessage(`{"html":"` + strings.Repeat("x\\u003cy ", 3000) + `"}`),
			Extensions: map[string]any{"cost": 3},
		}},
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
			// Into the API's buffer, which takes large data as lent
			// parts: joined (body) and as parts, the same bytes.
			bw := &bufWriter{h: http.Header{}}
			writeResponse(bw, tc.resp)
			parts := bw.buf.String() + string(bw.data) + string(bw.tail)
			if tc.resp != nil && len(tc.resp.Data) >= minLentData && bw.data == nil {
				t.Errorf("%d bytes of data were copied, not lent", len(tc.resp.Data))
			}
			if parts != string(want) || string(bw.body()) != string(want) {
				t.Fatalf("bufWriter: parts %.200s\nbody %.200s\nwant %.200s", parts, bw.body(), want)
			}
			// A second response after a lent one follows it.
			writeResponse(bw, tc.resp)
			if got := string(bw.body()); got != string(want)+string(want) {
				t.Fatalf("two responses: %.200s", got)
			}
		})
	}
}
