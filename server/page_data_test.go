package server_test

import (
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/server"
)

// postsOnly hides every method of the store but stgypub.PubPostStore, so
// the server falls back to separate queries.
type postsOnly struct{ stgypub.PubPostStore }

// TestSeparateReadsServeSamePages checks that a store without the
// one-statement reads (stgypub.PubPageStore) gives the same page bytes.
func TestSeparateReadsServeSamePages(t *testing.T) {
	e := newEnv(t)
	u := e.user(0x1000000000000001, "alice", "Alice")
	var posts []stgypub.ID
	for i := range 4 {
		posts = append(posts, e.post(stgypub.ID(0x2000000000000001+i), u, "# Post "+string(rune('A'+i))+"\n\nBody.", "en", at(time.Duration(i-5)*time.Hour)))
	}
	e.views.counts = map[stgypub.ID]int64{posts[1]: 7}
	e.views.ranking = []stgypub.RankingEntry{{ID: posts[2], PV: 9}, {ID: posts[0], PV: 3}}
	fast := e.srv
	slowDeps := server.Deps{Posts: postsOnly{e.st}, Users: e.st, Configs: e.st, Views: e.views, Ranker: e.views, Counts: e.views}
	base, _ := url.Parse(baseURL)
	slow, err := server.New(server.Config{BaseURL: base, ViewSecret: []byte("test-secret")}, slowDeps)
	if err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{
		"/pub/" + posts[1].String(),
		"/pub/" + posts[3].String() + "?design=dark",
		"/sites/" + u.String(),
		"/sites/" + u.String() + "?view=plain&order=oldest",
		"/sites/" + u.String() + "/feed.atom",
		"/pub/" + stgypub.ID(0x2000000000000099).String(),
		"/sites/1000000000000099",
	} {
		t.Run(path, func(t *testing.T) {
			a, b := serve(fast, path), serve(slow, path)
			if a.Code != b.Code || a.Body.String() != b.Body.String() {
				t.Errorf("one statement: %d, %d bytes; separate: %d, %d bytes", a.Code, a.Body.Len(), b.Code, b.Body.Len())
			}
			if a.Code == 200 && a.Header().Get("ETag") != b.Header().Get("ETag") {
				t.Errorf("ETag %s vs %s", a.Header().Get("ETag"), b.Header().Get("ETag"))
			}
		})
	}
}

func serve(h http.Handler, path string) *httptest.ResponseRecorder {
	req := httptest.NewRequest(http.MethodGet, path, nil)
	req.RemoteAddr = "203.0.113.7:5555"
	req.Header.Set("User-Agent", "Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0")
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec
}

// TestPageDataTTL checks the optional data cache: edits show at once
// with the TTL off, after the TTL with it on, and every request records
// its view either way.
func TestPageDataTTL(t *testing.T) {
	base, _ := url.Parse(baseURL)
	tests := []struct {
		name       string
		ttl        time.Duration
		wantStale  bool
		wantNewErr bool
	}{
		{"off", 0, false, false},
		{"at the maximum", server.MaxPageDataTTL, true, false},
		{"above the maximum", 2 * time.Second, false, true},
		{"negative", -time.Second, false, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := newEnv(t)
			srv, err := server.New(server.Config{BaseURL: base, ViewSecret: []byte("s"), PageDataTTL: tt.ttl},
				server.Deps{Posts: e.st, Users: e.st, Configs: e.st, Views: e.views, Ranker: e.views, Counts: e.views})
			if tt.wantNewErr {
				if err == nil {
					t.Fatal("New accepted the TTL")
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			u := e.user(0x1000000000000001, "alice", "Alice")
			p := e.post(0x2000000000000001, u, "# First title\n\nBody.", "en", at(-time.Hour))
			pubPath, sitePath := "/pub/"+p.String(), "/sites/"+u.String()
			for _, path := range []string{pubPath, sitePath} {
				if rec := serve(srv, path); rec.Code != 200 || !strings.Contains(rec.Body.String(), "First title") {
					t.Fatalf("%s: %d", path, rec.Code)
				}
			}
			cfg := stgypub.DefaultPubConfig(u)
			cfg.SiteName = "Renamed site"
			e.config(cfg)
			for _, path := range []string{pubPath, sitePath} {
				stale := !strings.Contains(serve(srv, path).Body.String(), "Renamed site")
				if stale != tt.wantStale {
					t.Errorf("%s right after the edit: stale = %v, want %v", path, stale, tt.wantStale)
				}
			}
			time.Sleep(tt.ttl + 50*time.Millisecond)
			for _, path := range []string{pubPath, sitePath} {
				if !strings.Contains(serve(srv, path).Body.String(), "Renamed site") {
					t.Errorf("%s still stale after the TTL", path)
				}
			}
			if got := len(e.views.recorded()); got != 3 {
				t.Errorf("recorded %d views for 3 article requests", got)
			}
		})
	}
}

// TestOwnerHintFollowsOwnerChange checks that the per-process owner hint
// (Popular and view counts read alongside the article statement) never
// serves another owner's data after a post changes owner.
func TestOwnerHintFollowsOwnerChange(t *testing.T) {
	e := newEnv(t)
	alice := e.user(0x1000000000000001, "alice", "Alice")
	bob := e.user(0x1000000000000002, "bob", "Bob")
	p := e.post(0x2000000000000001, alice, "# Moving post\n\nBody.", "en", at(-time.Hour))
	path := "/pub/" + p.String()
	for range 2 { // the second request uses the hint
		if rec := e.get(path); !strings.Contains(rec.Body.String(), "Alice") {
			t.Fatalf("status %d, no Alice", rec.Code)
		}
	}
	if err := e.st.ChangeOwner(t.Context(), p, bob); err != nil {
		t.Fatal(err)
	}
	for i := range 2 {
		body := e.get(path).Body.String()
		if !strings.Contains(body, "Bob") || strings.Contains(body, ">Alice<") {
			t.Errorf("request %d after the owner change does not show Bob only", i)
		}
	}
	views := e.views.recorded()
	if last := views[len(views)-1]; last.OwnerID != bob {
		t.Errorf("last view recorded for owner %s, want %s", last.OwnerID, bob)
	}
}
