package api_test

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/auth"
)

// rawCall sends a GraphQL request whose variables are the raw JSON text
// vars (so numbers keep their spelling: 5, 5.0, 1e3), as login as.
func (e *env) rawCall(t *testing.T, as, query, vars string) *resp {
	t.Helper()
	body := `{"query":` + strconv.Quote(query) + `,"variables":` + vars + `}`
	r := httptest.NewRequest(http.MethodPost, "/graphql", bytes.NewReader([]byte(body)))
	r.Header.Set("Content-Type", "application/json")
	r.Header.Set("Origin", baseURL)
	if as != "" {
		r.AddCookie(&http.Cookie{Name: auth.CookieName, Value: e.cookies[as]})
	}
	return e.serve(t, r)
}

// variableError is the request error about variable $v, nil when none.
func (r *resp) variableError(v string) *gqlError {
	for i, g := range r.Errors {
		if len(g.Path) == 2 && g.Path[0] == "variable" && g.Path[1] == v {
			return &r.Errors[i]
		}
	}
	return nil
}

// scalarCase is an operation taking one variable $v of a scalar type,
// with who may call it.
type scalarCase struct {
	scalar, as, doc string
}

func scalarCases(e *env, post *stgypub.Post) []scalarCase {
	u, p := e.owner.ID.String(), post.ID.String()
	return []scalarCase{
		{"String", "", `query($v: String!) { site(userId: "` + u + `") { search(query: $v) { totalCount } } }`},
		{"String", "owner", `mutation($v: String!) { editPubComment(id: "00000000000000FF", body: $v) { id } }`},
		{"Boolean", "owner", `query($v: Boolean!) { pubCommentNotifications(unreadOnly: $v) { unreadCount } }`},
		{"Int", "", `query($v: Int!) { sites(limit: $v) { id } }`},
		{"Int", "", `query($v: Int!) { site(userId: "` + u + `") { posts(first: $v) { totalCount } } }`},
		{"ID", "", `query($v: ID!) { site(userId: $v) { id } }`},
		{"Time", "owner", `mutation($v: Time!) { setPostPublication(id: "` + p + `", publishedAt: $v) { id } }`},
		{"JSON", "owner", `mutation($v: JSON!) { updatePubConfig(userId: "` + u + `", input: {extensions: $v}) { userId } }`},
	}
}

// accepts is the spec's input coercion of a JSON value (kind as made by
// randomJSON) for each scalar; Time and JSON as this API defines them.
func accepts(scalar, kind, text string) bool {
	switch scalar {
	case "String", "Time":
		return kind == "string"
	case "Boolean":
		return kind == "bool"
	case "Int":
		if kind != "int" {
			return false
		}
		n, err := strconv.ParseInt(text, 10, 64)
		return err == nil && n >= -1<<31 && n < 1<<31
	case "ID":
		return kind == "string" || kind == "int"
	case "JSON":
		return kind == "object"
	}
	panic(scalar)
}

// randomJSON is a random JSON value's text and kind: string (some that
// look like numbers or booleans), int (small, 32-bit edges, beyond),
// float (fraction or exponent, whole-valued ones too), bool, object,
// list.
func randomJSON(r *rand.Rand) (text, kind string) {
	switch r.IntN(6) {
	case 0:
		s := []string{"5", "true", "", "x", "2026-11-30T02:00:00Z", "1.5", "00000000000000FF", "-0", " 7 "}[r.IntN(9)]
		return strconv.Quote(s), "string"
	case 1:
		n := []int64{0, 5, -5, 1<<31 - 1, -1 << 31, 1 << 31, -1<<31 - 1, 99999999999, 1 << 53, r.Int64N(1<<40) - 1<<39, int64(r.IntN(1000))}[r.IntN(11)]
		return strconv.FormatInt(n, 10), "int"
	case 2:
		return []string{"5.0", "1.5", "1e3", "-2.5E2", "0.0", "1e40", "3.0e0"}[r.IntN(7)], "float"
	case 3:
		return []string{"true", "false"}[r.IntN(2)], "bool"
	case 4:
		return []string{`{}`, `{"a":1}`, `{"comments":{"mode":"open"}}`}[r.IntN(3)], "object"
	}
	return []string{`[]`, `[1]`, `["a"]`, `[{}]`}[r.IntN(4)], "list"
}

