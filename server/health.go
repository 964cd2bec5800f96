package server

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"strings"
	"sync"
	"time"
)

// healthHandlers answer /healthz and /readyz, on the public listener
// (for load balancers) and on the operator's (AdminHandler).
type healthHandlers struct {
	checks  []ReadyCheck  // Deps.Ready
	timeout time.Duration // Config.ReadyTimeout, per check
	log     *slog.Logger
}

// healthz reports that the process serves HTTP (liveness).
func (s *healthHandlers) healthz(w http.ResponseWriter, _ *http.Request) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	_, _ = w.Write([]byte("ok\n"))
}

// readyz runs every Deps.Ready check (each bounded by ReadyTimeout, all
// at once) and answers 503 "not ready: NAMES" when a required check fails,
// else 200 "ready", or "ready (degraded: NAMES)" when only optional checks
// (Redis) fail. Names only, never the errors' text, which may hold
// addresses.
func (s *healthHandlers) readyz(w http.ResponseWriter, r *http.Request) {
	failed := make([]bool, len(s.checks))
	var wg sync.WaitGroup
	for i, c := range s.checks {
		wg.Go(func() {
			ctx, cancel := context.WithTimeout(r.Context(), s.timeout)
			defer cancel()
			if err := c.Check(ctx); err != nil {
				warn(r.Context(), s.log, "readiness check "+c.Name+" failed", err)
				failed[i] = true
			}
		})
	}
	wg.Wait()
	var down, degraded []string
	for i, c := range s.checks {
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
