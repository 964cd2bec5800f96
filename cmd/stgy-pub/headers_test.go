package main

import (
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"
)

// TestSecurityHeaders checks every page kind of the wired app, 404s and
// /graphql included, for the security headers, HSTS on an https base URL,
// and the article policy: widened for exactly the share widgets the owner
// enabled (the demo's gopher site has all four, horizontal theme), base
// in a vertical theme and on sites without them.
func TestSecurityHeaders(t *testing.T) {
	rs := privateRedis(t)
	cfg := testConfig(t, rs.Addr)
	cfg.BaseURL, _ = url.Parse("https://pub.test")
	a, base, posts := testApp(t, cfg)
	owner, err := a.store.Posts.PublishedPost(t.Context(), posts[0])
	if err != nil {
		t.Fatal(err)
	}
	asset := regexp.MustCompile(`/ui/[0-9a-f]+/base\.css`)
	_, home, _ := get(t, base, "/", "")
	paths := []string{"/", "/pub/" + posts[0].String(), "/pub/" + posts[0].String() + "?design=vertical", "/pub/" + posts[1].String(),
		"/sites/" + owner.OwnedBy.String(), "/sites/" + owner.OwnedBy.String() + "/feed.atom", "/sitemap.xml", "/robots.txt",
		"/favicon.svg", "/healthz", "/readyz", "/publications", "/no/such/page", "/pub/0000000000000001", asset.FindString(home)}
	check := func(name string, resp *http.Response) {
		h := resp.Header
		if csp := h.Get("Content-Security-Policy"); !strings.Contains(csp, "frame-ancestors 'none'") || strings.Contains(csp, "unsafe-inline") {
			t.Errorf("%s (%d): CSP %q", name, resp.StatusCode, csp)
		}
		if rp := h.Get("Referrer-Policy"); rp != "strict-origin-when-cross-origin" && rp != "same-origin" && rp != "no-referrer" {
			t.Errorf("%s (%d): Referrer-Policy %q", name, resp.StatusCode, rp)
		}
		for k, want := range map[string]string{"X-Content-Type-Options": "nosniff",
			"X-Frame-Options": "DENY", "Strict-Transport-Security": "max-age=31536000"} {
			if h.Get(k) != want {
				t.Errorf("%s (%d): %s = %q, want %q", name, resp.StatusCode, k, h.Get(k), want)
			}
		}
	}
	for _, p := range paths {
		resp, err := http.Get(base + p)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		check(p, resp)
	}
	resp, err := http.Post(base+"/graphql", "application/json", strings.NewReader(`{"query":"{ __typename }"}`))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	check("POST /graphql", resp)

	policy := func(p string) string {
		resp, err := http.Get(base + p)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp.Header.Get("Content-Security-Policy")
	}
	gopher := policy("/pub/" + posts[0].String())
	for _, want := range []string{"https://platform.twitter.com", "frame-src https://platform.twitter.com https://www.facebook.com https://b.hatena.ne.jp", "https://b.st-hatena.com"} {
		if !strings.Contains(gopher, want) {
			t.Errorf("article with share widgets: CSP %q lacks %q", gopher, want)
		}
	}
	if strings.Contains(gopher, "googletagmanager") {
		t.Errorf("Analytics allowed without a measurement ID: %q", gopher)
	}
	if v := policy("/pub/" + posts[0].String() + "?design=vertical"); strings.Contains(v, "frame-src") || strings.Contains(v, "twitter") {
		t.Errorf("vertical theme loads no widgets, CSP %q", v)
	}
}
