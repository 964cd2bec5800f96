package server_test

import (
	"net/http"
	"strings"
	"testing"
	"time"
)

// TestAPIRequestIDAndPolicy: a /graphql response names the request by
// the server's request ID (the one its access log uses: the client's
// well-formed X-Request-ID, else one minted), whether it ran the
// operation, built a cache entry or was a cache hit; and carries the
// API's policy (nothing loads) with the other security headers.
func TestAPIRequestIDAndPolicy(t *testing.T) {
	c := newCluster(t, 1, nil, "")
	c.createPost("# Public\n\nText.", at(-time.Hour))
	q := `query($u: ID!) { site(userId: $u) { name } }`
	vars := map[string]any{"u": c.owner.String()}
	check := func(name string, h http.Header, want string) {
		t.Helper()
		if got := h.Get("X-Request-ID"); got != want || len(h.Values("X-Request-ID")) != 1 {
			t.Errorf("%s: X-Request-ID %q, want %q", name, h.Values("X-Request-ID"), want)
		}
		if csp := h.Get("Content-Security-Policy"); csp != "default-src 'none'; frame-ancestors 'none'" {
			t.Errorf("%s: Content-Security-Policy %q", name, csp)
		}
		if h.Get("X-Content-Type-Options") != "nosniff" || h.Get("X-Frame-Options") != "DENY" || h.Get("Referrer-Policy") == "" {
			t.Errorf("%s: security headers %v", name, h)
		}
	}
	for i, name := range []string{"miss (build)", "hit"} {
		id := "client-id." + strings.Repeat("x", i+1)
		r := c.apiGet(0, q, vars, "X-Request-ID", id)
		if r.Code != 200 {
			t.Fatalf("%s: %d %s", name, r.Code, r.Body.String())
		}
		check(name, r.Header(), id)
	}
	if s := c.nodes[0].pages.Stats(); s.Hits == 0 {
		t.Fatalf("no cache hit: %+v", s)
	}
	r := c.apiPost(0, map[string]any{"query": q, "variables": vars}, "X-Request-ID", "post-1")
	check("POST", r.Header(), "post-1")
	// A malformed ID is replaced by a minted one, the same in the header
	// the API writes.
	r = c.apiGet(0, q, vars, "X-Request-ID", "bad id!")
	if id := r.Header().Get("X-Request-ID"); len(id) != 16 {
		t.Errorf("minted X-Request-ID %q", id)
	}
}
