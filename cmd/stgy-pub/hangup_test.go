package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log"
	"log/slog"
	"math/rand/v2"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stgy/stgypub/store/storetest"
)

// captureLogs sends the default logger (the one wire gives every
// component) to a buffer at debug level for the test's duration.
func captureLogs(t *testing.T) *syncBuffer {
	t.Helper()
	buf := &syncBuffer{}
	old, w, flags := slog.Default(), log.Writer(), log.Flags()
	slog.SetDefault(slog.New(slog.NewTextHandler(buf, &slog.HandlerOptions{Level: slog.LevelDebug})))
	t.Cleanup(func() {
		// SetDefault sent the log package to buf's handler; putting
		// back the default slog logger does not undo that.
		slog.SetDefault(old)
		log.SetOutput(w)
		log.SetFlags(flags)
	})
	return buf
}

// hangUp sends req and gives up when ctx ends, as a reader closing the
// tab does; it returns the status when an answer came first.
func hangUp(ctx context.Context, req *http.Request) (int, error) {
	resp, err := http.DefaultClient.Do(req.WithContext(ctx))
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	if _, err := io.ReadAll(resp.Body); err != nil {
		return resp.StatusCode, err
	}
	return resp.StatusCode, nil
}

// TestClientHangUpIs499 (issue 22 #3): readers that close the connection
// while their request waits for PostgreSQL (frozen, so each request is
// surely in flight) — a search page, an article, a GraphQL search — are
// recorded as 499 at debug level: no ERROR line, no "internal error", no
// 500 in the access log. After the thaw every answer is right.
func TestClientHangUpIs499(t *testing.T) {
	logs := captureLogs(t)
	pg := storetest.StartServer(t)
	rs := privateRedis(t)
	cfg := testConfig(t, rs.Addr)
	cfg.DatabaseURL = pg.URL("stgy_pub")
	cfg.PGReadDeadline = time.Minute // the hang-up comes first
	a, base, posts := testApp(t, cfg)
	site, err := a.store.Posts.PublishedPost(t.Context(), posts[0])
	if err != nil {
		t.Fatal(err)
	}
	cookie := loginCookie(t, base, "gopher")
	gopher, err := a.store.Users.UserByLogin(t.Context(), "gopher")
	if err != nil {
		t.Fatal(err)
	}
	owner := gopher.ID
	requests := func(round int) []*http.Request {
		page, _ := http.NewRequest(http.MethodGet, fmt.Sprintf("%s/sites/%s?q=hangup%d", base, site.OwnedBy, round), nil)
		article, _ := http.NewRequest(http.MethodGet, fmt.Sprintf("%s/pub/%s", base, posts[1+round%2]), nil)
		// An owner's query: authenticating the session reads PostgreSQL.
		b, _ := json.Marshal(map[string]any{"query": fmt.Sprintf(`{ pubStats(userId: "%s") { totalPv } }`, owner)})
		gql, _ := http.NewRequest(http.MethodPost, base+"/graphql", bytes.NewReader(b))
		gql.Header.Set("Content-Type", "application/json")
		gql.Header.Set("Origin", cfg.BaseURL.String())
		gql.Header.Set("Cookie", cookie)
		return []*http.Request{page, article, gql}
	}
	pg.Freeze()
	var wg sync.WaitGroup
	var mu sync.Mutex
	hungUp := 0
	for _, req := range requests(0) {
		wg.Go(func() {
			ctx, cancel := context.WithCancel(t.Context())
			// Hang up once the server holds the request (it waits for
			// the frozen PostgreSQL for a minute).
			time.AfterFunc(300*time.Millisecond, cancel)
			code, err := hangUp(ctx, req)
			switch {
			case errors.Is(err, context.Canceled):
				mu.Lock()
				hungUp++
				mu.Unlock()
			case code == 200 && err == nil:
				// Answered whole from the in-process caches, before
				// the hang-up: nothing to record.
				t.Logf("answered from the in-process caches before the hang-up: %s %s", req.Method, req.URL)
			default:
				t.Errorf("%s %s with PostgreSQL frozen: %d, %v (want the hang-up)", req.Method, req.URL.Path, code, err)
			}
		})
	}
	wg.Wait()
	// Which requests the caches answer without PostgreSQL depends on
	// timing (the Stats snapshot, the session): at least one of the
	// three waits, and every one that waited must be logged as 499.
	if hungUp < 1 {
		t.Fatalf("none of 3 requests was still waiting for the frozen PostgreSQL")
	}
	// The server records each hang-up when its handler returns: wait
	// for the access-log lines.
	deadline := time.Now().Add(30 * time.Second)
	for strings.Count(logs.String(), "status=499") < hungUp {
		if time.Now().After(deadline) {
			t.Fatalf("fewer than %d 499 lines after the hang-ups:\n%s", hungUp, logs.String())
		}
		time.Sleep(20 * time.Millisecond)
	}
	pg.Thaw()
	for round, req := range requests(1) {
		if code, err := hangUp(t.Context(), req); code != 200 || err != nil {
			t.Errorf("after the thaw, request %d: %d %v", round, code, err)
		}
	}
	out := logs.String()
	for _, bad := range []string{"level=ERROR", "internal error", "status=500"} {
		if strings.Contains(out, bad) {
			t.Errorf("the log says %q after client hang-ups:\n%s", bad, out)
		}
	}
	for _, line := range strings.Split(out, "\n") {
		if strings.Contains(line, "status=499") && !strings.Contains(line, "level=DEBUG") {
			t.Errorf("a 499 logged above debug: %s", line)
		}
	}
}

