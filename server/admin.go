package server

import (
	"net/http"
	"net/http/pprof"

	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// AdminHandler serves the operator's endpoints, meant for a separate
// listener that only the operator reaches (STGY_ADMIN_LISTEN, loopback by
// default): /metrics (Prometheus: Go runtime, process, HTTP, dependency,
// circuit-breaker, cache and log-suppression series), /debug/pprof/
// (net/http/pprof profiles), /healthz and /readyz (also on the public
// listener, for load balancers).
func (s *Server) AdminHandler() http.Handler {
	mux := http.NewServeMux()
	mux.Handle("GET /metrics", promhttp.HandlerFor(s.deps.Metrics, promhttp.HandlerOpts{}))
	mux.HandleFunc("/debug/pprof/", pprof.Index)
	mux.HandleFunc("/debug/pprof/cmdline", pprof.Cmdline)
	mux.HandleFunc("/debug/pprof/profile", pprof.Profile)
	mux.HandleFunc("/debug/pprof/symbol", pprof.Symbol)
	mux.HandleFunc("/debug/pprof/trace", pprof.Trace)
	mux.HandleFunc("GET /healthz", s.health.healthz)
	mux.HandleFunc("GET /readyz", s.health.readyz)
	return mux
}
