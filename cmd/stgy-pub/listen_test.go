package main

import (
	"bufio"
	"context"
	"net"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"
)

// TestIdleConnectionsCannotLockOut opens as many keep-alive connections
// as STGY_MAX_CONNS allows and leaves them idle: a new client (a health
// check) is still served at once, because idle connections are closed
// while three quarters of the slots are taken.
func TestIdleConnectionsCannotLockOut(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	base, _ := url.Parse("http://" + ln.Addr().String())
	cfg := &config{Listen: ln.Addr().String(), BaseURL: base, MaxConns: 20, IdleTimeout: time.Minute}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		done <- serveHTTP(ctx, cfg, ln, http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { _, _ = w.Write([]byte("ok\n")) }))
	}()
	defer func() { cancel(); <-done }()
	var idle []net.Conn
	defer func() {
		for _, c := range idle {
			c.Close()
		}
	}()
	for range cfg.MaxConns {
		c, err := net.DialTimeout("tcp", cfg.Listen, time.Second)
		if err != nil {
			t.Fatal(err)
		}
		idle = append(idle, c)
		_ = c.SetDeadline(time.Now().Add(5 * time.Second))
		if _, err := c.Write([]byte("GET / HTTP/1.1\r\nHost: x\r\n\r\n")); err != nil {
			t.Fatal(err)
		}
		resp, err := http.ReadResponse(bufio.NewReader(c), nil)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
	}
	client := &http.Client{Timeout: 3 * time.Second, Transport: &http.Transport{DisableKeepAlives: true}}
	resp, err := client.Get("http://" + cfg.Listen + "/healthz")
	if err != nil {
		t.Fatalf("a new client with %d idle connections open: %v", cfg.MaxConns, err)
	}
	resp.Body.Close()
	if resp.StatusCode != 200 {
		t.Fatalf("status %d", resp.StatusCode)
	}
	// The connections kept are fewer than the limit: the rest were shed.
	kept := 0
	for _, c := range idle {
		_ = c.SetReadDeadline(time.Now().Add(50 * time.Millisecond))
		if _, err := c.Read(make([]byte, 1)); err != nil && strings.Contains(err.Error(), "timeout") {
			kept++
		}
	}
	if kept >= cfg.MaxConns {
		t.Fatalf("%d idle connections kept open of %d", kept, cfg.MaxConns)
	}
}
