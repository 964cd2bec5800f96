package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"slices"
	"sync"
	"sync/atomic"
	"time"
)

// result is one URL's measurements.
type result struct {
	mu        sync.Mutex
	latencies []time.Duration
	non200    int
}

func runLoad(ctx context.Context, args []string) error {
	fs := flag.NewFlagSet("run", flag.ContinueOnError)
	workers := fs.Int("c", 8, "concurrent workers")
	duration := fs.Duration("d", 10*time.Second, "run time (at most 5m)")
	maxReqs := fs.Int64("n", 1_000_000, "most requests in all")
	xff := fs.Int("xff", 0, "send X-Forwarded-For from this many distinct addresses (0: none)")
	raw := fs.Bool("raw", false, "ask for uncompressed bodies (no Accept-Encoding), as a bare server sends them")
	if err := fs.Parse(args); err != nil {
		return err
	}
	urls := fs.Args()
	if len(urls) == 0 || *workers < 1 || *workers > 1024 || *duration <= 0 || *duration > 5*time.Minute {
		return errors.New("run: want 1-1024 workers, a duration up to 5m and at least one URL")
	}
	for _, u := range urls {
		if err := checkLoopbackURL(u); err != nil {
			return err
		}
	}
	client := &http.Client{
		Timeout:   10 * time.Second,
		Transport: &http.Transport{MaxIdleConnsPerHost: *workers, MaxConnsPerHost: *workers, DisableCompression: *raw},
	}
	results := make([]*result, len(urls))
	for i := range results {
		results[i] = &result{}
	}
	ctx, cancel := context.WithTimeout(ctx, *duration)
	defer cancel()
	var sent, errs atomic.Int64
	var wg sync.WaitGroup
	start := time.Now()
	for w := range *workers {
		wg.Go(func() {
			for i := w; ctx.Err() == nil; i += *workers {
				if sent.Add(1) > *maxReqs {
					return
				}
				if err := hit(ctx, client, urls[i%len(urls)], i, *xff, results[i%len(urls)]); err != nil && ctx.Err() == nil {
					errs.Add(1)
				}
			}
		})
	}
	wg.Wait()
	elapsed := time.Since(start)
	fmt.Printf("# %d workers, %s, %d transport errors\n", *workers, elapsed.Round(time.Millisecond), errs.Load())
	fmt.Printf("%-60s %9s %10s %9s %9s %7s\n", "url", "requests", "req/s", "p50-ms", "p99-ms", "non200")
	for i, u := range urls {
		r := results[i]
		slices.Sort(r.latencies)
		fmt.Printf("%-60s %9d %10.1f %9.2f %9.2f %7d\n", u, len(r.latencies),
			float64(len(r.latencies))/elapsed.Seconds(), ms(pct(r.latencies, 50)), ms(pct(r.latencies, 99)), r.non200)
	}
	return nil
}

// hit performs one GET and records its latency under r.
func hit(ctx context.Context, c *http.Client, u string, i, xff int, r *result) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return err
	}
	req.Header.Set("User-Agent", "Mozilla/5.0 (X11; Linux x86_64) loadgen Firefox/140.0")
	if xff > 0 {
		n := i % xff
		req.Header.Set("X-Forwarded-For", fmt.Sprintf("10.%d.%d.%d", n>>16&255, n>>8&255, n&255))
	}
	t0 := time.Now()
	resp, err := c.Do(req)
	if err != nil {
		return err
	}
	_, err = io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	d := time.Since(t0)
	if err != nil {
		return err
	}
	r.mu.Lock()
	r.latencies = append(r.latencies, d)
	if resp.StatusCode != http.StatusOK {
		r.non200++
	}
	r.mu.Unlock()
	return nil
}

func pct(sorted []time.Duration, p int) time.Duration {
	if len(sorted) == 0 {
		return 0
	}
	return sorted[min(len(sorted)-1, len(sorted)*p/100)]
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

// checkLoopbackURL refuses targets outside the loopback interface.
func checkLoopbackURL(raw string) error {
	u, err := url.Parse(raw)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") {
		return fmt.Errorf("bad URL %q", raw)
	}
	return checkLoopbackHost(u.Hostname())
}

func checkLoopbackHost(host string) error {
	if host == "localhost" {
		return nil
	}
	ip := net.ParseIP(host)
	if ip == nil || !ip.IsLoopback() {
		return fmt.Errorf("%q is not a loopback address", host)
	}
	return nil
}
