package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/counter"
)

// slack is what a loaded 2-core test machine may add to the page budget
// before a response counts as having waited for Redis (the frozen Redis
// would hold it for seconds).
const slack = 900 * time.Millisecond

// waitReady polls /readyz until its body is want.
func waitReady(t *testing.T, base, want string) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for {
		_, body, _ := get(t, base, "/readyz", "")
		if body == want {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("/readyz = %q after 5 s, want %q", body, want)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func (a *app) views(t *testing.T, post stgypub.ID) int64 {
	t.Helper()
	p, err := a.store.Posts.PublishedPost(context.Background(), post)
	if err != nil {
		t.Fatal(err)
	}
	// The read runs under the page budget (tens of ms): a Redis still busy
	// with a backlog may miss it, so it is retried until it answers.
	deadline := time.Now().Add(10 * time.Second)
	for {
		m, err := a.counter.ViewCounts(context.Background(), p.OwnedBy, []stgypub.ID{post})
		if err == nil {
			return m[post]
		}
		if time.Now().After(deadline) {
			t.Fatal(err)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// TestFrozenRedisPages freezes the private Redis (SIGSTOP) for over two
// seconds under sequential and concurrent /pub requests: every response
// is a 200 sent within the page budget plus slack, /readyz stays 200 and
// says Redis is degraded; after the thaw every view made during the
// freeze is counted (queued, not dropped, whatever the breaker did), and
// views are counted again, each once.
func TestFrozenRedisPages(t *testing.T) {
	rs := privateRedis(t)
	cfg := testConfig(t, rs.Addr)
	a, base, posts := testApp(t, cfg)
	if code, _, _ := get(t, base, "/pub/"+posts[0].String(), ipN(1)); code != 200 {
		t.Fatalf("warm-up: %d", code)
	}
	rs.Freeze()
	frozen := time.Now()
	var mu sync.Mutex
	var worst time.Duration
	n := 0
	check := func(path string, i int) {
		code, _, d := get(t, base, path, ipN(1000+i))
		mu.Lock()
		defer mu.Unlock()
		n++
		worst = max(worst, d)
		if code != 200 {
			t.Errorf("GET %s with Redis frozen: %d", path, code)
		}
		if d > cfg.RedisPageBudget+slack {
			t.Errorf("GET %s with Redis frozen took %s (budget %s)", path, d, cfg.RedisPageBudget)
		}
	}
	for i := 0; time.Since(frozen) < 2*time.Second; i++ {
		check("/pub/"+posts[i%len(posts)].String(), i)
		if i%5 == 0 {
			var wg sync.WaitGroup
			for j := range 20 {
				wg.Go(func() { check("/pub/"+posts[j%len(posts)].String(), 100000+i*20+j) })
			}
			wg.Wait()
		}
	}
	if _, body, _ := get(t, base, "/readyz", ""); body != "ready (degraded: redis)\n" {
		t.Errorf("/readyz with Redis frozen: %q", body)
	}
	t.Logf("%d responses with Redis frozen, slowest %s", n, worst)
	if st := a.counter.DroppedViews(); st[counter.DropQueueFull]+st[counter.DropRejected] != 0 {
		t.Errorf("views dropped while frozen: %v", st)
	}
	rs.Thaw()
	waitReady(t, base, "ready\n")
	a.counter.Wait() // the views queued during the freeze are recorded now
	// Every reader of the freeze is counted: the breaker opened for the
	// page reads, the view pipeline waited and retried.
	total := int64(0)
	for _, p := range posts {
		total += a.views(t, p)
	}
	if total != int64(n)+1 {
		t.Errorf("%d views after the thaw, want %d (the warm-up and every request made while frozen)", total, n+1)
	}
	before := a.views(t, posts[1])
	for i := range 5 {
		for range 2 { // the second request of each reader is not a new view
			if code, _, _ := get(t, base, "/pub/"+posts[1].String(), ipN(50000+i)); code != 200 {
				t.Fatalf("after thaw: %d", code)
			}
		}
	}
	a.counter.Wait()
	if got := a.views(t, posts[1]) - before; got != 5 {
		t.Fatalf("after the thaw 5 readers counted %d views", got)
	}
}

// TestStartWithoutRedis starts the whole app with Redis absent: wiring
// succeeds, pages are 200, /readyz is 200 "ready (degraded: redis)";
// when Redis appears the server connects, /readyz says "ready", and the
// views made while it was absent (queued, not dropped) are counted with
// the later ones.
func TestStartWithoutRedis(t *testing.T) {
	rs := privateRedis(t)
	rs.Stop()
	cfg := testConfig(t, rs.Addr)
	a, base, posts := testApp(t, cfg)
	for i := range 10 {
		if code, body, _ := get(t, base, "/pub/"+posts[0].String(), ipN(i)); code != 200 || !strings.Contains(body, "<article") {
			t.Fatalf("/pub without Redis: %d", code)
		}
	}
	if code, body, _ := get(t, base, "/readyz", ""); code != 200 || body != "ready (degraded: redis)\n" {
		t.Fatalf("/readyz without Redis: %d %q", code, body)
	}
	rs.Restart()
	waitReady(t, base, "ready\n")
	for i := range 3 {
		get(t, base, "/pub/"+posts[0].String(), ipN(100+i))
	}
	a.counter.Wait()
	if got := a.views(t, posts[0]); got != 13 {
		t.Fatalf("views after Redis appeared: %d, want 13 (10 queued while it was absent, 3 after)", got)
	}
}

// TestOwnerFiguresWithRedisFrozen (issue 22 #2): with the private Redis
// frozen, an owner's pubStats and pubRanking answer within the read
// deadline (STGY_PG_READ_DEADLINE, here 1 s) plus slack, instead of the
// 5 s background timeout of each Redis call: Stats from PostgreSQL's
// checkpoints with a degraded note, Popular entries empty and degraded.
func TestOwnerFiguresWithRedisFrozen(t *testing.T) {
	rs := privateRedis(t)
	cfg := testConfig(t, rs.Addr)
	cfg.PGReadDeadline = time.Second
	a, base, _ := testApp(t, cfg)
	cookie := loginCookie(t, base, "gopher")
	u, err := a.store.Users.UserByLogin(t.Context(), "gopher")
	if err != nil {
		t.Fatal(err)
	}
	rs.Freeze()
	defer rs.Thaw()
	for _, q := range []string{
		`{ pubStats(userId: "` + u.ID.String() + `") { totalPv } }`,
		`{ pubRanking(userId: "` + u.ID.String() + `", limit: 5) { id pv } }`,
	} {
		b, _ := json.Marshal(map[string]any{"query": q})
		req, _ := http.NewRequest(http.MethodPost, base+"/graphql", bytes.NewReader(b))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Origin", cfg.BaseURL.String())
		req.Header.Set("Cookie", cookie)
		start := time.Now()
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		took := time.Since(start)
		t.Logf("%s with Redis frozen: %d in %v: %.200s", q[:12], resp.StatusCode, took, body)
		if resp.StatusCode != 200 || !strings.Contains(string(body), `"data":{"pub`) {
			t.Errorf("%s with Redis frozen: %d %s", q, resp.StatusCode, body)
		}
		if took > cfg.PGReadDeadline+2*time.Second {
			t.Errorf("%s with Redis frozen took %v (read deadline %v)", q, took, cfg.PGReadDeadline)
		}
	}
}
