package counter

import "github.com/prometheus/client_golang/prometheus"

// Register adds the view pipeline's metrics to reg
// (docs/ARCHITECTURE.md "View pipeline"):
// stgy_pub_views_dropped_total{reason} (DroppedViews' reasons),
// stgy_pub_views_recorded_total (views whose script ran, duplicates
// included), stgy_pub_view_batches_total (pipelined round trips),
// stgy_pub_view_batch_retries_total (failed attempts retried), and the
// gauges stgy_pub_view_queue_views and stgy_pub_view_queue_bytes.
func (c *Counter) Register(reg prometheus.Registerer) error {
	r := c.rec
	cs := []prometheus.Collector{
		prometheus.NewCounterFunc(prometheus.CounterOpts{Name: "stgy_pub_views_recorded_total",
			Help: "Page views recorded in Redis by this process (duplicates of the LRU included)."},
			func() float64 { return float64(r.recorded.Load()) }),
		prometheus.NewCounterFunc(prometheus.CounterOpts{Name: "stgy_pub_view_batches_total",
			Help: "Pipelined round trips of view batches."},
			func() float64 { return float64(r.batches.Load()) }),
		prometheus.NewCounterFunc(prometheus.CounterOpts{Name: "stgy_pub_view_batch_retries_total",
			Help: "View batch attempts that failed for want of Redis and were retried."},
			func() float64 { return float64(r.retries.Load()) }),
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "stgy_pub_view_queue_views",
			Help: "Page views waiting in the queue."},
			func() float64 { n, _ := c.QueuedViews(); return float64(n) }),
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "stgy_pub_view_queue_bytes",
			Help: "Bytes of the page views waiting in the queue (against STGY_PUB_VIEW_QUEUE_BYTES)."},
			func() float64 { _, b := c.QueuedViews(); return float64(b) }),
	}
	for i, reason := range dropReasons {
		cs = append(cs, prometheus.NewCounterFunc(prometheus.CounterOpts{Name: "stgy_pub_views_dropped_total",
			Help:        "Page views dropped without being recorded, by reason: queue_full, shutdown, rejected.",
			ConstLabels: prometheus.Labels{"reason": reason}},
			func() float64 { return float64(r.dropped[i].Load()) }))
	}
	for _, col := range cs {
		if err := reg.Register(col); err != nil {
			return err
		}
	}
	return nil
}
