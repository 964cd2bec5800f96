package server_test

import (
	"strings"
	"testing"
	"time"
)

// TestFavicon: /favicon.svg is an SVG icon cached for long, /favicon.ico
// redirects to it, and every page head links to it.
func TestFavicon(t *testing.T) {
	e := newEnv(t)
	rec := e.get("/favicon.svg")
	if rec.Code != 200 || rec.Header().Get("Content-Type") != "image/svg+xml" ||
		!strings.HasPrefix(rec.Body.String(), "<svg") {
		t.Fatalf("/favicon.svg: %d %q\n%s", rec.Code, rec.Header().Get("Content-Type"), rec.Body.String())
	}
	if cc := rec.Header().Get("Cache-Control"); !strings.Contains(cc, "max-age=2592000") {
		t.Errorf("/favicon.svg Cache-Control = %q", cc)
	}
	rec = e.get("/favicon.ico")
	if rec.Code != 301 || rec.Header().Get("Location") != "/favicon.svg" {
		t.Errorf("/favicon.ico: %d Location %q", rec.Code, rec.Header().Get("Location"))
	}
	if cc := rec.Header().Get("Cache-Control"); !strings.Contains(cc, "max-age=") {
		t.Errorf("/favicon.ico Cache-Control = %q", cc)
	}
	u := e.user(0x1000000000000001, "alice", "Alice")
	p := e.post(0x2000000000000001, u, "# Hi\n\nBody.", "en", at(-time.Hour))
	link := `<link rel="icon" href="/favicon.svg" type="image/svg+xml">`
	for _, path := range []string{"/sites/" + u.String(), "/pub/" + p.String(), "/no-such-page"} {
		if body := e.get(path).Body.String(); !strings.Contains(body, link) {
			t.Errorf("%s lacks the icon link", path)
		}
	}
}