// Property: for every scalar, a variable is refused before execution
// (a request error BAD_USER_INPUT naming the variable) exactly when the
// spec's input coercion refuses its JSON value; never INTERNAL.
func TestScalarVariableCoercionProperty(t *testing.T) {
	ce := newCommentEnv(t, stgypub.CommentsOpen, nil)
	e, post := ce.env, ce.post
	r := rand.New(rand.NewPCG(20, uint64(time.Now().UnixNano())))
	seen := map[string]map[bool]int{}
	for range 400 {
		for _, c := range scalarCases(e, post) {
			text, kind := randomJSON(r)
			res := e.rawCall(t, c.as, c.doc, `{"v":`+text+`}`)
			for _, g := range res.Errors {
				if g.Extensions["code"] == stgypub.CodeInternal {
					t.Fatalf("%s %s: INTERNAL: %s", c.scalar, text, res.raw)
				}
			}
			want := accepts(c.scalar, kind, text)
			ve := res.variableError("v")
			if (ve == nil) != want {
				t.Fatalf("%s ← %s (%s): accepted %v, want %v: %s", c.doc, text, kind, ve == nil, want, res.raw)
			}
			if ve != nil && (ve.Extensions["code"] != stgypub.CodeBadUserInput || res.Data != nil || len(res.Errors) != 1) {
				t.Fatalf("%s ← %s: refusal %s", c.scalar, text, res.raw)
			}
			if seen[c.scalar] == nil {
				seen[c.scalar] = map[bool]int{}
			}
			seen[c.scalar][want]++
		}
	}
	for s, m := range seen { // the generator reached both outcomes for each
		if m[true] == 0 || m[false] == 0 {
			t.Errorf("%s: %v accepted/refused", s, m)
		}
	}
}

// The examples and their kind, named: each refused with a clear
// message and nothing stored or clamped.
func TestStrictCoercionExamples(t *testing.T) {
	e := newCommentEnv(t, stgypub.CommentsOpen, nil)
	u := e.owner.ID.String()
	for name, c := range map[string]struct {
		as, doc, vars, want string
	}{
		"number for String":       {"", `query($v: String!) { site(userId: "` + u + `") { search(query: $v) { totalCount } } }`, `{"v":5}`, "String takes a JSON string, got the number 5"},
		"bool for String":         {"", `query($v: String!) { site(userId: "` + u + `") { search(query: $v) { totalCount } } }`, `{"v":true}`, "as String"},
		"string for Int":          {"", `query($v: Int!) { sites(limit: $v) { id } }`, `{"v":"5"}`, "not an integer"},
		"Int beyond 32 bits":      {"", `query($v: Int!) { sites(limit: $v) { id } }`, `{"v":99999999999}`, "99999999999 is out of range"},
		"negative beyond 32 bits": {"", `query($v: Int!) { sites(limit: $v) { id } }`, `{"v":-2147483649}`, "out of range"},
		"Int default beyond":      {"", `query($v: Int = 4294967296) { sites(limit: $v) { id } }`, `{}`, "4294967296 is out of range"},
		"nested Int in list":      {"", `query($v: [ID!]!) { publishedPostsByIds(ids: $v) { id } }`, `{"v":[1.5]}`, "ID takes a string or an integer"},
		"string for Boolean":      {"owner", `query($v: Boolean!) { pubCommentNotifications(unreadOnly: $v) { unreadCount } }`, `{"v":"true"}`, "Boolean"},
		"number for Boolean":      {"owner", `query($v: Boolean) { pubCommentNotifications(unreadOnly: $v) { unreadCount } }`, `{"v":1}`, "Boolean"},
		"float for ID":            {"", `query($v: ID!) { site(userId: $v) { id } }`, `{"v":1.5}`, "ID"},
		"number for Time":         {"owner", `mutation($v: Time) { setPostPublication(id: "` + e.post.ID.String() + `", publishedAt: $v) { id } }`, `{"v":1700000000}`, "Time takes an RFC 3339"},
		"list for JSON":           {"owner", `mutation($v: JSON) { updatePubConfig(userId: "` + u + `", input: {extensions: $v}) { userId } }`, `{"v":[]}`, "JSON takes an object, got a list"},
		"string for JSON":         {"owner", `mutation($v: JSON) { updatePubConfig(userId: "` + u + `", input: {extensions: $v}) { userId } }`, `{"v":"{}"}`, "JSON takes an object"},
		"number in input String": {"owner", `mutation($in: PostPubCommentInput!) { postPubComment(input: $in) { id } }`,
			`{"in":{"postId":"` + e.post.ID.String() + `","nickname":"Ann","body":5}}`, "variable $in: body: String takes a JSON string, got the number 5"},
		"number in nested nickname": {"owner", `mutation($in: PostPubCommentInput!) { postPubComment(input: $in) { id } }`,
			`{"in":{"postId":"` + e.post.ID.String() + `","nickname":7,"body":"x"}}`, "nickname: String takes"},
		"bool in nested asOwner": {"owner", `mutation($in: PostPubCommentInput!) { postPubComment(input: $in) { id } }`,
			`{"in":{"postId":"` + e.post.ID.String() + `","nickname":"A","body":"x","asOwner":"yes"}}`, "Boolean"},
	} {
		t.Run(name, func(t *testing.T) {
			r := e.rawCall(t, c.as, c.doc, c.vars)
			if r.code() != stgypub.CodeBadUserInput || len(r.Errors) != 1 || !strings.Contains(r.Errors[0].Message, c.want) || r.Data != nil {
				t.Errorf("%s: %s, want BAD_USER_INPUT %q and no data", c.vars, r.raw, c.want)
			}
		})
	}
	n, err := e.st.DB.NewSelect().TableExpr("post_pub_comments").Count(t.Context())
	if err != nil || n != 0 {
		t.Errorf("%d comments stored from refused input (%v)", n, err)
	}
}

