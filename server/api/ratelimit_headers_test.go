package api_test

import (
	"net/http"
	"strconv"
	"strings"
	"testing"
)

// TestRateLimitHeadersExposed: a limited mutation answers with the
// documented rate-limit headers (limit, remaining, reset), and a
// cross-origin script may read them (Access-Control-Expose-Headers).
func TestRateLimitHeadersExposed(t *testing.T) {
	t.Parallel()
	const app = "https://app.example.com"
	e := newEnv(t, func(c *apiConfig, _ *apiDeps) { c.AllowedOrigins = []string{app} })
	body := `{"query":"mutation { login(loginName: \"nobody\", password: \"wrong password\") { me { id } } }"}`
	var remaining []int
	for range 2 {
		w := e.rawReq(t, http.MethodPost, "/graphql", body, map[string]string{"Origin": app, "Content-Type": "application/json"})
		h := w.Header()
		n, err := strconv.Atoi(h.Get("X-RateLimit-Remaining"))
		if h.Get("X-RateLimit-Limit") != "10" || err != nil || h.Get("X-RateLimit-Reset") == "" {
			t.Fatalf("rate-limit headers: %v", h)
		}
		remaining = append(remaining, n)
		exposed := strings.ToLower(strings.Join(h.Values("Access-Control-Expose-Headers"), ","))
		for _, name := range []string{"x-ratelimit-limit", "x-ratelimit-remaining", "x-ratelimit-reset", "retry-after", "etag", "x-request-id"} {
			if !strings.Contains(exposed, name) {
				t.Errorf("%s not in Access-Control-Expose-Headers %q", name, exposed)
			}
		}
	}
	if remaining[1] != remaining[0]-1 {
		t.Errorf("X-RateLimit-Remaining %v: not counting down", remaining)
	}
}
