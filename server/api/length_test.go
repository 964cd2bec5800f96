package api_test

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"
)

// TestFullPathContentLength: a response of the full path (a query over
// POST, a field error, a mutation refused) declares its length,
// as a cache entry does, and a compressed one declares none or the
// compressed length, never the plain one.
func TestFullPathContentLength(t *testing.T) {
	e := newEnv(t, nil)
	p := e.post(t, e.owner, "# Lengths\n\n"+strings.Repeat("A long paragraph of text for the article. ", 80), ago(time.Hour))
	for _, tc := range []struct{ name, query string }{
		{"query", `{ publishedPost(id: "` + p.ID.String() + `") { id title html } }`},
		{"field error", `{ publishedPost(id: "0") { id } }`},
		{"refused mutation", `mutation { recordPubView(postId: "` + p.ID.String() + `", fingerprint: "00000000", signature: "00") { recorded } }`},
	} {
		for _, enc := range []string{"", "gzip"} {
			body, _ := json.Marshal(map[string]any{"query": tc.query})
			r := httptest.NewRequest(http.MethodPost, "/graphql", bytes.NewReader(body))
			r.Header.Set("Content-Type", "application/json")
			if enc != "" {
				r.Header.Set("Accept-Encoding", enc)
			}
			w := httptest.NewRecorder()
			e.h.ServeHTTP(w, r)
			cl := w.Header().Get("Content-Length")
			switch {
			case w.Header().Get("Content-Encoding") == "gzip":
				if cl != "" && cl != strconv.Itoa(w.Body.Len()) {
					t.Errorf("%s, gzip: Content-Length %s for %d compressed bytes", tc.name, cl, w.Body.Len())
				}
				zr, err := gzip.NewReader(w.Body)
				if err != nil {
					t.Fatalf("%s: %v", tc.name, err)
				}
				if plain, err := io.ReadAll(zr); err != nil || !json.Valid(plain) {
					t.Errorf("%s: gzip body %v %.100s", tc.name, err, plain)
				}
			case cl != strconv.Itoa(w.Body.Len()):
				t.Errorf("%s (Accept-Encoding %q): Content-Length %q for a body of %d bytes", tc.name, enc, cl, w.Body.Len())
			}
		}
	}
}
