// Package obs holds what operators watch: the Prometheus registry with the
// Go runtime and process collectors, per-dependency latency and error
// metrics, cache hit/miss counters any cache can register on, and a
// rate-limited slog handler so a failing dependency cannot flood the logs.
// Metric names follow stgy_<area>_<what>_<unit>; README "Metrics" lists
// them and docs/ARCHITECTURE.md "Observability" says where they come from.
package obs

import (
	"errors"
	"sync"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
)

// NewRegistry returns a registry with the Go runtime (go_*) and process
// (process_*) collectors: what /metrics on the admin listener serves.
func NewRegistry() *prometheus.Registry {
	reg := prometheus.NewRegistry()
	reg.MustRegister(collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	return reg
}

// Register registers c on reg, or returns the collector already registered
// under the same description (several servers on one registry in tests).
func Register[C prometheus.Collector](reg prometheus.Registerer, c C) (C, error) {
	if err := reg.Register(c); err != nil {
		var are prometheus.AlreadyRegisteredError
		if errors.As(err, &are) {
			if existing, ok := are.ExistingCollector.(C); ok {
				return existing, nil
			}
		}
		return c, err
	}
	return c, nil
}

// Dependencies are the latency histogram and error counter of the
// services the server calls, by dependency ("postgres", "redis"):
// stgy_dependency_duration_seconds{dependency} and
// stgy_dependency_errors_total{dependency,kind} where kind is
// "unavailable" (the breaker refused the call) or "error" (a timeout or
// connection failure). stgy_dependency_up{dependency} is 1 while the last
// call succeeded.
type Dependencies struct {
	duration *prometheus.HistogramVec
	errors   *prometheus.CounterVec
	up       *prometheus.GaugeVec
}

// NewDependencies registers the dependency metrics on reg.
func NewDependencies(reg prometheus.Registerer) (*Dependencies, error) {
	d := &Dependencies{
		duration: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "stgy_dependency_duration_seconds",
			Help:    "Latency of calls to a dependency (one command, pipeline or SQL statement).",
			Buckets: []float64{.0002, .0005, .001, .0025, .005, .01, .025, .05, .1, .25, 1, 5},
		}, []string{"dependency"}),
		errors: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "stgy_dependency_errors_total",
			Help: "Failed calls to a dependency: kind=error (timeout, connection failure) or unavailable (refused by the circuit breaker).",
		}, []string{"dependency", "kind"}),
		up: prometheus.NewGaugeVec(prometheus.GaugeOpts{
			Name: "stgy_dependency_up",
			Help: "1 while the last call to the dependency succeeded, 0 after a failure.",
		}, []string{"dependency"}),
	}
	var err error
	if d.duration, err = Register(reg, d.duration); err != nil {
		return nil, err
	}
	if d.errors, err = Register(reg, d.errors); err != nil {
		return nil, err
	}
	if d.up, err = Register(reg, d.up); err != nil {
		return nil, err
	}
	return d, nil
}

// Observer returns the function a dependency's hook calls after each call:
// d is 0 for a call refused without trying; unavailable reports whether
// err is such a refusal.
func (d *Dependencies) Observer(dep string, unavailable func(error) bool) func(time.Duration, error) {
	if d == nil {
		return func(time.Duration, error) {}
	}
	hist := d.duration.WithLabelValues(dep)
	errs := d.errors.WithLabelValues(dep, "error")
	refused := d.errors.WithLabelValues(dep, "unavailable")
	up := d.up.WithLabelValues(dep)
	up.Set(1)
	return func(dur time.Duration, err error) {
		switch {
		case err == nil:
			hist.Observe(dur.Seconds())
			up.Set(1)
		case unavailable != nil && unavailable(err):
			refused.Inc()
			up.Set(0)
		default:
			hist.Observe(dur.Seconds())
			errs.Inc()
			up.Set(0)
		}
	}
}

// Caches counts lookups of named caches:
// stgy_cache_requests_total{cache,result="hit"|"miss"}. The hit rate of a
// cache is rate(hit) / rate(hit+miss). A nil *Caches counts nothing.
type Caches struct {
	vec *prometheus.CounterVec
	mu  sync.Mutex
	m   map[string]*Cache
}

// NewCaches registers the cache counter on reg.
func NewCaches(reg prometheus.Registerer) (*Caches, error) {
	vec, err := Register(reg, prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "stgy_cache_requests_total",
		Help: "Cache lookups by cache and result (hit or miss).",
	}, []string{"cache", "result"}))
	if err != nil {
		return nil, err
	}
	return &Caches{vec: vec, m: map[string]*Cache{}}, nil
}

// Cache is one named cache's hit and miss counters; a nil *Cache counts
// nothing.
type Cache struct{ hit, miss prometheus.Counter }

// Cache returns the counters of the cache called name (e.g. "ranking",
// "stats", "page"), creating them on first use.
func (c *Caches) Cache(name string) *Cache {
	if c == nil {
		return nil
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if k, ok := c.m[name]; ok {
		return k
	}
	k := &Cache{hit: c.vec.WithLabelValues(name, "hit"), miss: c.vec.WithLabelValues(name, "miss")}
	c.m[name] = k
	return k
}

// RegisterFunc exposes a cache that keeps its own counts (hits and misses
// read when /metrics is scraped) under the same metric name: for caches
// such as the page cache that count with atomics of their own.
func (c *Caches) RegisterFunc(reg prometheus.Registerer, name string, hits, misses func() float64) error {
	return reg.Register(&funcCache{name: name, hits: hits, misses: misses,
		desc: prometheus.NewDesc("stgy_cache_requests_total", "Cache lookups by cache and result (hit or miss).", []string{"cache", "result"}, nil)})
}

// Hit counts a lookup answered from the cache.
func (k *Cache) Hit() {
	if k != nil {
		k.hit.Inc()
	}
}

// Miss counts a lookup that had to compute the value.
func (k *Cache) Miss() {
	if k != nil {
		k.miss.Inc()
	}
}

// funcCache is a collector reading a cache's own counters.
type funcCache struct {
	name         string
	hits, misses func() float64
	desc         *prometheus.Desc
}

func (f *funcCache) Describe(ch chan<- *prometheus.Desc) {}

func (f *funcCache) Collect(ch chan<- prometheus.Metric) {
	ch <- prometheus.MustNewConstMetric(f.desc, prometheus.CounterValue, f.hits(), f.name, "hit")
	ch <- prometheus.MustNewConstMetric(f.desc, prometheus.CounterValue, f.misses(), f.name, "miss")
}
