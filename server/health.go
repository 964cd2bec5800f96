package server

import (
	"context"
	"fmt"
	"net/http"
	"strings"
)

// robots serves /robots.txt: everything may be crawled; the sitemap is
// announced with its absolute URL.
func (s *Server) robots(w http.ResponseWriter, _ *http.Request) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Cache-Control", "public, max-age=86400")
	fmt.Fprintf(w, "User-agent: *\nAllow: /\nDisallow: /graphql\n\nSitemap: %s/sitemap.xml\n", s.base)
}

// healthz reports that the process serves HTTP (liveness).
func (s *Server) healthz(w http.ResponseWriter, _ *http.Request) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	_, _ = w.Write([]byte("ok\n"))
}

// readyz runs every Deps.Ready check (each bounded by ReadyTimeout) and
// answers 200 "ready" or 503 naming the failing checks (never their error
// text, which may hold addresses).
func (s *Server) readyz(w http.ResponseWriter, r *http.Request) {
	var failed []string
	for _, c := range s.deps.Ready {
		ctx, cancel := context.WithTimeout(r.Context(), s.cfg.ReadyTimeout)
		err := c.Check(ctx)
		cancel()
		if err != nil {
			s.warn(r.Context(), "readiness check "+c.Name+" failed", err)
			failed = append(failed, c.Name)
		}
	}
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	if len(failed) > 0 {
		w.WriteHeader(http.StatusServiceUnavailable)
		fmt.Fprintf(w, "not ready: %s\n", strings.Join(failed, ", "))
		return
	}
	_, _ = w.Write([]byte("ready\n"))
}
