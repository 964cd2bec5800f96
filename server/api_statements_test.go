package server_test

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/uptrace/bun"
)

// statementLog records the SQL statements run through a bun DB (a query
// hook), for the statements-per-request tests.
type statementLog struct {
	mu    sync.Mutex
	stmts []string
}

func (l *statementLog) BeforeQuery(ctx context.Context, e *bun.QueryEvent) context.Context {
	l.mu.Lock()
	l.stmts = append(l.stmts, e.Query)
	l.mu.Unlock()
	return ctx
}
func (l *statementLog) AfterQuery(context.Context, *bun.QueryEvent) {}

// take returns the statements recorded since the last take.
func (l *statementLog) take() []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	s := l.stmts
	l.stmts = nil
	return s
}

// TestAPIStatementsPerRequest counts the PostgreSQL statements of one
// uncached anonymous POST of each API benchmark query (issue 18): the
// article query of docs/API.md "Building a frontend", the site listing
// with view counts (as many statements for 1 post as for 20: the list's
// fields are batched) and the comment list; cold (the read cache dropped
// with the page cache, as a write's announcement drops it) and warm (the
// server's api.ReadCache holds the site's data).
func TestAPIStatementsPerRequest(t *testing.T) {
	s := newBenchSite(t)
	nd := s.c.nodes[0]
	log := &statementLog{}
	s.c.st.DB = s.c.st.DB.WithQueryHook(log)
	post := strings.TrimPrefix(s.pubEN, "/pub/")
	site1 := strings.Replace(benchSiteQuery, "posts(first: 20)", "posts(first: 1)", 1)
	post1 := func(t *testing.T, cold bool, query string, vars map[string]any) []string {
		t.Helper()
		body, _ := json.Marshal(map[string]any{"query": query, "variables": vars})
		req := httptest.NewRequest(http.MethodPost, "/graphql", bytes.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		rec := httptest.NewRecorder()
		if cold {
			nd.pages.Flush()
		}
		log.take()
		nd.srv.ServeHTTP(rec, req)
		stmts := log.take()
		if rec.Code != 200 || strings.Contains(rec.Body.String(), `"errors"`) {
			t.Fatalf("%d %s", rec.Code, rec.Body.String())
		}
		return stmts
	}
	for _, tc := range []struct {
		name             string
		query            string
		vars             map[string]any
		coldMax, warmMax int
	}{
		// cold: post, recent, prev/next, owner with settings, popular
		// (next publication is one more); warm: none.
		{"article", benchArticleQuery, map[string]any{"id": post}, 6, 0},
		{"site listing", benchSiteQuery, map[string]any{"u": s.gopher.String()}, 4, 0},
		{"comment list", benchCommentsQuery, map[string]any{"p": post}, 2, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			post1(t, true, tc.query, tc.vars) // prepared statements, the parsed-query cache
			for _, c := range []struct {
				cold bool
				max  int
			}{{true, tc.coldMax}, {false, tc.warmMax}} {
				stmts := post1(t, c.cold, tc.query, tc.vars)
				for _, q := range stmts {
					t.Logf("cold %v: %.100s", c.cold, strings.Join(strings.Fields(q), " "))
				}
				if len(stmts) > c.max {
					t.Errorf("cold %v: %d statements, want at most %d", c.cold, len(stmts), c.max)
				}
			}
		})
	}
	t.Run("site listing batched", func(t *testing.T) {
		vars := map[string]any{"u": s.gopher.String()}
		n20, n1 := len(post1(t, true, benchSiteQuery, vars)), len(post1(t, true, site1, vars))
		if n20 != n1 {
			t.Errorf("20 posts: %d statements, 1 post: %d; a list's fields must be batched", n20, n1)
		}
	})
}
