package main

import (
	"context"
	"net"
	"net/http"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/demo"
	"github.com/stgy/stgypub/store"
)

// TestShutdownWithRedisFrozen runs the real serve loop, counts views,
// freezes Redis, starts 40 concurrent page requests and sends the
// shutdown signal (the context serve runs under) while they are in
// flight: every request accepted gets its 200, serve returns well within
// its shutdown timeout, and the views counted before the freeze reach
// PostgreSQL through the final flush, which needs no Redis.
func TestShutdownWithRedisFrozen(t *testing.T) {
	rs := privateRedis(t)
	cfg := testConfig(t, rs.Addr)
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	cfg.Listen = l.Addr().String()
	l.Close()
	cfg.AdminListen, cfg.MaxConns, cfg.IdleTimeout, cfg.FlushInterval = "off", 1024, time.Minute, time.Hour
	base := "http://" + cfg.Listen
	ctx, stop := context.WithCancel(context.Background())
	defer stop()
	var a *app
	var post stgypub.ID
	var begun atomic.Int64
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
			a, post = x, ps[0].ID
			// Count the requests the handler has begun, so the shutdown
			// signal waits for all 40 to be accepted (never a sleep).
			inner := x.handler
			x.handler = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				begun.Add(1)
				inner.ServeHTTP(w, r)
			})
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
	for i := range 6 {
		if code, _, _ := get(t, base, "/pub/"+post.String(), ipN(i)); code != 200 {
			t.Fatalf("view %d: %d", i, code)
		}
	}
	a.counter.Wait()
	rs.Freeze()
	defer rs.Thaw()
	first := begun.Load()
	var wg sync.WaitGroup
	codes := make(chan int, 40)
	for i := range 40 {
		wg.Go(func() {
			code, _, _ := get(t, base, "/pub/"+post.String()+"?design=newspaper&n="+strconv.Itoa(i), ipN(1000+i))
			codes <- code
		})
	}
	// Wait until the handler has begun all 40 (the views and probes
	// before them are done), so none is refused for arriving late.
	for deadline := time.Now().Add(30 * time.Second); begun.Load() < first+40; time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("only %d of 40 requests reached the handler", begun.Load()-first)
		}
	}
	start := time.Now()
	stop()
	wg.Wait()
	close(codes)
	for c := range codes {
		if c != 200 {
			t.Errorf("request in flight at shutdown: %d", c)
		}
	}
	select {
	case err := <-done:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(shutdownTimeout + 5*time.Second):
		t.Fatal("serve did not return after the shutdown signal")
	}
	if d := time.Since(start); d > shutdownTimeout {
		t.Errorf("shutdown took %s with Redis frozen", d)
	}
	st, err := store.Open(context.Background(), cfg.DatabaseURL)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	cps, err := st.Checkpoints.PostCheckpoints(context.Background(), post, time.Now().UTC().AddDate(0, 0, -1), time.Now().UTC().AddDate(0, 0, 1))
	if err != nil || len(cps) != 1 || cps[0].Count != 6 {
		t.Fatalf("checkpoints after shutdown %+v (err %v): want today's 6 views (checkpoint 4, then the final flush)", cps, err)
	}
	_ = a
}
