package server

import (
	_ "embed"
	"net/http"
	"time"
)

//go:embed favicon.svg
var faviconSVG []byte

// faviconCacheControl keeps the icon a month: it changes only with a
// release.
const faviconCacheControl = "public, max-age=2592000"

// faviconModified is the Last-Modified of the embedded icon: the process
// start, so a new release's icon is fetched after revalidation.
var faviconModified = time.Now()

// favicon serves GET /favicon.svg, the icon every page head links to.
func (s *Server) favicon(w http.ResponseWriter, r *http.Request) {
	writeBody(w, r, s.cfg.Now(), "image/svg+xml", faviconCacheControl, faviconModified, faviconSVG)
}

// faviconICO answers GET /favicon.ico, which browsers request on their
// own, with a permanent redirect to the SVG icon instead of a 404.
func (s *Server) faviconICO(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Cache-Control", faviconCacheControl)
	http.Redirect(w, r, "/favicon.svg", http.StatusMovedPermanently)
}
