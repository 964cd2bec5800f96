package api_test

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/auth"
)

// rawReq sends one request with the given headers and returns the
// recorder (for 304s and preflights, which have no JSON body).
func (e *env) rawReq(t *testing.T, method, target, body string, headers map[string]string) *httptest.ResponseRecorder {
	t.Helper()
	r := httptest.NewRequest(method, target, strings.NewReader(body))
	if method == http.MethodPost {
		r.Header.Set("Content-Type", "application/json")
	}
	for k, v := range headers {
		if v == "" {
			r.Header.Del(k)
		} else {
			r.Header.Set(k, v)
		}
	}
	w := httptest.NewRecorder()
	e.h.ServeHTTP(w, r)
	return w
}

// getURL is /graphql with query (and variables when not nil) as URL
// parameters.
func getURL(query string, variables map[string]any, extensions map[string]any) string {
	v := url.Values{}
	if query != "" {
		v.Set("query", query)
	}
	if variables != nil {
		b, _ := json.Marshal(variables)
		v.Set("variables", string(b))
	}
	if extensions != nil {
		b, _ := json.Marshal(extensions)
		v.Set("extensions", string(b))
	}
	return "/graphql?" + v.Encode()
}

func decode(t *testing.T, w *httptest.ResponseRecorder) map[string]json.RawMessage {
	t.Helper()
	var m map[string]json.RawMessage
	if err := json.Unmarshal(w.Body.Bytes(), &m); err != nil {
		t.Fatalf("not JSON (%d): %q", w.Code, w.Body.String())
	}
	return m
}

// TestGraphQLOverHTTP checks the statuses and media types of the
// GraphQL-over-HTTP specification (docs/API.md "HTTP statuses"): request
// errors are 200 with application/json and 400 with
// application/graphql-response+json, never carry data, and a transport
// refusal is never BAD_USER_INPUT.
func TestGraphQLOverHTTP(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	const gqlResp = "application/graphql-response+json"
	cases := []struct {
		name, method, body, accept string
		status                     int
		ctype, code                string
		data                       bool // the response has a data entry
	}{
		{"ok, no Accept", "POST", `{"query":"{ __typename }"}`, "", 200, "application/json", "", true},
		{"ok, */*", "POST", `{"query":"{ __typename }"}`, "*/*", 200, "application/json", "", true},
		{"ok, graphql-response+json", "POST", `{"query":"{ __typename }"}`, gqlResp, 200, gqlResp, "", true},
		{"ok, quality picks json", "POST", `{"query":"{ __typename }"}`, gqlResp + ";q=0.5, application/json", 200, "application/json", "", true},
		{"parse error, json", "POST", `{"query":"{"}`, "application/json", 200, "application/json", "GRAPHQL_PARSE_FAILED", false},
		{"parse error, graphql-response", "POST", `{"query":"{"}`, gqlResp, 400, gqlResp, "GRAPHQL_PARSE_FAILED", false},
		{"validation, json", "POST", `{"query":"{ nope }"}`, "application/json", 200, "application/json", "GRAPHQL_VALIDATION_FAILED", false},
		{"validation, graphql-response", "POST", `{"query":"{ nope }"}`, gqlResp, 400, gqlResp, "GRAPHQL_VALIDATION_FAILED", false},
		{"coercion, json", "POST", `{"query":"query($id: ID!){ publishedPost(id: $id) { id } }","variables":{"id":null}}`, "application/json", 200, "application/json", stgypub.CodeBadUserInput, false},
		{"coercion, graphql-response", "POST", `{"query":"query($id: ID!){ publishedPost(id: $id) { id } }","variables":{"id":null}}`, gqlResp, 400, gqlResp, stgypub.CodeBadUserInput, false},
		{"enum case, graphql-response", "POST", `{"query":"query($o: PostOrder!){ site(userId: \"00000000000000FF\") { posts(order: $o) { totalCount } } }","variables":{"o":"newest"}}`, gqlResp, 400, gqlResp, stgypub.CodeBadUserInput, false},
		{"unknown operationName", "POST", `{"query":"query A { __typename }","operationName":"B"}`, gqlResp, 400, gqlResp, "GRAPHQL_VALIDATION_FAILED", false},
		{"field error keeps data", "POST", `{"query":"{ publishedPost(id: \"XYZ\") { id } }"}`, gqlResp, 200, gqlResp, stgypub.CodeBadUserInput, true},
		{"not JSON", "POST", `{ "not a JSON`, "application/json", 400, "application/json", stgypub.CodeBadRequest, false},
		{"no query", "POST", `{"qeury":"{ __typename }"}`, "", 400, "application/json", stgypub.CodeBadRequest, false},
		{"no body", "POST", ``, gqlResp, 400, gqlResp, stgypub.CodeBadRequest, false},
		{"query is an object", "POST", `{"query":{"a":1}}`, "", 400, "application/json", stgypub.CodeBadRequest, false},
		{"operationName is a number", "POST", `{"query":"{ __typename }","operationName":0}`, "", 400, "application/json", stgypub.CodeBadRequest, false},
		{"extensions is a string", "POST", `{"query":"{ __typename }","extensions":"x"}`, "", 400, "application/json", stgypub.CodeBadRequest, false},
		{"Accept text/html", "POST", `{"query":"{ __typename }"}`, "text/html", 406, "application/json", stgypub.CodeNotAcceptable, false},
		{"DELETE", "DELETE", ``, "", 405, "application/json", stgypub.CodeMethodNotAllowed, false},
		{"GET", "GET", ``, "", 200, "application/json", "", true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			target := "/graphql"
			if c.method == "GET" {
				target = getURL("{ __typename }", nil, nil)
			}
			w := e.rawReq(t, c.method, target, c.body, map[string]string{"Accept": c.accept})
			m := decode(t, w)
			if w.Code != c.status || !strings.HasPrefix(w.Header().Get("Content-Type"), c.ctype+"; charset=utf-8") {
				t.Fatalf("got %d %s, want %d %s: %s", w.Code, w.Header().Get("Content-Type"), c.status, c.ctype, w.Body)
			}
			if _, has := m["data"]; has != c.data {
				t.Errorf("data entry present = %v: %s", has, w.Body)
			}
			var errs []gqlError
			_ = json.Unmarshal(m["errors"], &errs)
			got := ""
			if len(errs) > 0 {
				got, _ = errs[0].Extensions["code"].(string)
			}
			if got != c.code {
				t.Errorf("code %q, want %q: %s", got, c.code, w.Body)
			}
		})
	}
	t.Run("a field error is an execution error: 200 with data", func(t *testing.T) {
		w := e.rawReq(t, "POST", "/graphql", `{"query":"{ __typename pubConfig(userId: \"00000000000000FF\") { siteName } }"}`, map[string]string{"Accept": gqlResp})
		if m := decode(t, w); w.Code != 200 || string(m["data"]) != "null" || !strings.Contains(w.Body.String(), stgypub.CodeNotFound) {
			t.Errorf("%d %s", w.Code, w.Body)
		}
	})
}