// TestRandomHangUpsUnderLoad (issue 22 #3): eight clients send searches,
// articles and GraphQL queries and hang up at random points (0–30 ms,
// before, during or after the server's reads); then every later answer
// is checked against the one before the storm, and the log has no ERROR,
// "internal error" or 500.
func TestRandomHangUpsUnderLoad(t *testing.T) {
	logs := captureLogs(t)
	// A private PostgreSQL: every hang-up in a query costs a connection,
	// which the shared server's connection limit should not pay for.
	pg := storetest.StartServer(t)
	rs := privateRedis(t)
	cfg := testConfig(t, rs.Addr)
	cfg.DatabaseURL = pg.URL("stgy_pub")
	a, base, posts := testApp(t, cfg)
	site, err := a.store.Posts.PublishedPost(t.Context(), posts[0])
	if err != nil {
		t.Fatal(err)
	}
	gqlQuery := fmt.Sprintf(`{ site(userId: "%s") { search(query: "go") { totalCount } posts(first: 5) { edges { node { id title } } } } }`, site.OwnedBy)
	mk := func(i int) *http.Request {
		switch i % 3 {
		case 0:
			r, _ := http.NewRequest(http.MethodGet, fmt.Sprintf("%s/sites/%s?q=go&n=%d", base, site.OwnedBy, i), nil)
			return r
		case 1:
			r, _ := http.NewRequest(http.MethodGet, fmt.Sprintf("%s/pub/%s", base, posts[i%len(posts)]), nil)
			return r
		}
		b, _ := json.Marshal(map[string]any{"query": gqlQuery})
		r, _ := http.NewRequest(http.MethodPost, base+"/graphql", bytes.NewReader(b))
		r.Header.Set("Content-Type", "application/json")
		return r
	}
	answer := func(r *http.Request) (int, string) {
		resp, err := http.DefaultClient.Do(r)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(b)
	}
	code, want := answer(mk(2))
	if code != 200 || strings.Contains(want, `"errors"`) {
		t.Fatalf("reference answer: %d %s", code, want)
	}
	var wg sync.WaitGroup
	for w := range 8 {
		wg.Go(func() {
			for i := range 40 {
				ctx, cancel := context.WithCancel(t.Context())
				time.AfterFunc(time.Duration(rand.IntN(30000))*time.Microsecond, cancel)
				_, _ = hangUp(ctx, mk(w*40+i))
				cancel()
			}
		})
	}
	wg.Wait()
	for i := range 30 {
		r := mk(i)
		code, body := answer(r)
		if code != 200 {
			t.Errorf("after the hang-ups, %s %s: %d", r.Method, r.URL, code)
		}
		if i%3 == 2 && body != want {
			t.Errorf("after the hang-ups the GraphQL answer changed:\n%s\nwant\n%s", body, want)
		}
	}
	out := logs.String()
	if t.Failed() {
		for _, line := range strings.Split(out, "\n") {
			if strings.Contains(line, "level=WARN") {
				t.Log(line)
			}
		}
	}
	for _, bad := range []string{"level=ERROR", "internal error", "status=500"} {
		if strings.Contains(out, bad) {
			i := strings.Index(out, bad)
			t.Errorf("the log says %q after random hang-ups: …%s…", bad, out[max(0, i-300):min(len(out), i+6000)])
		}
	}
	t.Logf("%d requests recorded as 499; %d connections discarded", strings.Count(out, "status=499"), a.store.ConnectionsDiscarded())
}
