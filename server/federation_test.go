package server_test

import (
	"bytes"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/federation"
	"github.com/stgy/stgypub/pagecache"
	"github.com/stgy/stgypub/server"
	"github.com/stgy/stgypub/webhook"
)

// TestFederationNegotiationNeverMixesCache asks one page cache for the
// site URL as a browser and as an ActivityPub server, in both orders:
// each always gets its own kind of answer, both with Vary: Accept.
func TestFederationNegotiationNeverMixesCache(t *testing.T) {
	const browser = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"
	const ap = `application/ld+json; profile="https://www.w3.org/ns/activitystreams"`
	for _, order := range [][]string{{browser, ap, browser, ap}, {ap, browser, ap, browser}} {
		name := "page first"
		if order[0] == ap {
			name = "actor first"
		}
		t.Run(name, func(t *testing.T) {
			e := newEnv(t)
			alice := e.user(0, "alice", "Alice")
			post := e.post(0, alice, "# Hello\n\nBody.", "en", at(-time.Hour))
			c := stgypub.DefaultPubConfig(alice)
			c.Extensions, _ = stgypub.ParseExtensions(`{"federation":{"enabled":true}}`)
			e.config(c)
			base, _ := url.Parse(baseURL)
			fed, err := federation.New(federation.Config{BaseURL: base, Key: bytes.Repeat([]byte{1}, federation.KeySize), Now: e.clock},
				federation.Stores{Users: e.st.Users, Posts: e.st.Posts, Federation: e.st.Federation}, webhook.NewClient(webhook.ClientConfig{}))
			if err != nil {
				t.Fatal(err)
			}
			pages, err := pagecache.New(pagecache.Config{Local: true, Now: e.clock})
			if err != nil {
				t.Fatal(err)
			}
			e.st.Changes = pagecache.Local{Cache: pages}
			e.srv = e.newServer(server.Deps{Views: e.views, Ranker: e.views, Counts: e.views, Pages: pages, Federation: fed})
			for path, typ := range map[string]string{"/sites/" + alice.String(): "Person", "/pub/" + post.String(): "Article"} {
				for i, accept := range order {
					rec := e.get(path, "Accept", accept)
					ct, vary := rec.Header().Get("Content-Type"), strings.Join(rec.Header().Values("Vary"), ", ")
					if rec.Code != 200 || !strings.Contains(vary, "Accept") {
						t.Fatalf("%s request %d (%s): %d, Vary %q", path, i, accept, rec.Code, vary)
					}
					if accept == ap && (!strings.HasPrefix(ct, "application/activity+json") || !strings.Contains(rec.Body.String(), `"type":"`+typ+`"`)) {
						t.Fatalf("%s request %d asked for the %s and got %s: %.80s", path, i, typ, ct, rec.Body.String())
					}
					if accept == browser && (!strings.HasPrefix(ct, "text/html") || !strings.Contains(rec.Body.String(), "<html")) {
						t.Fatalf("%s request %d asked for the page and got %s: %.80s", path, i, ct, rec.Body.String())
					}
				}
			}
			// Two browser requests of the article were page views; the
			// two ActivityPub fetches were not.
			if n := len(e.views.recorded()); n != 2 {
				t.Fatalf("%d page views recorded, want 2 (federation traffic is not a page view)", n)
			}
		})
	}
	t.Run("off site answers the page to browsers and 404 to servers", func(t *testing.T) {
		e := newEnv(t)
		bob := e.user(0, "bob", "Bob")
		e.post(0, bob, "# Hi", "en", at(-time.Hour))
		base, _ := url.Parse(baseURL)
		fed, _ := federation.New(federation.Config{BaseURL: base, Key: bytes.Repeat([]byte{1}, federation.KeySize), Now: e.clock},
			federation.Stores{Users: e.st.Users, Posts: e.st.Posts, Federation: e.st.Federation}, webhook.NewClient(webhook.ClientConfig{}))
		e.srv = e.newServer(server.Deps{Views: e.views, Ranker: e.views, Counts: e.views, Pages: e.pages, Federation: fed})
		if rec := e.get("/sites/"+bob.String(), "Accept", ap); rec.Code != 404 {
			t.Fatalf("actor of a site with federation off: %d", rec.Code)
		}
		if rec := e.get("/sites/"+bob.String()+"/followers", "Accept", ap); rec.Code != 404 {
			t.Fatalf("followers of a site with federation off: %d", rec.Code)
		}
		if rec := e.get("/sites/"+bob.String(), "Accept", browser); rec.Code != 200 {
			t.Fatalf("page: %d", rec.Code)
		}
	})
}

// TestFederationRoutesMounted reaches every federation route through the
// server: answered with federation configured, 404 without it.
func TestFederationRoutesMounted(t *testing.T) {
	e := newEnv(t)
	alice := e.user(0, "alice", "Alice")
	e.post(0, alice, "# Hello", "en", at(-time.Hour))
	c := stgypub.DefaultPubConfig(alice)
	c.Extensions, _ = stgypub.ParseExtensions(`{"federation":{"enabled":true}}`)
	e.config(c)
	site := "/sites/" + alice.String()
	gets := map[string]int{
		"/.well-known/webfinger?resource=acct:alice@pub.example.test": 200,
		"/.well-known/nodeinfo": 200,
		"/nodeinfo/2.1":         200,
		site + "/outbox":        200,
		site + "/outbox?page=1": 200,
		site + "/outbox?page=x": 400,
		site + "/followers":     200,
		"/sites/nope/followers": 404,
	}
	inbox := func() int {
		req := httptest.NewRequest(http.MethodPost, site+"/inbox", strings.NewReader(`{"type":"Follow"}`))
		rec := httptest.NewRecorder()
		e.srv.ServeHTTP(rec, req)
		return rec.Code
	}
	// Without federation every route is 404.
	for path := range gets {
		if rec := e.get(path); rec.Code != 404 {
			t.Fatalf("%s without federation: %d, want 404", path, rec.Code)
		}
	}
	if code := inbox(); code != 404 {
		t.Fatalf("inbox without federation: %d, want 404", code)
	}
	base, _ := url.Parse(baseURL)
	fed, err := federation.New(federation.Config{BaseURL: base, Key: bytes.Repeat([]byte{1}, federation.KeySize), Now: e.clock},
		federation.Stores{Users: e.st.Users, Posts: e.st.Posts, Federation: e.st.Federation}, webhook.NewClient(webhook.ClientConfig{}))
	if err != nil {
		t.Fatal(err)
	}
	e.srv = e.newServer(server.Deps{Views: e.views, Ranker: e.views, Counts: e.views, Pages: e.pages, Federation: fed})
	for path, want := range gets {
		if rec := e.get(path); rec.Code != want {
			t.Fatalf("%s: %d %s, want %d", path, rec.Code, rec.Body.String(), want)
		}
	}
	if code := inbox(); code != http.StatusUnauthorized {
		t.Fatalf("unsigned inbox POST: %d, want 401", code)
	}
}
