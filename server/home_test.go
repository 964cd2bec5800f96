package server_test

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/stgy/stgypub"
)

// TestHome: / lists only the sites with published posts (by site name,
// else nickname, with subtitle and newest publication date), newest
// activity first; a user with only drafts or scheduled posts is absent.
func TestHome(t *testing.T) {
	e := newEnv(t)
	a := e.user(0x1000000000000001, "alice", "Alice")
	b := e.user(0x1000000000000002, "bob", "Bob")
	draft := e.user(0x1000000000000003, "carol", "Carol Drafts")
	sched := e.user(0x1000000000000004, "dave", "Dave Scheduled")
	e.user(0x1000000000000005, "erin", "Erin Nothing")
	cfg := stgypub.DefaultPubConfig(b)
	cfg.SiteName, cfg.Subtitle = "Bob's Notes", "Notes &amp; more"
	e.config(cfg)
	e.post(0x2000000000000001, a, "# A\n\nBody.", "en", at(-3*time.Hour))
	e.post(0x2000000000000002, a, "# A2\n\nBody.", "en", at(-48*time.Hour))
	e.post(0x2000000000000003, b, "# B\n\nBody.", "en", at(-time.Hour))
	e.post(0x2000000000000004, draft, "# Draft\n\nBody.", "en", nil)
	e.post(0x2000000000000005, sched, "# Later\n\nBody.", "en", at(time.Hour))
	e.post(0x2000000000000006, b, "# B later\n\nBody.", "en", at(2*time.Hour))

	rec := e.get("/")
	if rec.Code != 200 || !strings.HasPrefix(rec.Header().Get("Content-Type"), "text/html") {
		t.Fatalf("status = %d %q\n%s", rec.Code, rec.Header().Get("Content-Type"), rec.Body.String())
	}
	body := rec.Body.String()
	for _, w := range []string{"<title>STGY Pub</title>", "<h1>STGY Pub</h1>",
		`<link rel="canonical" href="` + baseURL + `/">`,
		`href="/sites/` + b.String() + `">Bob&#39;s Notes</a>`, "Notes &amp;amp; more",
		`href="/sites/` + a.String() + `">Alice</a>`,
		// issue 9 #14: description, Open Graph description, JSON-LD.
		`<meta name="description" content="Blogs published with STGY Pub`,
		`<meta property="og:description" content="Blogs published with STGY Pub`,
		`<script type="application/ld+json">{"@context":"https://schema.org","@type":"WebSite","name":"STGY Pub"`,
	} {
		if !strings.Contains(body, w) {
			t.Errorf("body lacks %q", w)
		}
	}
	for _, w := range []string{"Carol", "Dave", "Erin", draft.String(), sched.String(), "noindex"} {
		if strings.Contains(body, w) {
			t.Errorf("body contains %q", w)
		}
	}
	if ib, ia := strings.Index(body, "Bob&#39;s Notes"), strings.Index(body, ">Alice<"); ib < 0 || ia < 0 || ib > ia {
		t.Errorf("Bob (newer) should precede Alice: %d, %d", ib, ia)
	}
	wantDate := baseTime.Add(-time.Hour).Format("2006-01-02")
	if !strings.Contains(body, ">"+wantDate+"</time>") {
		t.Errorf("body lacks Bob's newest date %s", wantDate)
	}

	// The scheduled posts fall due: Dave appears, Bob's newest date moves.
	e.clk.Set(baseTime.Add(3 * time.Hour))
	body = e.get("/").Body.String()
	if !strings.Contains(body, "Dave Scheduled") {
		t.Error("a site whose scheduled post fell due is missing")
	}

	req := httptest.NewRequest(http.MethodHead, "/", nil)
	hrec := httptest.NewRecorder()
	e.srv.ServeHTTP(hrec, req)
	if hrec.Code != 200 || hrec.Body.Len() != 0 {
		t.Errorf("HEAD / = %d, %d body bytes", hrec.Code, hrec.Body.Len())
	}
}
