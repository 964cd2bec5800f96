package main

import (
	"context"
	"net"
	"net/http"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/counter"
	"github.com/stgy/stgypub/demo"
	"github.com/stgy/stgypub/store"
)

// burst sends n concurrent GETs of path, each from its own client address
// (X-Forwarded-For from the trusted loopback proxy) on its own connection
// (no keep-alive), and returns how many were answered 200 (a refused
// connection is not, e.g. after a shutdown).
func burst(t *testing.T, base, path string, first, n int) int64 {
	t.Helper()
	client := &http.Client{Timeout: time.Minute, Transport: &http.Transport{DisableKeepAlives: true}}
	var ok atomic.Int64
	var wg sync.WaitGroup
	start := make(chan struct{})
	for i := range n {
		wg.Go(func() {
			req, _ := http.NewRequest(http.MethodGet, base+path, nil)
			req.Header.Set("User-Agent", "Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0")
			req.Header.Set("X-Forwarded-For", ipN(first+i))
			<-start
			resp, err := client.Do(req)
			if err != nil {
				return
			}
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				ok.Add(1)
			}
		})
	}
	close(start)
	wg.Wait()
	return ok.Load()
}

// TestBurstCountsEveryView: 1,000 concurrent first-time readers of one
// article through the whole app (the production wiring, its 40 ms Redis
// deadline and breaker included) each get a 200, and once the recorder
// has drained the count rose by exactly 1,000, every round.
func TestBurstCountsEveryView(t *testing.T) {
	rs := privateRedis(t)
	cfg := testConfig(t, rs.Addr)
	a, base, posts := testApp(t, cfg)
	for round := range 2 {
		before := a.views(t, posts[0])
		if got := burst(t, base, "/pub/"+posts[0].String(), 1000*round, 1000); got != 1000 {
			t.Fatalf("round %d: %d of 1000 answered 200", round, got)
		}
		a.counter.Wait()
		if got := a.views(t, posts[0]) - before; got != 1000 {
			t.Fatalf("round %d: 1000 readers added %d views", round, got)
		}
	}
	for reason, n := range a.counter.DroppedViews() {
		if n != 0 {
			t.Errorf("%d views dropped (%s)", n, reason)
		}
	}
}

// TestShutdownDuringBurstLosesNothing runs the real serve loop, starts a
// burst of 600 readers and sends the shutdown signal (the context serve
// runs under, as SIGTERM does) while it is in flight: every view of a
// request answered 200 is in Redis after serve returns (the queue is
// drained before exit).
func TestShutdownDuringBurstLosesNothing(t *testing.T) {
	rs := privateRedis(t)
	cfg := testConfig(t, rs.Addr)
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	cfg.Listen = l.Addr().String()
	l.Close()
	cfg.AdminListen, cfg.MaxConns, cfg.IdleTimeout = "off", 4096, time.Minute
	cfg.Views.DrainTimeout = 30 * time.Second // generous: the drain must finish, not race a deadline
	base := "http://" + cfg.Listen
	ctx, stop := context.WithCancel(context.Background())
	defer stop()
	var post, owner stgypub.ID
	ready := make(chan struct{})
	done := make(chan error, 1)
	go func() {
		done <- withServer(ctx, cfg, func(x *app) error {
			loaded, err := demo.Load(ctx, x.store.Posts, x.store.Users, time.Now)
			if err != nil {
				return err
			}
			ps, err := x.store.Posts.PublishedByUser(ctx, loaded[0].UserID, stgypubQuery(1))
			if err != nil {
				return err
			}
			post, owner = ps[0].ID, loaded[0].UserID
			close(ready)
			return nil
		})
	}()
	select {
	case <-ready:
	case err := <-done:
		t.Fatal(err)
	}
	waitReady(t, base, "ready\n")
	var answered atomic.Int64
	var wg sync.WaitGroup
	wg.Go(func() { answered.Store(burst(t, base, "/pub/"+post.String(), 0, 600)) })
	// Shut down once some of the burst has been answered.
	deadline := time.Now().Add(time.Minute)
	for {
		n, err := rs.Client.Keys(context.Background(), "stgy:pub-views:daily:*").Result()
		if err == nil && len(n) > 0 || time.Now().After(deadline) {
			break
		}
		time.Sleep(time.Millisecond)
	}
	stop()
	wg.Wait()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	st, err := store.Open(context.Background(), cfg.DatabaseURL)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	c := counter.New(rs.Client, st.Checkpoints, counter.Config{})
	counts, err := c.ViewCounts(context.Background(), owner, []stgypub.ID{post})
	if err != nil {
		t.Fatal(err)
	}
	if n := answered.Load(); n == 0 || counts[post] != n {
		t.Fatalf("%d views recorded for %d requests answered 200 before and during the shutdown", counts[post], n)
	}
	t.Logf("%d of 600 answered 200 around the shutdown, %d views recorded", answered.Load(), counts[post])
}
