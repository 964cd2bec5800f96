package api_test

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/auth"
	"github.com/stgy/stgypub/server/api"
)

// TestOriginMismatch: signing in (or any owner mutation, or a request
// that carries the session cookie) from an origin other than the
// configured base URL — localhost instead of 127.0.0.1, say — is a 403
// FORBIDDEN whose message names both origins and which one to open, with
// extensions.reason ORIGIN_MISMATCH and extensions.baseUrl.
func TestOriginMismatch(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	cookie := auth.CookieName + "=" + e.cookies["owner"]
	login := `{"query":"mutation { login(loginName: \"owner\", password: \"` + password + `\") { me { id } } }"}`
	for _, c := range []struct {
		name, body string
		headers    map[string]string
		origin     string
	}{
		{"login from localhost", login, map[string]string{"Origin": "http://localhost:8080"}, "http://localhost:8080"},
		{"login from another port", login, map[string]string{"Origin": "https://pub.example.com:8443"}, "https://pub.example.com:8443"},
		{"logout from http", `{"query":"mutation { logout }"}`, map[string]string{"Origin": "http://pub.example.com", "Cookie": cookie}, "http://pub.example.com"},
		{"cookie without Origin", `{"query":"{ me { id } }"}`, map[string]string{"Cookie": cookie, "Origin": ""}, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			w := e.rawReq(t, http.MethodPost, "/graphql", c.body, c.headers)
			var out struct {
				Data   json.RawMessage
				Errors []struct {
					Message    string
					Extensions map[string]any
				}
			}
			if err := json.Unmarshal(w.Body.Bytes(), &out); err != nil {
				t.Fatalf("%d %s: %v", w.Code, w.Body, err)
			}
			if w.Code != http.StatusForbidden || len(out.Errors) != 1 || out.Data != nil {
				t.Fatalf("%d %s", w.Code, w.Body)
			}
			ext, msg := out.Errors[0].Extensions, out.Errors[0].Message
			if ext["code"] != stgypub.CodeForbidden || ext["reason"] != api.OriginMismatch || ext["baseUrl"] != baseURL {
				t.Errorf("extensions %v", ext)
			}
			if !strings.Contains(msg, baseURL) || !strings.Contains(msg, "STGY_BASE_URL") || (c.origin != "" && !strings.Contains(msg, c.origin+" does not match")) {
				t.Errorf("message %q", msg)
			}
		})
	}
	// From the base URL itself the same login works.
	w := e.rawReq(t, http.MethodPost, "/graphql", login, map[string]string{"Origin": baseURL})
	if w.Code != 200 || !strings.Contains(w.Body.String(), e.owner.ID.String()) {
		t.Errorf("login from the base URL: %d %s", w.Code, w.Body)
	}
}
