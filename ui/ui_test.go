package ui

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

func TestHandler(t *testing.T) {
	cssURL := URL("base.css")
	if !strings.HasPrefix(cssURL, "/ui/") || !strings.HasSuffix(cssURL, "/base.css") {
		t.Fatalf("URL(base.css) = %q", cssURL)
	}
	tests := []struct {
		name        string
		method      string
		path        string
		wantStatus  int
		wantCache   string
		wantType    string
		wantContain string
	}{
		{"hashed css", "GET", cssURL, 200, "public, max-age=31536000, immutable", "text/css; charset=utf-8", "--fg"},
		{"hashed js", "GET", URL("pub.js"), 200, "public, max-age=31536000, immutable", "text/javascript; charset=utf-8", "widgets.js"},
		{"stale hash", "GET", "/ui/0000000000000000/base.css", 200, "no-cache", "text/css; charset=utf-8", "--fg"},
		{"unknown file", "GET", "/ui/0000000000000000/nope.css", 404, "", "", "no such asset"},
		{"no hash", "GET", "/ui/base.css", 404, "", "", "no such asset"},
		{"post", "POST", cssURL, 405, "", "", "method not allowed"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec := httptest.NewRecorder()
			Handler().ServeHTTP(rec, httptest.NewRequest(tt.method, tt.path, nil))
			if rec.Code != tt.wantStatus {
				t.Fatalf("status = %d, want %d", rec.Code, tt.wantStatus)
			}
			if got := rec.Header().Get("Cache-Control"); tt.wantCache != "" && got != tt.wantCache {
				t.Errorf("Cache-Control = %q, want %q", got, tt.wantCache)
			}
			if got := rec.Header().Get("Content-Type"); tt.wantType != "" && got != tt.wantType {
				t.Errorf("Content-Type = %q, want %q", got, tt.wantType)
			}
			if !strings.Contains(rec.Body.String(), tt.wantContain) {
				t.Errorf("body lacks %q", tt.wantContain)
			}
		})
	}
}

func TestConditionalGet(t *testing.T) {
	rec := httptest.NewRecorder()
	Handler().ServeHTTP(rec, httptest.NewRequest("GET", URL("base.css"), nil))
	etag := rec.Header().Get("ETag")
	req := httptest.NewRequest("GET", URL("base.css"), nil)
	req.Header.Set("If-None-Match", etag)
	rec = httptest.NewRecorder()
	Handler().ServeHTTP(rec, req)
	if rec.Code != http.StatusNotModified {
		t.Fatalf("status = %d, want 304", rec.Code)
	}
}

func TestURLUnknown(t *testing.T) {
	if got := URL("missing.css"); got != "" {
		t.Errorf("URL(missing.css) = %q, want empty", got)
	}
}