// TestGETQueries runs queries over GET (URL parameters) and refuses
// mutations there (405 METHOD_NOT_ALLOWED, nothing written, Allow: POST).
func TestGETQueries(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	p := e.post(t, e.owner, "# GET me\n\nbody", ago(1e9))
	w := e.rawReq(t, "GET", getURL(`query($id: ID!) { publishedPost(id: $id) { title } }`, map[string]any{"id": p.ID.String()}, nil), "", nil)
	if w.Code != 200 || w.Body.String() != `{"data":{"publishedPost":{"title":"GET me"}}}` {
		t.Errorf("GET query: %d %s", w.Code, w.Body)
	}
	w = e.rawReq(t, "GET", getURL(createMutation, nil, nil), "", map[string]string{"Origin": baseURL, "Cookie": auth.CookieName + "=" + e.cookies["owner"], "Sec-Fetch-Site": "same-origin"})
	if w.Code != 405 || w.Header().Get("Allow") != "POST" || !strings.Contains(w.Body.String(), stgypub.CodeMethodNotAllowed) || strings.Contains(w.Body.String(), `"data"`) {
		t.Errorf("GET mutation: %d %v %s", w.Code, w.Header(), w.Body)
	}
	if n := e.countPosts(t); n != 1 {
		t.Errorf("posts = %d after a GET mutation", n)
	}
	for name, target := range map[string]string{
		"variables not an object": "/graphql?query=" + url.QueryEscape("{ __typename }") + "&variables=%5B1%5D",
		"variables not JSON":      "/graphql?query=" + url.QueryEscape("{ __typename }") + "&variables=%7B",
		"query twice":             "/graphql?query=a&query=b",
		"no query":                "/graphql",
		"invalid UTF-8":           "/graphql?query=%FF",
	} {
		w := e.rawReq(t, "GET", target, "", nil)
		if w.Code != 400 || !strings.Contains(w.Body.String(), stgypub.CodeBadRequest) {
			t.Errorf("%s: %d %s", name, w.Code, w.Body)
		}
	}
}

type responseRecorder = httptest.ResponseRecorder

func newRecorder() *responseRecorder { return httptest.NewRecorder() }

func newRequest(method, target, body string) *http.Request {
	r := httptest.NewRequest(method, target, strings.NewReader(body))
	if method == http.MethodPost {
		r.Header.Set("Content-Type", "application/json")
	}
	return r
}

func jsonDecode(b []byte, v any) error { return json.Unmarshal(b, v) }
