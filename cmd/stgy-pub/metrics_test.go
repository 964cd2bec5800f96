package main

import (
	"io"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// TestAdminMetrics: the admin handler of the wired app exposes the Go and
// process collectors, per-dependency latency, the breaker state, cache
// hit/miss counters and log suppression, after some traffic; with Redis
// stopped, Redis errors and the breaker state show.
func TestAdminMetrics(t *testing.T) {
	rs := privateRedis(t)
	a, base, posts := testApp(t, testConfig(t, rs.Addr))
	for i := range 3 {
		get(t, base, "/pub/"+posts[0].String(), ipN(i))
	}
	scrape := func() string {
		rec := httptest.NewRecorder()
		a.admin.ServeHTTP(rec, httptest.NewRequest("GET", "/metrics", nil))
		b, _ := io.ReadAll(rec.Body)
		return string(b)
	}
	a.counter.Wait() // the three views are recorded
	m := scrape()
	for _, want := range []string{"go_goroutines ", "process_resident_memory_bytes ", `stgy_dependency_duration_seconds_count{dependency="redis"}`,
		`stgy_dependency_duration_seconds_count{dependency="postgres"}`, "stgy_redis_breaker_state 0", `stgy_dependency_up{dependency="redis"} 1`,
		`stgy_cache_requests_total{cache="ranking",result="miss"}`, `stgy_cache_requests_total{cache="page",result="hit"}`, "stgy_log_suppressed_total",
		`stgypub_http_requests_total{method="GET",route="/pub/{postId}",status="200"} 3`,
		`stgy_pub_views_dropped_total{reason="queue_full"} 0`, `stgy_pub_views_dropped_total{reason="shutdown"} 0`,
		`stgy_pub_views_dropped_total{reason="rejected"} 0`, "stgy_pub_views_recorded_total 3", "stgy_pub_view_queue_views 0",
		"stgy_pub_view_queue_bytes 0", "stgy_pub_view_batches_total", "stgy_pub_view_batch_retries_total 0"} {
		if !strings.Contains(m, want) {
			t.Errorf("/metrics lacks %s", want)
		}
	}
	rs.Stop()
	for i := range 20 {
		get(t, base, "/pub/"+posts[1].String(), ipN(100+i))
	}
	// The 20 views wait in the queue, retried with backoff.
	deadline := time.Now().Add(30 * time.Second)
	for m = scrape(); strings.Contains(m, "stgy_pub_view_batch_retries_total 0\n"); m = scrape() {
		if time.Now().After(deadline) {
			t.Fatal("no retried batch with Redis down")
		}
		time.Sleep(10 * time.Millisecond)
	}
	for _, want := range []string{`stgy_dependency_errors_total{dependency="redis",kind="error"}`, `stgy_dependency_errors_total{dependency="redis",kind="unavailable"}`,
		`stgy_dependency_up{dependency="redis"} 0`} {
		if !strings.Contains(m, want) {
			t.Errorf("/metrics with Redis down lacks %s", want)
		}
	}
	if strings.Contains(m, "stgy_redis_breaker_state 0") {
		t.Error("breaker still closed with Redis down")
	}
}
