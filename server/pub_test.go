package server_test

import (
	"net/http"
	"strings"
	"testing"
	"time"
)

func TestPubPublicationRules(t *testing.T) {
	e := newEnv(t)
	u := e.user(0x1000000000000001, "alice", "Alice")
	published := e.post(0x2000000000000001, u, "# Published\n\nBody.", "en", at(-time.Hour))
	unpublished := e.post(0x2000000000000002, u, "# Draft\n\nBody.", "en", nil)
	scheduled := e.post(0x2000000000000003, u, "# Later\n\nBody.", "en", at(time.Hour))
	deleted := e.post(0x2000000000000004, u, "# Gone\n\nBody.", "en", at(-time.Hour))
	if err := e.st.Posts.DeletePost(t.Context(), deleted); err != nil {
		t.Fatal(err)
	}
	notFound := e.get("/pub/FFFFFFFFFFFFFFFF").Body.String()
	tests := []struct {
		name       string
		path       string
		wantStatus int
		wantBody   string
	}{
		{"published", "/pub/" + published.String(), 200, "<h1 id=\"published\">Published</h1>"},
		{"lower-case id", "/pub/" + strings.ToLower(published.String()), 200, "<h1 id=\"published\">Published</h1>"},
		{"unpublished", "/pub/" + unpublished.String(), 404, notFound},
		{"scheduled", "/pub/" + scheduled.String(), 404, notFound},
		{"deleted", "/pub/" + deleted.String(), 404, notFound},
		{"unknown", "/pub/0000000000000001", 404, notFound},
		{"malformed short", "/pub/123", 404, notFound},
		{"malformed non-hex", "/pub/ZZZZZZZZZZZZZZZZ", 404, notFound},
		{"malformed sign", "/pub/-000000000000001", 404, notFound},
		{"malformed escaped", "/pub/%3Cscript%3E", 404, notFound},
		{"trailing path", "/pub/" + published.String() + "/x", 404, notFound},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec := e.get(tt.path)
			if rec.Code != tt.wantStatus {
				t.Fatalf("status = %d, want %d", rec.Code, tt.wantStatus)
			}
			body := rec.Body.String()
			if tt.wantStatus == 404 {
				if body != notFound {
					t.Errorf("404 body differs from the unknown-ID body:\n%s", body)
				}
				if !strings.Contains(body, `<meta name="robots" content="noindex">`) {
					t.Error("404 page lacks robots noindex")
				}
				return
			}
			if !strings.Contains(body, tt.wantBody) {
				t.Errorf("body lacks %q", tt.wantBody)
			}
		})
	}

	t.Run("scheduled becomes visible when the clock moves", func(t *testing.T) {
		e.clk.Set(baseTime.Add(2 * time.Hour))
		defer e.clk.Set(baseTime)
		if rec := e.get("/pub/" + scheduled.String()); rec.Code != http.StatusOK {
			t.Fatalf("status = %d, want 200", rec.Code)
		}
	})
}

func TestPubViewRecording(t *testing.T) {
	e := newEnv(t)
	u := e.user(0x1000000000000001, "alice", "Alice")
	p := e.post(0x2000000000000001, u, "# Counted\n\nSome body text.", "en", at(-time.Hour))
	draft := e.post(0x2000000000000002, u, "# Draft", "en", nil)
	tests := []struct {
		name      string
		path      string
		ua        string
		wantViews int
		hdr       []string
	}{
		{"human", "/pub/" + p.String(), "Mozilla/5.0 (Macintosh) Safari/605.1.15", 1, nil},
		{"CUBOT phone", "/pub/" + p.String(), "Mozilla/5.0 (Linux; Android 8.0.0; CUBOT_P20) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/70.0.3538.110 Mobile Safari/537.36", 1, nil},
		{"googlebot", "/pub/" + p.String(), "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)", 0, nil},
		{"facebook preview", "/pub/" + p.String(), "facebookexternalhit/1.1", 0, nil},
		{"Curl", "/pub/" + p.String(), "Curl/8.5.0", 0, nil},
		{"Python-Requests", "/pub/" + p.String(), "Python-Requests/2.31", 0, nil},
		{"Postman", "/pub/" + p.String(), "PostmanRuntime/7.36.0", 0, nil},
		{"JAVA upper case", "/pub/" + p.String(), "JAVA/17.0.1", 0, nil},
		{"chrome prerender", "/pub/" + p.String(), "Mozilla/5.0 Chrome/124.0 Safari/537.36", 0, []string{"Sec-Purpose", "prefetch;prerender"}},
		{"chrome prefetch", "/pub/" + p.String(), "Mozilla/5.0 Chrome/124.0 Safari/537.36", 0, []string{"Sec-Purpose", "prefetch"}},
		{"firefox prefetch", "/pub/" + p.String(), "Mozilla/5.0 Firefox/140.0", 0, []string{"X-Moz", "prefetch"}},
		{"legacy Purpose", "/pub/" + p.String(), "Mozilla/5.0 Chrome/90.0 Safari/537.36", 0, []string{"Purpose", "prefetch"}},
		{"safari preview", "/pub/" + p.String(), "Mozilla/5.0 (Macintosh) Safari/605.1.15", 0, []string{"X-Purpose", "preview"}},
		{"unpublished", "/pub/" + draft.String(), "Mozilla/5.0 Firefox/140.0", 0, nil},
		{"unknown", "/pub/0000000000000009", "Mozilla/5.0 Firefox/140.0", 0, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before := len(e.views.recorded())
			rec := e.get(tt.path, append([]string{"User-Agent", tt.ua}, tt.hdr...)...)
			if tt.hdr != nil && rec.Code != http.StatusOK {
				t.Fatalf("speculative load: status %d, want 200 (the page is served, not counted)", rec.Code)
			}
			got := e.views.recorded()[before:]
			if len(got) != tt.wantViews {
				t.Fatalf("recorded %d views, want %d", len(got), tt.wantViews)
			}
			if tt.wantViews == 1 {
				v := got[0]
				if v.PostID != p || v.OwnerID != u || !v.PublishedAt.Equal(*at(-time.Hour)) {
					t.Errorf("view = %+v", v)
				}
				if v.Fingerprint == ([4]byte{}) {
					t.Error("fingerprint is zero")
				}
			}
		})
	}
	t.Run("same client same fingerprint", func(t *testing.T) {
		e.get("/pub/"+p.String(), "User-Agent", "Mozilla/5.0")
		e.get("/pub/"+p.String(), "User-Agent", "Mozilla/5.0")
		vs := e.views.recorded()
		if a, b := vs[len(vs)-1].Fingerprint, vs[len(vs)-2].Fingerprint; a != b {
			t.Errorf("fingerprints differ: %x %x", a, b)
		}
	})
}
