package server_test

import (
	"database/sql"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"sync"
	"testing"
	"time"

	"github.com/uptrace/bun"
	"github.com/uptrace/bun/dialect/pgdialect"
	"github.com/uptrace/bun/driver/pgdriver"

	"github.com/stgy/stgypub/server"
	"github.com/stgy/stgypub/store"
)

// TestFrozenDatabaseBoundedWait: a PostgreSQL that accepts connections and
// never answers (a frozen server: here a TCP listener that reads nothing)
// makes each uncached page a 503 with Retry-After after the page deadline
// (default 2.5 s), not after the driver's 10 s read timeout.
func TestFrozenDatabaseBoundedWait(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	var conns []net.Conn
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			mu.Lock()
			conns = append(conns, c)
			mu.Unlock()
		}
	}()
	t.Cleanup(func() {
		ln.Close()
		mu.Lock()
		defer mu.Unlock()
		for _, c := range conns {
			c.Close()
		}
	})
	sqldb := sql.OpenDB(pgdriver.NewConnector(pgdriver.WithDSN("postgres://stgy:x@" + ln.Addr().String() + "/stgy?sslmode=disable")))
	db := bun.NewDB(sqldb, pgdialect.New())
	t.Cleanup(func() { db.Close() })
	st := store.New(db)
	base, _ := url.Parse(baseURL)
	srv, err := server.New(server.Config{BaseURL: base, ViewSecret: []byte("test-secret")}, server.Deps{Posts: st.Posts, Users: st.Users, Configs: st.Users})
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	for _, path := range []string{"/", "/sites/1A22F94F918E3000", "/pub/1A22F9EA698E3000", "/sites/1A22F94F918E3000/feed.atom", "/sitemap.xml"} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			start := time.Now()
			rec := httptest.NewRecorder()
			srv.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, path, nil))
			took := time.Since(start)
			if rec.Code != http.StatusServiceUnavailable || rec.Header().Get("Retry-After") == "" {
				t.Errorf("%s: status %d, Retry-After %q", path, rec.Code, rec.Header().Get("Retry-After"))
			}
			if took > server.DefaultPageDeadline+time.Second {
				t.Errorf("%s: answered after %v, want about %v", path, took, server.DefaultPageDeadline)
			}
		}()
	}
	wg.Wait()
}
