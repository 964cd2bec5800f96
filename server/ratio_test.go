package server_test

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"os"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/demo"
	"github.com/stgy/stgypub/internal/baseline"
	"github.com/stgy/stgypub/internal/obs"
	"github.com/stgy/stgypub/pagecache"
)

// benchSite is the demo content on one app server (real PostgreSQL,
// Redis, counter and page cache), with the paths the benchmarks use.
type benchSite struct {
	c              *cluster
	pubEN, pubJA   string // the longest English and Japanese articles
	site, feed     string // the English demo site's list and feed
	all            []string
	rdb            redis.UniversalClient
	prefix         string
	gopher, hanako stgypub.ID
}

func newBenchSite(b testing.TB) *benchSite {
	b.Helper()
	if _, ok := b.(*testing.B); ok {
		useProcessLogger()
	}
	return newBenchSiteOn(b, newCluster(b, 1, nil, ""))
}

var processLogger sync.Once

// useProcessLogger makes the benchmark binary log as `stgy-pub` does
// (obs.NewProcessLogger on stderr), so a figure includes the access log
// as serve writes it. Benchmarks only: it replaces slog's default for the
// rest of the process (its buffer is flushed every obs.DefaultLogFlush).
func useProcessLogger() {
	processLogger.Do(func() {
		l, _ := obs.NewProcessLogger(os.Stderr, nil)
		slog.SetDefault(l)
	})
}

// newBenchSiteOn loads the demo content into c (one node).
func newBenchSiteOn(b testing.TB, c *cluster) *benchSite {
	b.Helper()
	ctx := context.Background()
	c.app.Clock.Set(time.Now()) // the demo's dates are real ones; frozen from here
	loaded, err := demo.Load(ctx, c.st.Posts, c.st.Users, c.clock)
	if err != nil {
		b.Fatal(err)
	}
	s := &benchSite{c: c, rdb: c.rdb, prefix: c.prefix}
	for _, l := range loaded {
		posts, err := c.st.Posts.PublishedByUser(ctx, l.UserID, stgypub.PostQuery{Order: stgypub.OrderNewest, Limit: 200})
		if err != nil {
			b.Fatal(err)
		}
		site := "/sites/" + l.UserID.String()
		s.all = append(s.all, site, site+"?view=plain", site+"/feed.atom")
		longest, size := stgypub.ID(0), 0
		for _, p := range posts {
			s.all = append(s.all, "/pub/"+p.ID.String())
			full, err := c.st.Posts.Post(ctx, p.ID)
			if err == nil && len(full.Content) > size {
				longest, size = p.ID, len(full.Content)
			}
		}
		switch l.LoginName {
		case "gopher":
			s.gopher, s.pubEN, s.site, s.feed = l.UserID, "/pub/"+longest.String(), site, site+"/feed.atom"
		case "hanako":
			s.hanako, s.pubJA = l.UserID, "/pub/"+longest.String()
		}
	}
	s.all = append(s.all, "/", "/sitemap.xml")
	if s.pubEN == "" || s.pubJA == "" {
		b.Fatal("demo sites gopher and hanako not loaded")
	}
	return s
}

// BenchmarkRatio is `make bench`'s page figures: our full server against
// bare net/http baselines, both over loopback HTTP (keep-alive, 16
// concurrent clients, as a load generator would), in the same run,
// alternating in phases of 200 ms (one benchmark iteration is one phase
// of each), so both see the same machine load. /pub (English and
// Japanese) is compared with (b) a handler that writes the same bytes and
// runs one EVALSHA of the view script; /sites and the feed with (a) a
// handler that writes the same bytes. Each on a warm cache (hits) and a
// cold one (every request a miss: the cache is flushed before each), from
// one client address (the view script's "already seen" path) and from
// rotating ones (new visitors: the increment, and at checkpoints the
// PostgreSQL write after the response). Targets (warm): ratio >= 0.8, p99
// <= 2x the bare side's. scripts/bench.sh prints the table.
func BenchmarkRatio(b *testing.B) {
	s := newBenchSite(b)
	nd := s.c.nodes[0]
	cases := []struct {
		name, path string
		view       bool
	}{
		{"pub-en", s.pubEN, true}, {"pub-ja", s.pubJA, true}, {"site", s.site, false}, {"feed", s.feed, false},
	}
	ours := httptest.NewServer(nd.srv)
	b.Cleanup(ours.Close)
	for _, tc := range cases {
		rec := s.c.get(0, tc.path)
		if rec.Code != 200 {
			b.Fatalf("%s: %d", tc.path, rec.Code)
		}
		var bare http.Handler = bareBytes(rec.Header().Get("Content-Type"), rec.Body.Bytes())
		if tc.view {
			bare = bareView(bare, s.rdb, s.prefix+"bare:")
		}
		bareSrv := httptest.NewServer(bare)
		b.Cleanup(bareSrv.Close)
		for _, cache := range []string{"warm", "cold"} {
			for _, ips := range []string{"one-ip", "rotating-ips"} {
				b.Run(tc.name+"/"+cache+"/"+ips, func(b *testing.B) {
					var before func()
					if cache == "cold" {
						before = nd.pages.Flush
					}
					runPhases(b, ours.URL+tc.path, bareSrv.URL+tc.path, ips == "rotating-ips", before)
				})
			}
		}
	}
}

