package api_test

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/server/api"
)

// rawSSE is an SSE subscription on a bare TCP connection with a small
// read buffer, so the test's own side costs little next to the server's.
type rawSSE struct {
	conn net.Conn
	got  time.Time // when the first event arrived
}

// openRawSSE sends the subscription request to srv and reads until the
// stream has started (the ":" line the transport writes first).
func openRawSSE(t testing.TB, srv *httptest.Server, body string) *rawSSE {
	t.Helper()
	u, _ := url.Parse(srv.URL)
	c, err := net.Dial("tcp", u.Host)
	if err != nil {
		t.Fatal(err)
	}
	fmt.Fprintf(c, "POST /graphql HTTP/1.1\r\nHost: %s\r\nContent-Type: application/json\r\nAccept: text/event-stream\r\nContent-Length: %d\r\n\r\n%s", u.Host, len(body), body)
	br := bufio.NewReaderSize(c, 512)
	line, err := br.ReadString('\n')
	if err != nil || !strings.Contains(line, " 200 ") {
		t.Fatalf("subscription: %q %v", line, err)
	}
	for {
		if line, err = br.ReadString('\n'); err != nil {
			t.Fatal(err)
		}
		if line == ":\n" || strings.HasSuffix(line, ":\r\n") && len(line) <= 6 {
			break
		}
	}
	return &rawSSE{conn: c}
}

// awaitEvent reads until a data line arrives and records when.
func (s *rawSSE) awaitEvent() error {
	br := bufio.NewReaderSize(s.conn, 512)
	for {
		line, err := br.ReadString('\n')
		if err != nil {
			return err
		}
		if strings.Contains(line, "data: ") {
			s.got = time.Now()
			return nil
		}
	}
}

// heapAndStacks is the live heap plus goroutine stacks after a GC.
func heapAndStacks() uint64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapAlloc + m.StackInuse
}

// TestLiveThousandSubscriptions opens 1,000 SSE subscriptions (500 on
// each of two servers), reports the memory per subscription against a
// bare streaming HTTP connection measured in the same run, measures how
// long one comment takes to reach all of them (reported, not asserted),
// and checks that closing the connections brings goroutines and the
// Redis subscriptions back to baseline.
func TestLiveThousandSubscriptions(t *testing.T) {
	const perServer = 500
	le := newLiveEnv(t, stgypub.CommentsOpen, api.LiveLimits{PerAddress: 4 * perServer, Total: 4 * perServer}, nil)
	ctx := context.Background()
	shard := func() int64 {
		n, err := le.rdb.PubSubShardNumSub(ctx, le.hubs[0].Channel()).Result()
		if err != nil {
			t.Fatal(err)
		}
		return n[le.hubs[0].Channel()]
	}
	baseShard := shard()
	body, _ := json.Marshal(map[string]any{"query": commentAddedQ, "variables": map[string]any{"p": le.post.ID.String()}})

	// Bare baseline: the same clients on a handler that only holds a
	// flushed stream open.
	bare := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream")
		_, _ = w.Write([]byte(":\n\n"))
		w.(http.Flusher).Flush()
		<-r.Context().Done()
	}))
	defer bare.Close()
	baseGoroutines := runtime.NumGoroutine()
	m0 := heapAndStacks()
	var bareConns []*rawSSE
	for range 2 * perServer {
		bareConns = append(bareConns, openRawSSE(t, bare, string(body)))
	}
	bareBytes := float64(heapAndStacks()-m0) / float64(2*perServer)
	for _, c := range bareConns {
		c.conn.Close()
	}
	waitFor(t, "bare connections closed", func() bool { return runtime.NumGoroutine() <= baseGoroutines })

	baseGoroutines = runtime.NumGoroutine()
	m1 := heapAndStacks()
	var subs []*rawSSE
	for i := range 2 * perServer {
		subs = append(subs, openRawSSE(t, le.srvs[i%2], string(body)))
	}
	le.waitSubscribers(t, perServer, perServer)
	liveBytes := float64(heapAndStacks()-m1) / float64(2*perServer)
	goroutinesPer := float64(runtime.NumGoroutine()-baseGoroutines) / float64(2*perServer)
	t.Logf("memory per SSE subscription (server and test client, heap+stacks): %.0f B; bare streaming connection: %.0f B; ratio %.2f; goroutines per subscription: %.1f",
		liveBytes, bareBytes, liveBytes/bareBytes, goroutinesPer)

	var wg sync.WaitGroup
	errs := make(chan error, len(subs))
	for _, s := range subs {
		wg.Add(1)
		go func() { defer wg.Done(); errs <- s.awaitEvent() }()
	}
	owner := &browser{as: "owner", cookies: map[string]*http.Cookie{}, ip: "198.51.100.40"}
	sent := time.Now()
	r := le.call(t, owner, query(le.post.ID), postQ, map[string]any{"in": map[string]any{"postId": le.post.ID.String(), "nickname": "owner", "body": "to everyone"}})
	if r.code() != "" {
		t.Fatalf("post: %s", r.raw)
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	var last [2]time.Duration
	for i, s := range subs {
		last[i%2] = max(last[i%2], s.got.Sub(sent))
	}
	t.Logf("one comment reached all %d subscribers: server 0 (where it was posted) in %s, server 1 in %s", len(subs), last[0], last[1])

	for _, s := range subs {
		s.conn.Close()
	}
	le.waitSubscribers(t, 0, 0)
	waitFor(t, "goroutines back to baseline", func() bool { return runtime.NumGoroutine() <= baseGoroutines })
	if n := shard(); n != baseShard {
		t.Fatalf("Redis subscriptions on the channel: %d, baseline %d", n, baseShard)
	}
	// And the servers take new subscriptions: nothing is held.
	s := le.sse(t, 0, liveAs{}, commentAddedQ, map[string]any{"p": le.post.ID.String()})
	if s.status != http.StatusOK {
		t.Fatalf("after closing: %d %s", s.status, s.body)
	}
}
