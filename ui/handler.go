package ui

import (
	"bytes"
	"net/http"
	"strings"
	"time"
)

// Handler serves GET/HEAD /ui/{hash}/{file}. A request whose hash matches
// the embedded file's content gets "Cache-Control: public, max-age=31536000,
// immutable"; a stale hash (a page rendered by an older release) still gets
// the current file but with "no-cache", so rolling deploys never break a
// page. Unknown files are 404, other methods 405.
func Handler() http.Handler {
	return http.HandlerFunc(serveAsset)
}

func serveAsset(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	rest, ok := strings.CutPrefix(r.URL.Path, Prefix)
	hash, name, ok2 := strings.Cut(rest, "/")
	a, found := assets[name]
	if !ok || !ok2 || !found {
		http.Error(w, "no such asset", http.StatusNotFound)
		return
	}
	h := w.Header()
	h.Set("Content-Type", a.ctype)
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("ETag", `"`+a.hash+`"`)
	if hash == a.hash {
		h.Set("Cache-Control", "public, max-age=31536000, immutable")
	} else {
		h.Set("Cache-Control", "no-cache")
	}
	http.ServeContent(w, r, "", time.Time{}, bytes.NewReader(a.body))
}
