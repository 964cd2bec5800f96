package main

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/stgy/stgypub/store/storetest"
)

// TestPostgresDown stops a private PostgreSQL under a running app: public
// pages answer 503 with Retry-After (never 500), the API answers
// UNAVAILABLE with 503, /readyz says "not ready: postgres", /healthz stays
// 200; after PostgreSQL is back, pages are 200 again within seconds.
func TestPostgresDown(t *testing.T) {
	pg := storetest.StartServer(t)
	rs := privateRedis(t)
	cfg := testConfig(t, rs.Addr)
	cfg.DatabaseURL = pg.URL("stgy_pub")
	a, base, posts := testApp(t, cfg)
	site, err := a.store.PublishedPost(t.Context(), posts[1])
	if err != nil {
		t.Fatal(err)
	}
	pg.Stop()
	for _, path := range []string{"/pub/" + posts[1].String(), "/pub/" + posts[2].String(), "/sites/" + site.OwnedBy.String(), "/", "/sitemap.xml"} {
		req, _ := http.NewRequest(http.MethodGet, base+path, nil)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusServiceUnavailable || resp.Header.Get("Retry-After") == "" {
			t.Errorf("GET %s with PostgreSQL down: %d Retry-After %q", path, resp.StatusCode, resp.Header.Get("Retry-After"))
		}
		if strings.Contains(string(body), "127.0.0.1") || strings.Contains(string(body), "refused") {
			t.Errorf("GET %s leaks the error: %s", path, body)
		}
	}
	q, _ := json.Marshal(map[string]any{"query": `query($u: ID!) { site(userId: $u) { config { siteName } } }`, "variables": map[string]any{"u": site.OwnedBy.String()}})
	resp, err := http.Post(base+"/graphql", "application/json", bytes.NewReader(q))
	if err != nil {
		t.Fatal(err)
	}
	var out struct {
		Errors []struct {
			Message    string
			Extensions map[string]any
		}
	}
	_ = json.NewDecoder(resp.Body).Decode(&out)
	resp.Body.Close()
	if resp.StatusCode != http.StatusServiceUnavailable || resp.Header.Get("Retry-After") == "" ||
		len(out.Errors) == 0 || out.Errors[0].Extensions["code"] != "UNAVAILABLE" {
		t.Errorf("GraphQL with PostgreSQL down: %d %+v", resp.StatusCode, out)
	}
	if code, body, _ := get(t, base, "/readyz", ""); code != 503 || body != "not ready: postgres\n" {
		t.Errorf("/readyz: %d %q", code, body)
	}
	if code, _, _ := get(t, base, "/healthz", ""); code != 200 {
		t.Errorf("/healthz: %d", code)
	}
	pg.Start()
	deadline := time.Now().Add(10 * time.Second)
	for {
		code, _, _ := get(t, base, "/pub/"+posts[1].String(), ipN(7))
		if code == 200 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("/pub still %d 10 s after PostgreSQL came back", code)
		}
		time.Sleep(100 * time.Millisecond)
	}
}
