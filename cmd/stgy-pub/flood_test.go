package main

import (
	"context"
	"net"
	"net/http"
	"testing"
	"time"
)

// freeAddr is a free loopback address.
func freeAddr(t *testing.T) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().String()
}

// TestHealthOnAdminListenerDuringFlood (issue 22 #4): a flood of silent
// connections fills every slot of the public listener (STGY_MAX_CONNS)
// and its kernel backlog; each holds its slot until the 10 s header
// timeout. Health probes on the admin listener (STGY_ADMIN_LISTEN, its
// own socket and backlog, where README and `make run` point probes) are
// answered meanwhile: /healthz 200 "ok", /readyz 200 "ready". (The same
// probe on the public listener waits for a free slot; its wait is logged,
// not asserted.)
func TestHealthOnAdminListenerDuringFlood(t *testing.T) {
	rs := privateRedis(t)
	cfg := testConfig(t, rs.Addr)
	cfg.Listen, cfg.AdminListen = freeAddr(t), freeAddr(t)
	cfg.MaxConns, cfg.IdleTimeout = 16, time.Minute
	ctx, stop := context.WithCancel(context.Background())
	done := make(chan error, 1)
	ready := make(chan struct{})
	go func() { done <- withServer(ctx, cfg, func(*app) error { close(ready); return nil }) }()
	defer func() { stop(); <-done }()
	select {
	case <-ready:
	case err := <-done:
		t.Fatal(err)
	}
	admin := "http://" + cfg.AdminListen
	waitReady(t, admin, "ready\n")
	// The flood: connections that send nothing, four times the slots.
	var flood []net.Conn
	defer func() {
		for _, c := range flood {
			c.Close()
		}
	}()
	for range 4 * cfg.MaxConns {
		c, err := net.DialTimeout("tcp", cfg.Listen, 2*time.Second)
		if err != nil {
			break // the backlog is full
		}
		flood = append(flood, c)
	}
	if len(flood) <= cfg.MaxConns {
		t.Fatalf("only %d flood connections for %d slots", len(flood), cfg.MaxConns)
	}
	client := &http.Client{Timeout: 5 * time.Second, Transport: &http.Transport{DisableKeepAlives: true}}
	for range 5 {
		for path, want := range map[string]string{"/healthz": "ok\n", "/readyz": "ready\n"} {
			_, body, _ := getWith(t, client, admin+path)
			if body != want {
				t.Fatalf("admin %s during the flood: %q, want %q", path, body, want)
			}
		}
	}
	start := time.Now()
	public := &http.Client{Timeout: time.Second, Transport: &http.Transport{DisableKeepAlives: true}}
	if resp, err := public.Get("http://" + cfg.Listen + "/healthz"); err != nil {
		t.Logf("public /healthz during the flood: no answer in %v (%v): probes belong on the admin listener", time.Since(start).Round(time.Millisecond), err)
	} else {
		resp.Body.Close()
		t.Logf("public /healthz during the flood: %d after %v", resp.StatusCode, time.Since(start).Round(time.Millisecond))
	}
}

// getWith is get through client, failing the test on a transport error.
func getWith(t *testing.T, client *http.Client, url string) (int, string, time.Duration) {
	t.Helper()
	start := time.Now()
	resp, err := client.Get(url)
	if err != nil {
		t.Fatalf("GET %s: %v", url, err)
	}
	defer resp.Body.Close()
	b := make([]byte, 64)
	n, _ := resp.Body.Read(b)
	return resp.StatusCode, string(b[:n]), time.Since(start)
}
