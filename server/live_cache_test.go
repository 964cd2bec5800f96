package server_test

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// TestSubscriptionsBypassResponseCache: a subscription over SSE on a node
// with the anonymous API response cache is streamed by the live transport
// (here: the live.Hub wired as serve wires it, and a post that does not
// exist, so one NOT_FOUND event), and neither reads nor fills the cache,
// however often it is asked.
func TestSubscriptionsBypassResponseCache(t *testing.T) {
	c := newCluster(t, 1, nil, "")
	before := c.nodes[0].pages.Stats()
	body := `{"query":"subscription($p: ID!) { pubCommentAdded(postId: $p) { id } }","variables":{"p":"00000000000012ab"}}`
	for range 3 {
		req := httptest.NewRequest(http.MethodPost, "/graphql", strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "text/event-stream")
		req.Header.Set("Accept-Encoding", "gzip")
		rec := httptest.NewRecorder()
		c.nodes[0].srv.ServeHTTP(rec, req)
		if ct := rec.Header().Get("Content-Type"); !strings.HasPrefix(ct, "text/event-stream") || rec.Header().Get("Content-Encoding") != "" {
			t.Fatalf("Content-Type %q, Content-Encoding %q: %s", ct, rec.Header().Get("Content-Encoding"), rec.Body.String())
		}
		if !strings.Contains(rec.Body.String(), `"code":"NOT_FOUND"`) || !strings.Contains(rec.Body.String(), "event: complete") {
			t.Fatalf("body %s", rec.Body.String())
		}
	}
	if after := c.nodes[0].pages.Stats(); after.Hits != before.Hits || after.Misses != before.Misses || after.Builds != before.Builds {
		t.Fatalf("response cache touched: before %+v, after %+v", before, after)
	}
}