// bareBytes is baseline (a): net/http writing the same bytes.
func bareBytes(ctype string, body []byte) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", ctype)
		_, _ = w.Write(body)
	})
}

// bareView is baseline (b): next after one EVALSHA of baseline.ViewScript
// (the fingerprint is the client's IPv4 bytes from X-Forwarded-For or the
// connection, no HMAC).
func bareView(next http.Handler, rdb redis.UniversalClient, prefix string) http.Handler {
	keys := []string{prefix + "lru:{1}", prefix + "meta:{1}", prefix + "daily:{1}"}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		addr, err := netip.ParseAddr(r.Header.Get("X-Forwarded-For"))
		if err != nil {
			ap, err := netip.ParseAddrPort(r.RemoteAddr)
			if err != nil {
				http.Error(w, "bad address", http.StatusBadRequest)
				return
			}
			addr = ap.Addr()
		}
		fp := addr.As4()
		if err := baseline.ViewScript.Run(r.Context(), rdb, keys, string(fp[:]), `{"digest":""}`, "1").Err(); err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		next.ServeHTTP(w, r)
	})
}

// benchClients is the number of concurrent keep-alive clients, phase the
// length of one side's turn.
const (
	benchClients = 16
	benchPhase   = 200 * time.Millisecond
)

// runPhases runs b.N rounds of a phase against ours then a phase against
// bare and reports each side's req/s, p50 and p99 and the ratio ours/bare.
// With rotate each request comes from one of 256 addresses
// (X-Forwarded-For from the trusted loopback); before, when set, runs
// before each of our requests.
func runPhases(b *testing.B, oursURL, bareURL string, rotate bool, before func()) {
	runPhasesReq(b, oursURL, bareURL, rotate, before, func(url string) *http.Request {
		req, _ := http.NewRequest(http.MethodGet, url, nil)
		return req
	})
}

// runPhasesReq is runPhases with the requests made by mk (for POSTs).
func runPhasesReq(b *testing.B, oursURL, bareURL string, rotate bool, before func(), mk func(url string) *http.Request) {
	tr := &http.Transport{MaxIdleConnsPerHost: benchClients, DisableCompression: true}
	b.Cleanup(tr.CloseIdleConnections)
	client := &http.Client{Transport: tr}
	var oursLat, bareLat []time.Duration
	var oursTime, bareTime time.Duration
	phase := func(url string, before func()) ([]time.Duration, time.Duration) {
		var mu sync.Mutex
		var all []time.Duration
		stop := time.Now().Add(benchPhase)
		start := time.Now()
		var wg sync.WaitGroup
		for w := range benchClients {
			wg.Go(func() {
				var lat []time.Duration
				for i := 0; time.Now().Before(stop); i++ {
					req := mk(url)
					req.Header.Set("User-Agent", "Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0")
					xff := "203.0.113.7"
					if rotate {
						n := w*100003 + i
						xff = fmt.Sprintf("198.51.%d.%d", n/250%250, n%250+1)
					}
					req.Header.Set("X-Forwarded-For", xff)
					if before != nil {
						before()
					}
					t0 := time.Now()
					resp, err := client.Do(req)
					if err != nil {
						b.Error(err)
						return
					}
					_, _ = io.Copy(io.Discard, resp.Body)
					resp.Body.Close()
					lat = append(lat, time.Since(t0))
					if resp.StatusCode != 200 {
						b.Errorf("%s: status %d", url, resp.StatusCode)
						return
					}
				}
				mu.Lock()
				all = append(all, lat...)
				mu.Unlock()
			})
		}
		wg.Wait()
		return all, time.Since(start)
	}
	phase(oursURL, nil) // connections and caches
	phase(bareURL, nil)
	b.ResetTimer()
	for range b.N {
		l, d := phase(oursURL, before)
		oursLat, oursTime = append(oursLat, l...), oursTime+d
		l, d = phase(bareURL, nil)
		bareLat, bareTime = append(bareLat, l...), bareTime+d
	}
	b.StopTimer()
	oRate, bRate := float64(len(oursLat))/oursTime.Seconds(), float64(len(bareLat))/bareTime.Seconds()
	oP50, oP99 := percentiles(oursLat)
	bP50, bP99 := percentiles(bareLat)
	b.ReportMetric(oRate, "ours-req/s")
	b.ReportMetric(bRate, "bare-req/s")
	b.ReportMetric(oRate/bRate, "ratio")
	b.ReportMetric(float64(oP50.Microseconds()), "ours-p50-µs")
	b.ReportMetric(float64(oP99.Microseconds()), "ours-p99-µs")
	b.ReportMetric(float64(bP50.Microseconds()), "bare-p50-µs")
	b.ReportMetric(float64(bP99.Microseconds()), "bare-p99-µs")
}

