package api_test

import (
	"bytes"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/auth"
)

const createMutation = `mutation { createPost(input: {content: "# CSRF"}) { id } }`

// TestRefusedTransports sends a write in every refused shape with a valid
// session; each gets a 4xx with a reason and no post is created.
func TestRefusedTransports(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	form := url.Values{"query": {createMutation}}.Encode()
	var mp bytes.Buffer
	mw := multipart.NewWriter(&mp)
	_ = mw.WriteField("operations", `{"query":"`+createMutation+`"}`)
	_ = mw.Close()
	cases := []struct {
		name, method, ctype, body string
		status                    int
		msg                       string
	}{
		{"GET mutation", http.MethodGet, "", "", http.StatusMethodNotAllowed, "a mutation needs POST"},
		{"PUT", http.MethodPut, "application/json", `{"query":"` + createMutation + `"}`, http.StatusMethodNotAllowed, "only GET and POST"},
		{"text/plain", http.MethodPost, "text/plain", `{"query":"` + createMutation + `"}`, http.StatusUnsupportedMediaType, "application/json"},
		{"form", http.MethodPost, "application/x-www-form-urlencoded", form, http.StatusUnsupportedMediaType, "application/json"},
		{"multipart", http.MethodPost, mw.FormDataContentType(), mp.String(), http.StatusUnsupportedMediaType, "application/json"},
		{"JSON array batch", http.MethodPost, "application/json", `[{"query":"` + createMutation + `"}]`, http.StatusBadRequest, "batched"},
		{"JSON string", http.MethodPost, "application/json", `"x"`, http.StatusBadRequest, "must be a JSON object"},
		{"latin1 charset", http.MethodPost, "application/json; charset=latin1", `{"query":"` + createMutation + `"}`, http.StatusUnsupportedMediaType, "application/json"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			target := "/graphql"
			if c.method == http.MethodGet {
				target += "?query=" + url.QueryEscape(createMutation)
			}
			r := httptest.NewRequest(c.method, target, strings.NewReader(c.body))
			if c.ctype != "" {
				r.Header.Set("Content-Type", c.ctype)
			}
			r.Header.Set("Origin", baseURL)
			r.AddCookie(&http.Cookie{Name: auth.CookieName, Value: e.cookies["owner"]})
			res := e.serve(t, r)
			if res.status != c.status || !strings.Contains(res.Errors[0].Message, c.msg) {
				t.Errorf("got %d %s, want %d containing %q", res.status, res.raw, c.status, c.msg)
			}
			if n := e.countPosts(t); n != 0 {
				t.Errorf("%d posts created", n)
			}
		})
	}
}

func TestOriginCheck(t *testing.T) {
	t.Parallel()
	e := newEnv(t, func(c *apiConfig, _ *apiDeps) { c.AllowedOrigins = []string{"https://admin.example.com"} })
	cases := []struct {
		name   string
		r      req
		status int
	}{
		{"cookie with base origin", req{as: "owner"}, http.StatusOK},
		{"cookie with allow-listed origin", req{as: "owner", origin: "https://admin.example.com"}, http.StatusOK},
		{"cookie with foreign origin", req{as: "owner", origin: "https://evil.example"}, http.StatusForbidden},
		{"cookie with http variant of base", req{as: "owner", origin: "http://pub.example.com"}, http.StatusForbidden},
		{"cookie without origin", req{as: "owner", origin: "-"}, http.StatusForbidden},
		{"anonymous with foreign origin", req{origin: "https://evil.example"}, http.StatusForbidden},
		{"anonymous without origin", req{}, http.StatusOK},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			before := e.countPosts(t)
			c.r.query = createMutation
			r := e.do(t, c.r)
			if r.status != c.status {
				t.Fatalf("status = %d, want %d: %s", r.status, c.status, r.raw)
			}
			if c.status == http.StatusForbidden {
				if r.code() != stgypub.CodeForbidden || e.countPosts(t) != before {
					t.Errorf("refusal %s changed posts", r.raw)
				}
			}
		})
	}
}
