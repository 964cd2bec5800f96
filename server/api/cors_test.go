package api_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/auth"
)

// TestCORS is docs/API.md "Browser access (CORS)": preflights are
// answered; any Origin reads anonymously with Access-Control-Allow-Origin
// * and its cookies unread; an allowed Origin gets its own origin echoed
// with credentials; mutations from a foreign Origin are refused, except
// the anonymous view-recording ones.
func TestCORS(t *testing.T) {
	t.Parallel()
	const app = "https://app.example.com"
	e := newEnv(t, func(c *apiConfig, _ *apiDeps) { c.AllowedOrigins = []string{app} })
	cookie := auth.CookieName + "=" + e.cookies["owner"]
	meQuery := `{"query":"{ me { id } }"}`

	t.Run("preflight from any origin", func(t *testing.T) {
		w := e.rawReq(t, http.MethodOptions, "/graphql", "", map[string]string{
			"Origin": "http://localhost:5173", "Access-Control-Request-Method": "POST",
			"Access-Control-Request-Headers": "authorization,content-type,x-stgy-queryhash",
		})
		h := w.Header()
		if w.Code != http.StatusNoContent || h.Get("Access-Control-Allow-Origin") != "*" || h.Get("Access-Control-Allow-Credentials") != "" ||
			h.Get("Access-Control-Allow-Methods") != "POST" || h.Get("Access-Control-Allow-Headers") != "authorization,content-type,x-stgy-queryhash" ||
			h.Get("Access-Control-Max-Age") != "600" || !strings.Contains(strings.Join(h.Values("Vary"), ","), "Origin") {
			t.Errorf("%d %v", w.Code, h)
		}
	})
	t.Run("preflight from an allowed origin", func(t *testing.T) {
		w := e.rawReq(t, http.MethodOptions, "/graphql", "", map[string]string{"Origin": app, "Access-Control-Request-Method": "GET"})
		if h := w.Header(); w.Code != http.StatusNoContent || h.Get("Access-Control-Allow-Origin") != app || h.Get("Access-Control-Allow-Credentials") != "true" {
			t.Errorf("%d %v", w.Code, h)
		}
	})
	t.Run("preflight for a header nobody may send", func(t *testing.T) {
		w := e.rawReq(t, http.MethodOptions, "/graphql", "", map[string]string{"Origin": "http://localhost:5173", "Access-Control-Request-Method": "POST", "Access-Control-Request-Headers": "x-evil"})
		if w.Header().Get("Access-Control-Allow-Origin") != "" {
			t.Errorf("%d %v", w.Code, w.Header())
		}
	})
	t.Run("OPTIONS that is no preflight", func(t *testing.T) {
		if w := e.rawReq(t, http.MethodOptions, "/graphql", "", nil); w.Code != http.StatusMethodNotAllowed || !strings.Contains(w.Body.String(), stgypub.CodeMethodNotAllowed) {
			t.Errorf("%d %s", w.Code, w.Body)
		}
	})
	t.Run("anonymous read from a foreign origin", func(t *testing.T) {
		w := e.rawReq(t, http.MethodPost, "/graphql", meQuery, map[string]string{"Origin": "http://localhost:5173", "Cookie": cookie})
		if w.Code != 200 || w.Body.String() != `{"data":{"me":null}}` || w.Header().Get("Access-Control-Allow-Origin") != "*" || w.Header().Get("Access-Control-Allow-Credentials") != "" {
			t.Errorf("cookie must not count: %d %v %s", w.Code, w.Header(), w.Body)
		}
	})
	t.Run("credentialed read from an allowed origin", func(t *testing.T) {
		w := e.rawReq(t, http.MethodPost, "/graphql", meQuery, map[string]string{"Origin": app, "Cookie": cookie})
		if w.Code != 200 || w.Body.String() != `{"data":{"me":{"id":"`+e.owner.ID.String()+`"}}}` ||
			w.Header().Get("Access-Control-Allow-Origin") != app || w.Header().Get("Access-Control-Allow-Credentials") != "true" ||
			!strings.Contains(strings.Join(w.Header().Values("Vary"), ","), "Origin") || w.Header().Get("Cache-Control") != "no-store" {
			t.Errorf("%d %v %s", w.Code, w.Header(), w.Body)
		}
	})
	t.Run("mutation from a foreign origin", func(t *testing.T) {
		w := e.rawReq(t, http.MethodPost, "/graphql", `{"query":"mutation { logout }"}`, map[string]string{"Origin": "http://localhost:5173", "Cookie": cookie})
		if w.Code != http.StatusForbidden || !strings.Contains(w.Body.String(), stgypub.CodeForbidden) || strings.Contains(w.Body.String(), `"data"`) {
			t.Errorf("%d %s", w.Code, w.Body)
		}
		if r := e.do(t, req{as: "owner", query: `{ me { id } }`}); !strings.Contains(string(r.Data["me"]), e.owner.ID.String()) {
			t.Errorf("the session was touched: %s", r.raw)
		}
	})
	t.Run("recordPubView from a foreign origin runs", func(t *testing.T) {
		w := e.rawReq(t, http.MethodPost, "/graphql", `{"query":"mutation { recordPubView(postId: \"00000000000000FF\", fingerprint: \"00000000\", signature: \"00\") { recorded } }"}`, map[string]string{"Origin": "http://localhost:5173"})
		if w.Code != 200 || !strings.Contains(w.Body.String(), stgypub.CodeForbidden) || !strings.Contains(w.Body.String(), "invalid view signature") {
			t.Errorf("%d %s", w.Code, w.Body)
		}
	})
}