// percentiles is the p50 and p99 of ds.
func percentiles(ds []time.Duration) (time.Duration, time.Duration) {
	if len(ds) == 0 {
		return 0, 0
	}
	s := slices.Clone(ds)
	slices.Sort(s)
	return s[len(s)/2], s[min(len(s)-1, len(s)*99/100)]
}

// BenchmarkPubHit is one warm /pub request of a new visitor (rotating
// addresses) through the whole server: `go test -bench PubHit -benchmem`
// gives the allocations per hit (the view's script run included).
func BenchmarkPubHit(b *testing.B) {
	s := newBenchSite(b)
	nd := s.c.nodes[0]
	for _, path := range []string{s.pubEN, s.site} {
		s.c.get(0, path)
		b.Run(strings.SplitN(path[1:], "/", 2)[0], func(b *testing.B) {
			reqs := make([]*http.Request, 256)
			for i := range reqs {
				reqs[i] = httptest.NewRequest(http.MethodGet, path, nil)
				reqs[i].RemoteAddr = fmt.Sprintf("198.51.%d.%d:4000", i/200, i%200+1)
				reqs[i].Header.Set("User-Agent", "Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0")
				reqs[i].Header.Set("Accept-Encoding", "gzip, deflate, br, zstd")
			}
			w := &discard{h: http.Header{}}
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				clear(w.h)
				nd.srv.ServeHTTP(w, reqs[i%len(reqs)])
			}
		})
	}
}

// discard is a ResponseWriter that keeps nothing (no recorder copy in the
// allocation count).
type discard struct {
	h    http.Header
	code int
}

func (d *discard) Header() http.Header         { return d.h }
func (d *discard) Write(p []byte) (int, error) { return len(p), nil }
func (d *discard) WriteHeader(code int)        { d.code = code }

// BenchmarkCacheMemory reports the page cache's memory: for every demo
// page (articles, list pages in both views, feeds, home, sitemap) as
// served, and for 10,000 cached articles (the demo's English articles
// cached under 10,000 keys, each built in a 64 KiB buffer as buildPub
// builds it, each with its gzip and brotli variants): the
// cache's own weight and the Go heap growth.
func BenchmarkCacheMemory(b *testing.B) {
	s := newBenchSite(b)
	nd := s.c.nodes[0]
	for range b.N {
		nd.pages.Flush()
		for _, p := range s.all {
			for _, ae := range []string{"", "gzip", "br"} {
				if rec := s.c.get(0, p, "Accept-Encoding", ae); rec.Code != 200 {
					b.Fatalf("%s: %d", p, rec.Code)
				}
			}
		}
	}
	b.ReportMetric(float64(nd.pages.Len()), "demo-pages")
	b.ReportMetric(float64(nd.pages.Bytes())/(1<<20), "demo-cache-MiB")

	var bodies [][]byte
	for _, p := range s.all {
		if strings.HasPrefix(p, "/pub/") {
			bodies = append(bodies, s.c.get(0, p).Body.Bytes())
		}
	}
	c, err := pagecache.New(pagecache.Config{Local: true, MaxBytes: 8 << 30})
	if err != nil {
		b.Fatal(err)
	}
	var ms0, ms1 runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&ms0)
	const n = 10000
	for i := range n {
		// In a grown buffer, as buildPub makes them: the cache keeps a
		// right-sized copy (issue 18.4).
		body := append(make([]byte, 0, 64<<10), bodies[i%len(bodies)]...)
		e, err := c.Load(context.Background(), pagecache.Key{Kind: pagecache.KindPub, ID: stgypub.ID(i + 1)},
			func(context.Context) (pagecache.Page, error) {
				return pagecache.Page{Body: body, ContentType: "text/html; charset=utf-8", Owner: 1, Modified: time.Now()}, nil
			})
		if err != nil {
			b.Fatal(err)
		}
		e.Prepare() // as the cache does in the background
	}
	runtime.GC()
	runtime.ReadMemStats(&ms1)
	b.ReportMetric(float64(c.Len()), "articles")
	b.ReportMetric(float64(c.Bytes())/(1<<20), "10k-cache-MiB")
	b.ReportMetric(float64(ms1.HeapAlloc-ms0.HeapAlloc)/(1<<20), "10k-heap-MiB")
	runtime.KeepAlive(c)
}
