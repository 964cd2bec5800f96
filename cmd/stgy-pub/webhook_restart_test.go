package main

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"github.com/uptrace/bun/driver/pgdriver"

	"github.com/stgy/stgypub/demo"
	"github.com/stgy/stgypub/webhook"
)

// hookRequest is one request the restart test's receiver got.
type hookRequest struct {
	delivery, signature string
	body                []byte
}

// TestWebhookSurvivesServerRestart runs the whole server (withServer, as
// serve does) with a worker, queues POST_PUBLISHED through the GraphQL
// API against a receiver that fails (503), stops the server while the
// delivery is failing, and starts a second server on the same database:
// the delivery completes from the PostgreSQL queue with the same ID and
// the same body, validly signed.
func TestWebhookSurvivesServerRestart(t *testing.T) {
	var (
		mu      sync.Mutex
		healthy bool
		got     []hookRequest
		arrived = make(chan struct{}, 100)
	)
	recv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		mu.Lock()
		got = append(got, hookRequest{r.Header.Get(webhook.HeaderDelivery), r.Header.Get(webhook.HeaderSignature), body})
		ok := healthy
		mu.Unlock()
		arrived <- struct{}{}
		if !ok {
			w.WriteHeader(http.StatusServiceUnavailable)
			return
		}
		w.WriteHeader(http.StatusNoContent)
	}))
	defer recv.Close()
	waitRequests := func(n int) []hookRequest {
		t.Helper()
		deadline := time.After(60 * time.Second)
		for {
			mu.Lock()
			if len(got) >= n {
				out := append([]hookRequest(nil), got...)
				mu.Unlock()
				return out
			}
			mu.Unlock()
			select {
			case <-arrived:
			case <-deadline:
				t.Fatalf("receiver: %d requests, want %d", len(got), n)
			}
		}
	}

	rs := privateRedis(t)
	cfg := testConfig(t, rs.Addr)
	cfg.AdminListen, cfg.MaxConns, cfg.IdleTimeout, cfg.FlushInterval = "off", 64, time.Minute, time.Hour
	cfg.Hooks = webhookConfig{AllowLoopback: true, MaxPerOwner: 10, Timeout: 5 * time.Second,
		RetryFor: 24 * time.Hour, Poll: 50 * time.Millisecond, Concurrency: 2}
	var login string
	// start runs one server process until the returned stop is called.
	start := func(load bool) (base string, stop func()) {
		t.Helper()
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		cfg.Listen = l.Addr().String()
		l.Close()
		ctx, cancel := context.WithCancel(context.Background())
		ready, done := make(chan struct{}), make(chan error, 1)
		go func() {
			done <- withServer(ctx, cfg, func(a *app) error {
				if load {
					loaded, err := demo.Load(ctx, a.store.Posts, a.store.Users, time.Now)
					if err != nil {
						return err
					}
					login = loaded[0].LoginName
				}
				close(ready)
				return nil
			})
		}()
		select {
		case <-ready:
		case err := <-done:
			t.Fatalf("server: %v", err)
		}
		base = "http://" + cfg.Listen
		waitReady(t, base, "ready\n")
		var once sync.Once
		stop = func() {
			once.Do(func() {
				cancel()
				if err := <-done; err != nil {
					t.Errorf("server stopped with %v", err)
				}
			})
		}
		t.Cleanup(stop)
		return base, stop
	}

	base, stop := start(true)
	cookie := loginCookie(t, base, login)
	gql := func(query string, vars map[string]any, out any) {
		t.Helper()
		b, _ := json.Marshal(map[string]any{"query": query, "variables": vars})
		req, _ := http.NewRequest(http.MethodPost, base+"/graphql", bytes.NewReader(b))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Origin", cfg.BaseURL.String())
		req.Header.Set("Cookie", cookie)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		raw, _ := io.ReadAll(resp.Body)
		var env struct {
			Data   json.RawMessage `json:"data"`
			Errors []any           `json:"errors"`
		}
		if err := json.Unmarshal(raw, &env); err != nil || len(env.Errors) > 0 {
			t.Fatalf("%s: %s", query, raw)
		}
		if err := json.Unmarshal(env.Data, out); err != nil {
			t.Fatal(err)
		}
	}
	var hook struct {
		CreateWebhook struct{ ID, Secret string } `json:"createWebhook"`
	}
	gql(`mutation($u: String!) { createWebhook(input: {url: $u, events: [POST_PUBLISHED]}) { id secret } }`,
		map[string]any{"u": recv.URL + "/hook"}, &hook)
	var post struct {
		CreatePost struct{ ID string } `json:"createPost"`
	}
	gql(`mutation { createPost(input: {content: "# Across a restart\n\nBody."}) { id } }`, nil, &post)
	var pub struct {
		SetPostPublication struct{ ID string } `json:"setPostPublication"`
	}
	gql(`mutation($id: ID!, $at: Time) { setPostPublication(id: $id, publishedAt: $at) { id } }`,
		map[string]any{"id": post.CreatePost.ID, "at": time.Now().UTC().Format(time.RFC3339Nano)}, &pub)

	first := waitRequests(1)[0]
	stop() // the server process ends while the delivery is failing

	db := sql.OpenDB(pgdriver.NewConnector(pgdriver.WithDSN(cfg.DatabaseURL)))
	defer db.Close()
	var attempts int
	var delivered bool
	if err := db.QueryRow(`SELECT attempts, delivered_at IS NOT NULL FROM webhook_deliveries WHERE id = $1::uuid`, first.delivery).Scan(&attempts, &delivered); err != nil {
		t.Fatal(err)
	}
	if delivered || attempts < 1 {
		t.Fatalf("after the failing attempts: attempts %d, delivered %v", attempts, delivered)
	}
	// Skip the backoff's wait (30 s after the first failure): the next
	// attempt is due now.
	if _, err := db.Exec(`UPDATE webhook_deliveries SET next_attempt_at = now() WHERE id = $1::uuid`, first.delivery); err != nil {
		t.Fatal(err)
	}
	mu.Lock()
	healthy = true
	n := len(got)
	mu.Unlock()

	start(false) // a new server process on the same database
	all := waitRequests(n + 1)
	last := all[len(all)-1]
	for _, r := range all {
		if r.delivery != first.delivery || !bytes.Equal(r.body, first.body) || !webhook.Verify(hook.CreateWebhook.Secret, r.body, r.signature) {
			t.Fatalf("a retry changed the delivery: %s %q, first %s %q", r.delivery, r.body, first.delivery, first.body)
		}
	}
	var b webhook.Body
	if err := json.Unmarshal(last.body, &b); err != nil || b.Event != "POST_PUBLISHED" || b.PostID != post.CreatePost.ID ||
		b.Title != "Across a restart" || b.URL != cfg.BaseURL.String()+"/pub/"+post.CreatePost.ID {
		t.Fatalf("body %s (%v)", last.body, err)
	}
	deadline := time.Now().Add(60 * time.Second)
	for {
		if err := db.QueryRow(`SELECT attempts, delivered_at IS NOT NULL FROM webhook_deliveries WHERE id = $1::uuid`, first.delivery).Scan(&attempts, &delivered); err != nil {
			t.Fatal(err)
		}
		if delivered {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("not recorded as delivered after the restart (attempts %d)", attempts)
		}
		time.Sleep(20 * time.Millisecond)
	}
	var rows int
	if err := db.QueryRow(`SELECT count(*) FROM webhook_deliveries`).Scan(&rows); err != nil || rows != 1 {
		t.Fatalf("%d deliveries (%v), want 1", rows, err)
	}
}
