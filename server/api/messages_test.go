package api_test

import (
	"strings"
	"testing"

	"github.com/stgy/stgypub"
)

// TestRequestErrorMessages: request-error texts say what is wrong (report
// item 13): a fractional or huge Int variable is "not an integer" (not
// "cannot use value 0"); a numeric ID is read as an ID (its decimal text);
// several operations without operationName ask for it; an unknown long
// operationName is echoed truncated.
func TestRequestErrorMessages(t *testing.T) {
	e := newEnv(t, nil)
	u := e.owner.ID.String()
	for _, n := range []any{1.5, 1e40} {
		r := e.do(t, req{query: `query($n: Int) { site(userId: "` + u + `") { posts(first: $n) { totalCount } } }`, variables: map[string]any{"n": n}})
		if r.code() != stgypub.CodeBadUserInput || !strings.Contains(r.Errors[0].Message, "not an integer") {
			t.Errorf("n = %v: %s", n, r.raw)
		}
	}
	r := e.do(t, req{query: `query($u: ID!) { site(userId: $u) { name } }`, variables: map[string]any{"u": 123}})
	if r.code() != stgypub.CodeBadUserInput || strings.Contains(r.raw, "json.Number") || !strings.Contains(r.raw, "ID") {
		t.Errorf("numeric ID: %s", r.raw)
	}
	r = e.do(t, req{query: `query A { __typename } query B { __typename }`})
	if r.code() == "" || r.code() == stgypub.CodeInternal || !strings.Contains(r.Errors[0].Message, "operationName required") {
		t.Errorf("several operations: %s", r.raw)
	}
	r = e.do(t, req{query: `query A { __typename }`, operationName: strings.Repeat("Ä", 60000)})
	if r.code() == "" || r.code() == stgypub.CodeInternal || len(r.raw) > 2000 {
		t.Errorf("long operationName: %d bytes: %.300s", len(r.raw), r.raw)
	}
	r = e.do(t, req{query: `query A { __typename }`})
	if len(r.Errors) != 0 {
		t.Errorf("one operation without operationName: %s", r.raw)
	}
}
