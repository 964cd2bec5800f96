package server

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"sync"
)

// healthz reports that the process serves HTTP (liveness).
func (s *Server) healthz(w http.ResponseWriter, _ *http.Request) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	_, _ = w.Write([]byte("ok\n"))
}

// readyz runs every Deps.Ready check (each bounded by ReadyTimeout, all
// at once) and answers 503 "not ready: NAMES" when a required check fails,
// else 200 "ready", or "ready (degraded: NAMES)" when only optional checks
// (Redis) fail. Names only, never the errors' text, which may hold
// addresses.
func (s *Server) readyz(w http.ResponseWriter, r *http.Request) {
	failed := make([]bool, len(s.deps.Ready))
	var wg sync.WaitGroup
	for i, c := range s.deps.Ready {
		wg.Go(func() {
			ctx, cancel := context.WithTimeout(r.Context(), s.cfg.ReadyTimeout)
			defer cancel()
			if err := c.Check(ctx); err != nil {
				s.warn(r.Context(), "readiness check "+c.Name+" failed", err)
				failed[i] = true
			}
		})
	}
	wg.Wait()
	var down, degraded []string
	for i, c := range s.deps.Ready {
		switch {
		case !failed[i]:
		case c.Optional:
			degraded = append(degraded, c.Name)
		default:
			down = append(down, c.Name)
		}
	}
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	switch {
	case len(down) > 0:
		w.WriteHeader(http.StatusServiceUnavailable)
		fmt.Fprintf(w, "not ready: %s\n", strings.Join(down, ", "))
	case len(degraded) > 0:
		fmt.Fprintf(w, "ready (degraded: %s)\n", strings.Join(degraded, ", "))
	default:
		_, _ = w.Write([]byte("ready\n"))
	}
}
