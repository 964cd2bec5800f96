package server

import (
	"bytes"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"sort"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/stgy/stgypub/internal/baseline"
	"github.com/stgy/stgypub/internal/redistest"
)

// BenchmarkRatio measures our handler and its bare baseline in one run,
// interleaved request by request so both see the same machine load, and
// reports each side's req/s and p99 and the ratio ours/bare (target:
// pages ≥ 0.5, views ≥ 0.7). Pages compare the full /pub and /sites path
// with net/http + the same html/template on pre-fetched data (the same
// bytes); views compare the full /pub path (every request records one
// view) with a handler doing one EVALSHA of an equivalent view script.
// Each runs with PageDataTTL off (ttl-0, the default) and at 1s (ttl-1s).
// scripts/bench.sh prints the figures as a table.
func BenchmarkRatio(b *testing.B) {
	f := newBenchFixture(b)
	servers := map[string]*Server{"ttl-0": f.srv}
	cfg := f.cfg
	cfg.PageDataTTL = time.Second
	ttl, err := New(cfg, f.deps)
	if err != nil {
		b.Fatal(err)
	}
	servers["ttl-1s"] = ttl
	site := "/sites/" + f.site.String()
	sitePage, _, err := f.srv.buildSite(httptest.NewRequest(http.MethodGet, site, nil), f.site.String())
	if err != nil {
		b.Fatal(err)
	}
	bareSite := bareHandler(func(buf *bytes.Buffer) error { return f.srv.pages.Site(buf, sitePage) })
	for _, mode := range []string{"ttl-0", "ttl-1s"} {
		srv := servers[mode]
		for _, name := range []string{"long-en", "ja"} {
			path := pubPaths(f)[name]
			page, _, recorded, err := f.srv.buildPub(httptest.NewRequest(http.MethodGet, path, nil), path[len("/pub/"):])
			if err != nil {
				b.Fatal(err)
			}
			recorded()
			bare := bareHandler(func(buf *bytes.Buffer) error { return f.srv.pages.Pub(buf, page) })
			b.Run("pub-"+name+"/"+mode, func(b *testing.B) { runPaired(b, srv, bare, path) })
		}
		b.Run("site/"+mode, func(b *testing.B) { runPaired(b, srv, bareSite, site) })
		prefix := redistest.Prefix(b, f.rdb)
		b.Run("views/"+mode, func(b *testing.B) {
			runPaired(b, srv, bareViewHandler(f.rdb, prefix), pubPaths(f)["long-en"])
		})
	}
}

// runPaired serves path b.N times through ours and b.N times through bare,
// alternating, from 256 client addresses (more than the 150-entry view
// LRU, so every /pub request records a view).
func runPaired(b *testing.B, ours, bare http.Handler, path string) {
	b.Helper()
	reqs := make([]*http.Request, 256)
	for i := range reqs {
		reqs[i] = httptest.NewRequest(http.MethodGet, path, nil)
		reqs[i].RemoteAddr = fmt.Sprintf("203.0.113.%d:4000", i)
		reqs[i].Header.Set("User-Agent", "Mozilla/5.0 Firefox/140.0")
	}
	serve := func(h http.Handler, r *http.Request) time.Duration {
		rec := httptest.NewRecorder()
		t0 := time.Now()
		h.ServeHTTP(rec, r)
		d := time.Since(t0)
		if rec.Code != http.StatusOK {
			b.Fatalf("status %d", rec.Code)
		}
		return d
	}
	od := make([]time.Duration, 0, b.N)
	bd := make([]time.Duration, 0, b.N)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		r := reqs[i%len(reqs)]
		od = append(od, serve(ours, r))
		bd = append(bd, serve(bare, r))
	}
	b.StopTimer()
	oRate, oP99 := rateAndP99(od)
	bRate, bP99 := rateAndP99(bd)
	b.ReportMetric(oRate, "ours-req/s")
	b.ReportMetric(bRate, "bare-req/s")
	b.ReportMetric(oRate/bRate, "ratio")
	b.ReportMetric(float64(oP99.Microseconds()), "ours-p99-µs")
	b.ReportMetric(float64(bP99.Microseconds()), "bare-p99-µs")
}

// rateAndP99 is requests per second of busy time and the 99th percentile.
func rateAndP99(ds []time.Duration) (float64, time.Duration) {
	var sum time.Duration
	for _, d := range ds {
		sum += d
	}
	sorted := append([]time.Duration(nil), ds...)
	sort.Slice(sorted, func(i, j int) bool { return sorted[i] < sorted[j] })
	return float64(len(ds)) / sum.Seconds(), sorted[min(len(sorted)-1, len(sorted)*99/100)]
}

// bareViewHandler records a view with one EVALSHA of baseline.ViewScript (the
// fingerprint is the client's IPv4 bytes, no HMAC) under prefix and writes
// "ok": the least an HTTP view counter can do.
func bareViewHandler(rdb redis.UniversalClient, prefix string) http.Handler {
	keys := []string{prefix + "lru:{1}", prefix + "meta:{1}", prefix + "daily:{1}"}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ap, err := netip.ParseAddrPort(r.RemoteAddr)
		if err != nil {
			http.Error(w, "bad address", http.StatusBadRequest)
			return
		}
		fp := ap.Addr().As4()
		if err := baseline.ViewScript.Run(r.Context(), rdb, keys, string(fp[:]), `{"digest":""}`, "1").Err(); err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		w.Header().Set("Content-Type", "text/plain")
		_, _ = w.Write([]byte("ok"))
	})
}
