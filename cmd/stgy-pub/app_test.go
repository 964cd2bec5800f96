package main

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"net/url"
	"testing"
	"time"

	"github.com/uptrace/bun/driver/pgdriver"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/demo"
	"github.com/stgy/stgypub/internal/redistest"
	"github.com/stgy/stgypub/store/storetest"
)

// testConfig is a config for a throwaway database on the test PostgreSQL
// (dropped at cleanup) and the given Redis address (a private server).
func testConfig(t *testing.T, redisAddr string) *config {
	t.Helper()
	var b [6]byte
	_, _ = rand.Read(b[:])
	name := "stgy_app_" + hex.EncodeToString(b[:])
	u, err := url.Parse(storetest.BaseURL())
	if err != nil {
		t.Fatal(err)
	}
	u.Path = "/" + name
	t.Cleanup(func() {
		admin := sql.OpenDB(pgdriver.NewConnector(pgdriver.WithDSN(storetest.BaseURL())))
		defer admin.Close()
		_, _ = admin.ExecContext(context.Background(), "DROP DATABASE IF EXISTS "+name+" WITH (FORCE)")
	})
	base, _ := url.Parse("http://pub.test")
	return &config{
		DatabaseURL:          u.String(),
		RedisURL:             "redis://" + redisAddr + "/0",
		BaseURL:              base,
		ViewSecret:           []byte("app-test-secret-0123456789"),
		RetentionDays:        15,
		CacheTTL:             5 * time.Minute,
		TrustedProxies:       []netip.Prefix{netip.MustParsePrefix("127.0.0.0/8")},
		Listen:               "127.0.0.1:0",
		RedisTimeout:         40 * time.Millisecond,
		RedisBreakerOpen:     200 * time.Millisecond,
		RedisBreakerFailures: 3,
		RedisPageBudget:      80 * time.Millisecond,
		Views:                viewsConfig{DrainTimeout: 2 * time.Second},
	}
}

// testApp wires the whole process as serve does, loads the demo sites
// and serves the handler on an httptest server. It returns the app, the
// server's URL and one published article per demo site.
func testApp(t *testing.T, cfg *config) (*app, string, []stgypub.ID) {
	t.Helper()
	ctx := context.Background()
	a, err := wire(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(a.close)
	loaded, err := demo.Load(ctx, a.store.Posts, a.store.Users, time.Now)
	if err != nil {
		t.Fatal(err)
	}
	var posts []stgypub.ID
	for _, l := range loaded {
		ps, err := a.store.Posts.PublishedByUser(ctx, l.UserID, stgypubQuery(1))
		if err != nil || len(ps) == 0 {
			t.Fatalf("demo site %s: %v", l.LoginName, err)
		}
		posts = append(posts, ps[0].ID)
	}
	srv := httptest.NewServer(a.handler)
	t.Cleanup(srv.Close)
	return a, srv.URL, posts
}

// get requests path as the client ip (X-Forwarded-For from a trusted
// loopback proxy) and returns status, body and duration.
func get(t *testing.T, base, path, ip string) (int, string, time.Duration) {
	t.Helper()
	req, _ := http.NewRequest(http.MethodGet, base+path, nil)
	req.Header.Set("User-Agent", "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36")
	if ip != "" {
		req.Header.Set("X-Forwarded-For", ip)
	}
	start := time.Now()
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatalf("GET %s: %v", path, err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b), time.Since(start)
}

func ipN(i int) string { return fmt.Sprintf("198.51.%d.%d", (i>>8)&255, i&255) }

// privateRedis starts a private redis-server for one test.
func privateRedis(t *testing.T) *redistest.Server { return redistest.Start(t) }
