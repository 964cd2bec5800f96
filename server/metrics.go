package server

import (
	"strconv"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
)

// httpMetrics are the request counter and latency histogram exposed on
// /metrics, labelled by chi route pattern (bounded cardinality).
type httpMetrics struct {
	requests *prometheus.CounterVec
	duration *prometheus.HistogramVec
}

func newRegistry() *prometheus.Registry {
	reg := prometheus.NewRegistry()
	reg.MustRegister(collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	return reg
}

func newHTTPMetrics(reg prometheus.Registerer) (*httpMetrics, error) {
	m := &httpMetrics{
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "stgypub_http_requests_total",
			Help: "HTTP requests by route, method and status.",
		}, []string{"route", "method", "status"}),
		duration: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "stgypub_http_request_duration_seconds",
			Help:    "HTTP request latency by route.",
			Buckets: []float64{.0005, .001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5},
		}, []string{"route"}),
	}
	// A second Server on the same registry (tests, blue/green in one
	// process) shares the already registered collectors.
	if err := reg.Register(m.requests); err != nil {
		are, ok := err.(prometheus.AlreadyRegisteredError)
		if !ok {
			return nil, err
		}
		m.requests = are.ExistingCollector.(*prometheus.CounterVec)
	}
	if err := reg.Register(m.duration); err != nil {
		are, ok := err.(prometheus.AlreadyRegisteredError)
		if !ok {
			return nil, err
		}
		m.duration = are.ExistingCollector.(*prometheus.HistogramVec)
	}
	return m, nil
}

func (m *httpMetrics) observe(route, method string, status int, d time.Duration) {
	m.requests.WithLabelValues(route, method, strconv.Itoa(status)).Inc()
	m.duration.WithLabelValues(route).Observe(d.Seconds())
}
