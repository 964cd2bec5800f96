package main

import (
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"

	"github.com/stgy/stgypub/pagecache"
	"github.com/stgy/stgypub/store"
)

// registerMetrics adds the process's own metrics to reg: the page cache's
// (stgy_pagecache_*), the PostgreSQL pool's (go_sql_*, whose
// max_idle_closed_total shows pool churn) and
// stgy_db_connections_opened_total, the connections the pool has opened:
// flat under steady load when the pool does not churn.
func registerMetrics(reg *prometheus.Registry, st *store.Store, pages *pagecache.Cache) error {
	if err := pages.Register(reg); err != nil {
		return err
	}
	for _, c := range []prometheus.Collector{
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
