package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/http"
	"slices"
	"sync"
	"sync/atomic"
	"time"
)

// runBurst sends n GETs of one URL at the same moment, each from its own
// client address (X-Forwarded-For 10.x.y.z from -first on) on its own
// connection (no keep-alive): n first-time readers arriving together. It
// prints "sent ok non200 errors p50-ms p99-ms".
func runBurst(ctx context.Context, args []string) error {
	fs := flag.NewFlagSet("burst", flag.ContinueOnError)
	n := fs.Int("n", 1000, "concurrent readers (1-20000)")
	first := fs.Int("first", 0, "first client address number (10.0.0.0 + first)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() != 1 || *n < 1 || *n > 20000 || *first < 0 {
		return errors.New("burst: want one URL, -n 1-20000 and -first >= 0")
	}
	u := fs.Arg(0)
	if err := checkLoopbackURL(u); err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(ctx, 2*time.Minute)
	defer cancel()
	client := &http.Client{Timeout: time.Minute, Transport: &http.Transport{DisableKeepAlives: true, MaxConnsPerHost: 0}}
	var ok, non200, errs atomic.Int64
	var mu sync.Mutex
	var lat []time.Duration
	var wg sync.WaitGroup
	start := make(chan struct{})
	for i := range *n {
		wg.Go(func() {
			req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
			if err != nil {
				errs.Add(1)
				return
			}
			a := *first + i
			req.Header.Set("User-Agent", "Mozilla/5.0 (X11; Linux x86_64) loadgen Firefox/140.0")
			req.Header.Set("X-Forwarded-For", fmt.Sprintf("10.%d.%d.%d", a>>16&255, a>>8&255, a&255))
			<-start
			t0 := time.Now()
			resp, err := client.Do(req)
			if err != nil {
				errs.Add(1)
				return
			}
			_, err = io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
			d := time.Since(t0)
			switch {
			case err != nil:
				errs.Add(1)
			case resp.StatusCode != http.StatusOK:
				non200.Add(1)
			default:
				ok.Add(1)
			}
			mu.Lock()
			lat = append(lat, d)
			mu.Unlock()
		})
	}
	close(start)
	wg.Wait()
	slices.Sort(lat)
	fmt.Printf("%d %d %d %d %.2f %.2f\n", *n, ok.Load(), non200.Load(), errs.Load(), ms(pct(lat, 50)), ms(pct(lat, 99)))
	return nil
}
