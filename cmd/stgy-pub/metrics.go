package main

import (
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"

	"github.com/stgy/stgypub/internal/obs"
	"github.com/stgy/stgypub/pagecache"
	"github.com/stgy/stgypub/store"
)

// registerMetrics adds the process's own metrics to reg: the log records
// the rate limit dropped (stgy_log_suppressed_total), the page cache's
// (stgy_pagecache_*, and its hits and misses in caches), the PostgreSQL pool's (go_sql_*, whose
// max_idle_closed_total shows pool churn) and
// stgy_db_connections_opened_total, the connections the pool has opened:
// flat under steady load when the pool does not churn.
func registerMetrics(reg *prometheus.Registry, caches *obs.Caches, st *store.Store, pages *pagecache.Cache) error {
	if err := pages.Register(reg); err != nil {
		return err
	}
	if err := caches.RegisterFunc(reg, "page", func() float64 { return float64(pages.Stats().Hits) },
		func() float64 { return float64(pages.Stats().Misses) }); err != nil {
		return err
	}
	for _, c := range []prometheus.Collector{
		prometheus.NewCounterFunc(prometheus.CounterOpts{
			Name: "stgy_log_suppressed_total",
			Help: "WARN and ERROR log records dropped by the per-message rate limit.",
		}, func() float64 { return float64(logsSuppressed.Load()) }),
		collectors.NewDBStatsCollector(st.DB.DB, "stgy"),
		prometheus.NewCounterFunc(prometheus.CounterOpts{
			Name: "stgy_db_connections_opened_total",
			Help: "PostgreSQL connections opened by the pool since start.",
		}, func() float64 { return float64(st.ConnectionsOpened()) }),
	} {
		if err := reg.Register(c); err != nil {
			return err
		}
	}
	return nil
}
