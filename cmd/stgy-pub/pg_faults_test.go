package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/auth"
	"github.com/stgy/stgypub/demo"
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
	site, err := a.store.Posts.PublishedPost(t.Context(), posts[1])
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

// TestPostgresRestartLightTraffic (issue 22 #1): with a pool full of idle
// connections and light traffic, PostgreSQL restarts. The first /readyz
// and the first page and API reads after it accepts connections again are
// 200 (figures: the time from "accepting" to each first 200). Each round
// restarts once more, so the stale connections meet a different first
// request kind each time.
func TestPostgresRestartLightTraffic(t *testing.T) {
	pg := storetest.StartServer(t)
	rs := privateRedis(t)
	cfg := testConfig(t, rs.Addr)
	cfg.DatabaseURL = pg.URL("stgy_pub")
	// Only the restart may fail a request here, not a loaded machine's
	// slow first queries on a cold server.
	cfg.PGReadDeadline = 20 * time.Second
	a, base, posts := testApp(t, cfg)
	site, err := a.store.Posts.PublishedPost(t.Context(), posts[0])
	if err != nil {
		t.Fatal(err)
	}
	gql := func() (int, string) {
		q, _ := json.Marshal(map[string]any{"query": `query($u: ID!) { site(userId: $u) { config { siteName } } }`, "variables": map[string]any{"u": site.OwnedBy.String()}})
		resp, err := http.Post(base+"/graphql", "application/json", bytes.NewReader(q))
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(b)
	}
	// Uncached page reads: each round a search page no one asked for.
	page := func(round, i int) string { return fmt.Sprintf("/sites/%s?q=restart%d_%d", site.OwnedBy, round, i) }
	kinds := []string{"readyz", "page", "graphql"}
	for round := range 6 {
		// Fill the pool with idle connections, as past traffic leaves it.
		var wg sync.WaitGroup
		for range 8 {
			wg.Go(func() { _, _ = a.store.DB.ExecContext(t.Context(), "SELECT pg_sleep(0.05)") })
		}
		wg.Wait()
		pg.Stop()
		pg.Start()
		back := time.Now()
		first := kinds[round%len(kinds)]
		order := append([]string{first}, kinds...)
		for i, k := range order {
			var code int
			var body string
			switch k {
			case "readyz":
				code, body, _ = get(t, base, "/readyz", "")
			case "page":
				code, body, _ = get(t, base, page(round, i), ipN(round*10+i))
			case "graphql":
				code, body = gql()
			}
			if code != 200 || (k == "graphql" && strings.Contains(body, `"errors"`)) {
				t.Fatalf("round %d: %s (request %d after PostgreSQL came back): %d %.300s", round, k, i+1, code, body)
			}
			if i == 0 {
				t.Logf("round %d: first %s 200 %v after PostgreSQL accepted connections", round, k, time.Since(back))
			}
		}
	}
	t.Logf("reads retried %d, connections discarded %d", a.store.ReadsRetried(), a.store.ConnectionsDiscarded())
}

