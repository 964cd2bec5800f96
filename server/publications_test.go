package server_test

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/stgy/stgypub/ui"
)

func TestPublicationsShell(t *testing.T) {
	e := newEnv(t)
	entry := ui.MustEntry("publications")
	app := []string{`id="app"`, `data-base=""`, `src="` + entry.Scripts[0] + `"`, `href="` + entry.Styles[0] + `"`}
	tests := []struct {
		name       string
		path       string
		method     string
		wantStatus int
		wantBody   []string
	}{
		{"get", "/publications", http.MethodGet, 200, app},
		{"app view", "/publications/stats?period=15&sort=title", http.MethodGet, 200, app},
		{"deep view", "/publications/posts/19FD000000000001", http.MethodGet, 200, app},
		{"head", "/publications/settings", http.MethodHead, 200, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req := httptest.NewRequest(tt.method, tt.path, nil)
			rec := serveShell(e, req)
			if rec.Code != tt.wantStatus {
				t.Fatalf("status = %d, want %d", rec.Code, tt.wantStatus)
			}
			h := rec.Header()
			for k, want := range map[string]string{
				"Content-Type":    "text/html; charset=utf-8",
				"Cache-Control":   "no-cache",
				"X-Frame-Options": "DENY",
				"X-Robots-Tag":    "noindex",
			} {
				if got := h.Get(k); got != want {
					t.Errorf("%s = %q, want %q", k, got, want)
				}
			}
			if csp := h.Get("Content-Security-Policy"); !strings.Contains(csp, "script-src 'self'") || strings.Contains(csp, "unsafe-inline") {
				t.Errorf("Content-Security-Policy = %q", csp)
			}
			body := rec.Body.String()
			for _, s := range tt.wantBody {
				if !strings.Contains(body, s) {
					t.Errorf("body lacks %q", s)
				}
			}
			if tt.method == http.MethodHead && body != "" {
				t.Errorf("HEAD body = %d bytes", len(body))
			}
		})
	}
}

func TestPublicationsRefusesPost(t *testing.T) {
	e := newEnv(t)
	req := httptest.NewRequest(http.MethodPost, "/publications", strings.NewReader("x"))
	if rec := serveShell(e, req); rec.Code != http.StatusMethodNotAllowed {
		t.Fatalf("POST status = %d, want 405", rec.Code)
	}
}

func serveShell(e *env, req *http.Request) *httptest.ResponseRecorder {
	rec := httptest.NewRecorder()
	e.srv.ServeHTTP(rec, req)
	return rec
}