// Int literals beyond 32 bits are refused wherever they are written:
// arguments, nested input objects, fragments and variable defaults; the
// edges of the range are accepted.
func TestIntLiteralRange(t *testing.T) {
	e := newEnv(t, nil)
	u := e.owner.ID.String()
	for _, c := range []struct {
		doc string
		ok  bool
	}{
		{`{ site(userId: "` + u + `") { posts(first: 99999999999) { totalCount } } }`, false},
		{`{ site(userId: "` + u + `") { posts(first: 2147483648) { totalCount } } }`, false},
		{`{ site(userId: "` + u + `") { posts(first: -2147483649) { totalCount } } }`, false},
		{`{ sites(limit: 100000000000000000000000) { id } }`, false},
		{`{ ...F } fragment F on Query { sites(limit: 3000000000) { id } }`, false},
		{`{ ... on Query { sites(limit: 3000000000) { id } } }`, false},
		{`{ site(userId: "` + u + `") { posts(first: 2147483647) { totalCount } } }`, true},
		{`{ sites(limit: -2147483648) { id } }`, true},
		{`{ sites(limit: 5) { id } }`, true},
	} {
		r := e.rawCall(t, "", c.doc, `{}`)
		refused := r.code() == stgypub.CodeBadUserInput && r.Data == nil && len(r.Errors) == 1 && strings.Contains(r.Errors[0].Message, "out of range")
		if refused == c.ok {
			t.Errorf("%s: %s (want accepted %v)", c.doc, r.raw, c.ok)
		}
		for _, g := range r.Errors {
			if g.Extensions["code"] == stgypub.CodeInternal {
				t.Errorf("%s: INTERNAL %s", c.doc, r.raw)
			}
		}
	}
	// What the spec accepts still works: an integer for ID, whole-number
	// Int, a list coerced from one value.
	id := fmt.Sprint(1234567890123456) // 16 decimal digits: a valid hexadecimal ID's text
	for _, c := range []struct{ doc, vars string }{
		{`query($v: ID!) { site(userId: $v) { id } }`, `{"v":` + id + `}`},
		{`query($v: Int) { sites(limit: $v) { id } }`, `{"v":null}`},
		{`query($v: [ID!]!) { publishedPostsByIds(ids: $v) { id } }`, `{"v":"00000000000000FF"}`},
	} {
		if r := e.rawCall(t, "", c.doc, c.vars); len(r.Errors) != 0 {
			t.Errorf("%s %s: %s", c.doc, c.vars, r.raw)
		}
	}
}
