package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"net/netip"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/stgy/stgypub/visitor"
)

// syncBuffer is a log sink safe for the server's goroutines.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}
func (s *syncBuffer) String() string { s.mu.Lock(); defer s.mu.Unlock(); return s.b.String() }

// TestNoClientAddressStored runs a load with known client addresses (IPv4
// and IPv6) and User-Agents through the whole app: page views of every
// demo article, site pages, failed logins (rate-limited), signed
// recordPubView calls, with the periodic flush and daily rotation on.
// Then it scans every key and value of the private Redis, every row of
// every table of the database, and every log line: none contains an
// address (in any spelling, or its 4 raw bytes) or a User-Agent.
func TestNoClientAddressStored(t *testing.T) {
	var logs syncBuffer
	old := slog.Default()
	slog.SetDefault(slog.New(slog.NewTextHandler(&logs, &slog.HandlerOptions{Level: slog.LevelDebug})))
	t.Cleanup(func() { slog.SetDefault(old) })
	rs := privateRedis(t)
	cfg := testConfig(t, rs.Addr)
	cfg.RotateDaily = true
	// Not a latency test: the load must count every view, so no Redis
	// call may fail on a busy machine for want of tens of milliseconds.
	cfg.RedisTimeout, cfg.RedisPageBudget = 10*time.Second, 10*time.Second
	a, base, posts := testApp(t, cfg)
	ctx := context.Background()

	var ips []netip.Addr
	for i := range 40 {
		ips = append(ips, netip.MustParseAddr(fmt.Sprintf("203.0.113.%d", 10+i)))
	}
	for i := range 10 {
		ips = append(ips, netip.MustParseAddr(fmt.Sprintf("2001:db8:77::%x", 0xa0+i)))
	}
	ua := func(i int) string {
		return fmt.Sprintf("Mozilla/5.0 (X11; Linux x86_64) STGYScanTest/%d.0 Chrome/126.0 Safari/537.36", i)
	}
	post := func(ip netip.Addr, i int, body string) {
		req, _ := http.NewRequest(http.MethodPost, base+"/graphql", strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("X-Forwarded-For", ip.String())
		req.Header.Set("User-Agent", ua(i))
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
	}
	for i, ip := range ips {
		for _, p := range posts {
			req, _ := http.NewRequest(http.MethodGet, base+"/pub/"+p.String(), nil)
			req.Header.Set("X-Forwarded-For", ip.String())
			req.Header.Set("User-Agent", ua(i))
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close()
		}
		get(t, base, "/sites/"+posts[0].String(), ip.String()) // a 404: logged too
		for range 3 * min(1, i%5) {                            // every address but each fifth: argon2id is slow
			post(ip, i, `{"query":"mutation { login(loginName: \"gopher\", password: \"wrong password\") { me { id } } }"}`)
		}
		fp := visitor.Fingerprint(cfg.ViewSecret, ip)
		fps := visitor.FormatFingerprint(fp)
		q, _ := json.Marshal(map[string]any{
			"query":     `mutation($p: ID!, $f: String!, $s: String!) { recordPubView(postId: $p, fingerprint: $f, signature: $s) { recorded } }`,
			"variables": map[string]any{"p": posts[1].String(), "f": fps, "s": visitor.Sign(cfg.ViewSecret, posts[1], fp)},
		})
		post(ip, i, string(q))
	}
	a.counter.Wait()
	if err := a.counter.Flush(ctx); err != nil {
		t.Fatal(err)
	}
	if v := a.views(t, posts[0]); v != int64(len(ips)) {
		t.Fatalf("%d views of the first article, want %d (the load must really count)", v, len(ips))
	}

	needles := map[string]string{"STGYScanTest": "User-Agent"}
	for _, ip := range ips {
		needles[ip.String()] = ip.String()
		needles[ip.StringExpanded()] = ip.String()
		if ip.Is4() {
			b := ip.As4()
			needles[string(b[:])] = ip.String() + " (raw bytes)"
			needles[strings.ReplaceAll(ip.String(), ".", "-")] = ip.String()
		}
	}
	check := func(where, s string) {
		for n, what := range needles {
			if strings.Contains(s, n) {
				t.Errorf("%s holds %s: %.200q", where, what, s)
			}
		}
	}

	// Every Redis key and value (the private server holds only this app's).
	var keys int
	it := rs.Client.Scan(ctx, 0, "*", 1000).Iterator()
	for it.Next(ctx) {
		k := it.Val()
		keys++
		check("Redis key", k)
		switch rs.Client.Type(ctx, k).Val() {
		case "string":
			check("Redis value of "+k, rs.Client.Get(ctx, k).Val())
		case "hash":
			for f, v := range rs.Client.HGetAll(ctx, k).Val() {
				check("Redis hash "+k, f+"="+v)
			}
		case "set":
			check("Redis set "+k, strings.Join(rs.Client.SMembers(ctx, k).Val(), "\n"))
		case "zset":
			check("Redis zset "+k, strings.Join(rs.Client.ZRange(ctx, k, 0, -1).Val(), "\n"))
		case "list":
			check("Redis list "+k, strings.Join(rs.Client.LRange(ctx, k, 0, -1).Val(), "\n"))
		default:
			dump, err := rs.Client.Dump(ctx, k).Result()
			if err != nil && err != redis.Nil {
				t.Fatal(err)
			}
			check("Redis "+k, dump)
		}
	}
	if err := it.Err(); err != nil || keys < 10 {
		t.Fatalf("%d Redis keys scanned (err %v)", keys, err)
	}

	// Every row of every table.
	var tables []string
	if err := a.store.DB.NewRaw(`SELECT tablename FROM pg_tables WHERE schemaname = 'public'`).Scan(ctx, &tables); err != nil {
		t.Fatal(err)
	}
	rows := 0
	for _, tbl := range tables {
		var texts []string
		if err := a.store.DB.NewRaw(fmt.Sprintf(`SELECT t::text FROM %q t`, tbl)).Scan(ctx, &texts); err != nil {
			t.Fatalf("%s: %v", tbl, err)
		}
		for _, s := range texts {
			rows++
			check("row of "+tbl, s)
		}
	}
	if rows < 50 {
		t.Fatalf("only %d rows scanned", rows)
	}

	// Every log line.
	lines := strings.Split(logs.String(), "\n")
	for _, l := range lines {
		check("log line", l)
	}
	if len(lines) < len(ips)*len(posts) {
		t.Fatalf("only %d log lines: the request log is missing", len(lines))
	}
	t.Logf("scanned %d Redis keys, %d rows of %d tables, %d log lines", keys, rows, len(tables), len(lines))
}