// TestPostgresFrozenEveryRequestKind (issue 22 #2): with a private
// PostgreSQL frozen (SIGSTOP to all its processes), every kind of request
// that reads it — article, site and search pages, the Atom feeds, the
// sitemap, GraphQL queries anonymous and an owner's (pubStats) — answers
// 503 (UNAVAILABLE for GraphQL; an answer the in-process caches hold whole
// is 200) after the one read deadline
// (STGY_PG_READ_DEADLINE, here 500 ms), far sooner than the driver's 10 s
// read timeout; after the thaw each answers 200.
func TestPostgresFrozenEveryRequestKind(t *testing.T) {
	pg := storetest.StartServer(t)
	rs := privateRedis(t)
	cfg := testConfig(t, rs.Addr)
	cfg.DatabaseURL = pg.URL("stgy_pub")
	cfg.PGReadDeadline = 500 * time.Millisecond
	a, base, _ := testApp(t, cfg)
	// Round i (warm, frozen, thawed) reads site i's pages, so nothing the
	// frozen round asks for was cached before.
	logins := []string{"gopher", "hanako", "mix"}
	var owners, posts []stgypub.ID
	var cookies []string
	for _, l := range logins {
		u, err := a.store.Users.UserByLogin(t.Context(), l)
		if err != nil {
			t.Fatal(err)
		}
		ps, err := a.store.Posts.PublishedByUser(t.Context(), u.ID, stgypubQuery(1))
		if err != nil || len(ps) == 0 {
			t.Fatalf("posts of %s: %v", l, err)
		}
		owners, posts, cookies = append(owners, u.ID), append(posts, ps[0].ID), append(cookies, loginCookie(t, base, l))
	}
	type kind struct{ name, path, query, cookie string }
	kinds := func(i int) []kind {
		ks := []kind{
			{"article", "/pub/" + posts[i].String(), "", ""},
			{"site", "/sites/" + owners[i].String(), "", ""},
			{"search", "/sites/" + owners[i].String() + "?q=frozen", "", ""},
			{"feed", "/sites/" + owners[i].String() + "/feed.atom", "", ""},
			{"comments feed", "/pub/" + posts[i].String() + "/comments.atom", "", ""},
			{"graphql site", "", `{ site(userId: "` + owners[i].String() + `") { config { siteName } } }`, ""},
			{"graphql post", "", `{ publishedPost(id: "` + posts[i].String() + `") { id title } }`, ""},
			{"graphql search", "", `{ site(userId: "` + owners[i].String() + `") { search(query: "frozen") { totalCount } } }`, ""},
			{"graphql pubStats", "", `{ pubStats(userId: "` + owners[i].String() + `") { totalPv } }`, cookies[i]},
		}
		if i > 0 { // never cached before the freeze
			ks = append(ks, kind{"sitemap", "/sitemap.xml", "", ""}, kind{"home", "/", "", ""})
		}
		return ks
	}
	do := func(k kind) (int, string, time.Duration) {
		var req *http.Request
		if k.query != "" {
			b, _ := json.Marshal(map[string]any{"query": k.query})
			req, _ = http.NewRequest(http.MethodPost, base+"/graphql", bytes.NewReader(b))
			req.Header.Set("Content-Type", "application/json")
			req.Header.Set("Origin", cfg.BaseURL.String())
			if k.cookie != "" {
				req.Header.Set("Cookie", k.cookie)
			}
		} else {
			req, _ = http.NewRequest(http.MethodGet, base+k.path, nil)
		}
		start := time.Now()
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatalf("%s: %v", k.name, err)
		}
		defer resp.Body.Close()
		body, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(body), time.Since(start)
	}
	for _, k := range kinds(0) {
		if code, body, _ := do(k); (code != 200 && (k.name != "comments feed" || code != 404)) || strings.Contains(body, `"errors"`) {
			t.Fatalf("%s before the freeze: %d %.300s", k.name, code, body)
		}
	}
	pg.Freeze()
	var wg sync.WaitGroup
	var mu sync.Mutex
	var slowest time.Duration
	answered := map[int]int{}
	for _, k := range kinds(1) {
		wg.Go(func() {
			code, body, took := do(k)
			mu.Lock()
			slowest = max(slowest, took)
			mu.Unlock()
			// An answer may come whole from the in-process caches (the
			// page cache prepares pages in the background; site configs
			// are kept), without PostgreSQL: 200 then.
			cached := code == 200 && !strings.Contains(body, `"errors"`)
			mu.Lock()
			answered[code]++
			mu.Unlock()
			if !cached && (code != http.StatusServiceUnavailable || (k.query != "" && !strings.Contains(body, `"UNAVAILABLE"`))) {
				t.Errorf("%s with PostgreSQL frozen: %d %.300s", k.name, code, body)
			}
			// The driver's own read timeout is 10 s: an answer well
			// before it comes from the read deadline.
			if took > cfg.PGReadDeadline+4*time.Second {
				t.Errorf("%s with PostgreSQL frozen answered after %v (read deadline %v)", k.name, took, cfg.PGReadDeadline)
			}
		})
	}
	wg.Wait()
	t.Logf("with PostgreSQL frozen: %d answered 503, %d 200 from the in-process caches; slowest %v (read deadline %v)",
		answered[503], answered[200], slowest, cfg.PGReadDeadline)
	if answered[503] < 3 {
		t.Errorf("only %d of %d requests reached the frozen PostgreSQL", answered[503], len(kinds(1)))
	}
	pg.Thaw()
	for _, k := range kinds(2) {
		// A post whose comments are off has no comments feed: 404.
		if code, body, _ := do(k); (code != 200 && (k.name != "comments feed" || code != 404)) || strings.Contains(body, `"errors"`) {
			t.Errorf("%s after the thaw: %d %.300s", k.name, code, body)
		}
	}
}

// loginCookie signs login in with the demo password and returns its
// session cookie ("name=value").
func loginCookie(t *testing.T, base, login string) string {
	t.Helper()
	b, _ := json.Marshal(map[string]any{"query": `mutation($l: String!, $p: String!) { login(loginName: $l, password: $p) { me { id } } }`,
		"variables": map[string]any{"l": login, "p": demo.Password}})
	req, _ := http.NewRequest(http.MethodPost, base+"/graphql", bytes.NewReader(b))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Origin", "http://pub.test")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	for _, c := range resp.Cookies() {
		if c.Name == auth.CookieName {
			return c.Name + "=" + c.Value
		}
	}
	body, _ := io.ReadAll(resp.Body)
	t.Fatalf("login %s: %d %s", login, resp.StatusCode, body)
	return ""
}
