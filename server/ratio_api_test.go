package server_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/uptrace/bun"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/internal/cputime"
)

// The API benchmark queries (issue 18): the article query of docs/API.md
// "Building a frontend" without viewToken (a response with one is per
// client), a site listing of 20 posts with view counts, and a comment
// list.
const (
	benchArticleQuery = `query Article($id: ID!) { publishedPost(id: $id) {
  title html publishedAt viewCount prev { id title url } next { id title url }
  site { name author url config { siteName subtitle designTheme }
    recent(limit: 5, excludeId: $id) { id title url }
    popular(limit: 5, excludeId: $id) { id title url } } } }`
	benchSiteQuery = `query Site($u: ID!) { site(userId: $u) { name author
  posts(first: 20) { totalCount pageInfo { hasNextPage endCursor } nodes { id title description url publishedAt viewCount } } } }`
	benchCommentsQuery = `query Comments($p: ID!) { pubComments(postId: $p) { totalCount page hasNextPage items { id nickname body createdAt isAuthor } } }`
)

// BenchmarkAPIRatio is `make bench`'s API figures, measured as
// BenchmarkRatio measures the pages: our server against a bare net/http
// handler writing the same response bytes, in alternating phases of one
// run. GET cases are anonymous reads answered from the response cache
// (warm); POST cases send the query text (never cached: each runs the
// operation). Targets: article GET >= 0.8, POST >= 0.3; site listing GET
// >= 0.8, POST >= 0.25; comment list GET >= 0.8.
func BenchmarkAPIRatio(b *testing.B) {
	s := newBenchSite(b)
	nd := s.c.nodes[0]
	post := strings.TrimPrefix(s.pubEN, "/pub/")
	withComments(b, s, post, 20)
	cases := []struct {
		name, query string
		vars        map[string]any
	}{
		{"api-article", benchArticleQuery, map[string]any{"id": post}},
		{"api-site", benchSiteQuery, map[string]any{"u": s.gopher.String()}},
		{"api-comments", benchCommentsQuery, map[string]any{"p": post}},
	}
	ours := httptest.NewServer(nd.srv)
	b.Cleanup(ours.Close)
	for _, tc := range cases {
		vb, _ := json.Marshal(tc.vars)
		path := "/graphql?" + url.Values{"query": {tc.query}, "variables": {string(vb)}}.Encode()
		body, _ := json.Marshal(map[string]any{"query": tc.query, "variables": tc.vars})
		rec := s.c.get(0, path)
		if rec.Code != 200 || strings.Contains(rec.Body.String(), `"errors"`) {
			b.Fatalf("%s: %d %s", tc.name, rec.Code, rec.Body.String())
		}
		bareSrv := httptest.NewServer(bareBytes(rec.Header().Get("Content-Type"), rec.Body.Bytes()))
		b.Cleanup(bareSrv.Close)
		b.Run(tc.name+"/get/warm", func(b *testing.B) {
			runPhases(b, ours.URL+path, bareSrv.URL+path, false, nil)
		})
		if tc.name == "api-comments" {
			continue
		}
		b.Run(tc.name+"/post/uncached", func(b *testing.B) {
			runPhasesReq(b, ours.URL+"/graphql", bareSrv.URL+"/graphql", false, nil, func(u string) *http.Request {
				req, _ := http.NewRequest(http.MethodPost, u, bytes.NewReader(body))
				req.Header.Set("Content-Type", "application/json")
				return req
			})
		})
	}
}

// BenchmarkAPIHit is one warm anonymous GET of the article query through
// the whole server (`-benchmem`: allocations per response-cache hit).
func BenchmarkAPIHit(b *testing.B) {
	s := newBenchSite(b)
	nd := s.c.nodes[0]
	post := strings.TrimPrefix(s.pubEN, "/pub/")
	vb, _ := json.Marshal(map[string]any{"id": post})
	path := "/graphql?" + url.Values{"query": {benchArticleQuery}, "variables": {string(vb)}}.Encode()
	s.c.get(0, path)
	req := httptest.NewRequest(http.MethodGet, path, nil)
	req.Header.Set("Accept-Encoding", "gzip, deflate, br, zstd")
	w := &discard{h: http.Header{}}
	b.ReportAllocs()
	for b.Loop() {
		clear(w.h)
		nd.srv.ServeHTTP(w, req)
		if w.code != 200 {
			b.Fatal(w.code)
		}
	}
}

// withComments opens the comment section of the English demo site and
// publishes n comments on post (the comment list benchmarks read a page).
func withComments(b testing.TB, s *benchSite, post string, n int) {
	b.Helper()
	ctx := context.Background()
	cfg, err := s.c.st.Users.PubConfig(ctx, s.gopher)
	if err != nil {
		b.Fatal(err)
	}
	if cfg.Extensions, err = stgypub.ParseExtensions(`{"comments":{"mode":"open"}}`); err != nil {
		b.Fatal(err)
	}
	if err := s.c.st.Users.UpdatePubConfig(ctx, cfg); err != nil {
		b.Fatal(err)
	}
	id, _ := stgypub.ParseID(post)
	for i := range n {
		c := &stgypub.Comment{PostID: id, Nickname: fmt.Sprintf("Reader %d", i), Body: fmt.Sprintf("Comment number %d, with a few words of text.\n", i), Status: stgypub.CommentPublished}
		if err := s.c.st.Comments.InsertComment(ctx, &stgypub.NewComment{Comment: c}); err != nil {
			b.Fatal(err)
		}
	}
}

// statementCounter counts SQL statements (a bun query hook).
type statementCounter struct{ n atomic.Int64 }

func (c *statementCounter) BeforeQuery(ctx context.Context, _ *bun.QueryEvent) context.Context {
	c.n.Add(1)
	return ctx
}
func (c *statementCounter) AfterQuery(context.Context, *bun.QueryEvent) {}

// BenchmarkAPIMiss is one POST of each API benchmark query's text through
// the whole server (never cached: the operation runs): `-benchmem` gives
// its allocations, statements/op its PostgreSQL statements, cpu-ns/op the
// process's CPU per request (steadier than ns/op on a loaded machine).
func BenchmarkAPIMiss(b *testing.B) {
	s := newBenchSite(b)
	nd := s.c.nodes[0]
	sc := &statementCounter{}
	s.c.st.DB = s.c.st.DB.WithQueryHook(sc)
	post := strings.TrimPrefix(s.pubEN, "/pub/")
	withComments(b, s, post, 20)
	for _, tc := range []struct {
		name, query string
		vars        map[string]any
	}{
		{"article", benchArticleQuery, map[string]any{"id": post}},
		{"site", benchSiteQuery, map[string]any{"u": s.gopher.String()}},
		{"comments", benchCommentsQuery, map[string]any{"p": post}},
	} {
		body, _ := json.Marshal(map[string]any{"query": tc.query, "variables": tc.vars})
		b.Run(tc.name, func(b *testing.B) {
			w := &discard{h: http.Header{}}
			b.ReportAllocs()
			n0 := sc.n.Load()
			cputime.Report(b, func() {
				clear(w.h)
				req := httptest.NewRequest(http.MethodPost, "/graphql", bytes.NewReader(body))
				req.Header.Set("Content-Type", "application/json")
				nd.srv.ServeHTTP(w, req)
				if w.code != 200 {
					b.Fatal(w.code)
				}
			})
			b.ReportMetric(float64(sc.n.Load()-n0)/float64(b.N), "statements/op")
		})
	}
}
