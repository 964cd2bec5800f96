package pagecache

import (
	"strconv"
	"sync/atomic"

	"github.com/prometheus/client_golang/prometheus"
)

// String is the key's singleflight name.
func (k Key) String() string {
	return strconv.Itoa(int(k.Kind)) + "/" + k.ID.String() + "/" + k.Variant
}

type stats struct {
	hits, misses, builds, invalidations, flushes atomic.Int64
}

// Stats is a snapshot of the cache's counters.
type Stats struct {
	Hits, Misses, Builds, Invalidations, Flushes int64
}

// Stats returns the counters so far.
func (c *Cache) Stats() Stats {
	return Stats{
		Hits: c.stats.hits.Load(), Misses: c.stats.misses.Load(), Builds: c.stats.builds.Load(),
		Invalidations: c.stats.invalidations.Load(), Flushes: c.stats.flushes.Load(),
	}
}

// Register adds the cache's metrics to reg: stgy_pagecache_{hits,misses,
// builds,invalidations,flushes}_total and stgy_pagecache_bytes.
func (c *Cache) Register(reg prometheus.Registerer) error {
	counter := func(name, help string, v *atomic.Int64) prometheus.Collector {
		return prometheus.NewCounterFunc(prometheus.CounterOpts{Name: "stgy_pagecache_" + name + "_total", Help: help},
			func() float64 { return float64(v.Load()) })
	}
	cs := []prometheus.Collector{
		counter("hits", "Page cache lookups answered from memory.", &c.stats.hits),
		counter("misses", "Page cache lookups that found no valid entry.", &c.stats.misses),
		counter("builds", "Pages built (one per miss, concurrent misses share one).", &c.stats.builds),
		counter("invalidations", "Site-change announcements applied.", &c.stats.invalidations),
		counter("flushes", "Whole-cache flushes (Redis subscription (re)established).", &c.stats.flushes),
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "stgy_pagecache_bytes", Help: "Weight of the cached pages in bytes."},
			func() float64 { return float64(c.entries.WeightedSize()) }),
	}
	for _, col := range cs {
		if err := reg.Register(col); err != nil {
			return err
		}
	}
	return nil
}
