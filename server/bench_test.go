package server

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/counter"
	"github.com/stgy/stgypub/internal/redistest"
	"github.com/stgy/stgypub/markdown"
	"github.com/stgy/stgypub/store/storetest"
)

// benchFixture is a real store (own database) and, when Redis answers, the
// real counter under a per-run key prefix (redistest): a site of the 30 English corpus
// articles plus one Japanese article.
type benchFixture struct {
	srv        *Server
	cfg        Config
	deps       Deps
	rdb        redis.UniversalClient
	site       stgypub.ID
	longEN, ja stgypub.ID
}

func newBenchFixture(b *testing.B) *benchFixture {
	b.Helper()
	ctx := context.Background()
	st := storetest.New(b)
	f := &benchFixture{site: 0x19FD000000000001}
	if err := st.CreateUser(ctx, &stgypub.User{ID: f.site, LoginName: "bench", Nickname: "Bench"}); err != nil {
		b.Fatal(err)
	}
	deps := Deps{Posts: st, Users: st, Configs: st}
	r := redistest.New(b)
	c := counter.New(r.Client, st, counter.Config{Prefix: r.Prefix})
	deps.Views, deps.Ranker, deps.Counts = c, c, c
	b.Cleanup(c.Wait) // runs before the prefix is deleted: checkpoint work still in flight writes keys too
	rdb := r.Client

	files, _ := filepath.Glob(corpusDir() + "/en/*.md")
	if len(files) == 0 {
		b.Skip("corpus not available")
	}
	sort.Strings(files)
	start := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	for i, path := range append(files, corpusDir()+"/ja/glossary-http.md") {
		id := stgypub.ID(0x19FD000000100000 + i)
		src, _ := os.ReadFile(path)
		fm, body := markdown.SplitFrontMatter(string(src))
		if fm.Title != "" {
			body = "# " + fm.Title + "\n\n" + body
		}
		locale := "en"
		if strings.Contains(path, "/ja/") {
			locale, f.ja = "ja", id
		}
		if strings.HasSuffix(path, "greenteagc.md") {
			f.longEN = id
		}
		doc := markdown.Convert(body, markdown.Options{})
		p := &stgypub.Post{ID: id, OwnedBy: f.site, Snippet: doc.Snippet, Locale: locale, Content: body, PlainText: markdown.PlainText(body)}
		if err := st.CreatePost(ctx, p); err != nil {
			b.Fatal(err)
		}
		at := start.Add(time.Duration(i) * time.Hour)
		if err := st.SetPublication(ctx, id, &at); err != nil {
			b.Fatal(err)
		}
	}
	base, _ := url.Parse("https://pub.example.test")
	srv, err := New(Config{BaseURL: base, ViewSecret: []byte("bench")}, deps)
	if err != nil {
		b.Fatal(err)
	}
	f.srv, f.cfg, f.deps, f.rdb = srv, Config{BaseURL: base, ViewSecret: []byte("bench")}, deps, rdb
	// Some ranking data so Popular entries has work to do.
	for i := range 40 {
		req := httptest.NewRequest(http.MethodGet, "/pub/"+stgypub.ID(0x19FD000000100000+i%31).String(), nil)
		req.RemoteAddr = fmt.Sprintf("198.51.100.%d:1", i)
		srv.ServeHTTP(httptest.NewRecorder(), req)
	}
	return f
}

func corpusDir() string {
	if _, err := os.Stat("../../shared/corpus/articles"); err == nil {
		return "../../shared/corpus/articles"
	}
	return "/work/shared/corpus/articles"
}

// runHandler serves path b.N times from distinct client addresses and
// reports req/s and the 99th-percentile latency in microseconds.
func runHandler(b *testing.B, h http.Handler, path string) {
	b.Helper()
	durations := make([]time.Duration, 0, b.N)
	reqs := make([]*http.Request, 256)
	for i := range reqs {
		reqs[i] = httptest.NewRequest(http.MethodGet, path, nil)
		reqs[i].RemoteAddr = fmt.Sprintf("203.0.113.%d:4000", i)
		reqs[i].Header.Set("User-Agent", "Mozilla/5.0 Firefox/140.0")
	}
	b.ReportAllocs()
	b.ResetTimer()
	start := time.Now()
	for i := 0; i < b.N; i++ {
		rec := httptest.NewRecorder()
		t0 := time.Now()
		h.ServeHTTP(rec, reqs[i%len(reqs)])
		durations = append(durations, time.Since(t0))
		if rec.Code != http.StatusOK {
			b.Fatalf("status %d", rec.Code)
		}
	}
	elapsed := time.Since(start)
	b.StopTimer()
	sort.Slice(durations, func(i, j int) bool { return durations[i] < durations[j] })
	p99 := durations[min(len(durations)-1, len(durations)*99/100)]
	b.ReportMetric(float64(b.N)/elapsed.Seconds(), "req/s")
	b.ReportMetric(float64(p99.Microseconds()), "p99-µs")
}

// bareHandler is the baseline: net/http + the same html/template executed
// on pre-fetched page data, no store, no counter, no caching headers.
func bareHandler(exec func(*bytes.Buffer) error) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		var buf bytes.Buffer
		buf.Grow(64 << 10)
		if err := exec(&buf); err != nil {
			http.Error(w, err.Error(), 500)
			return
		}
		w.Header().Set("Content-Type", htmlType)
		_, _ = w.Write(buf.Bytes())
	})
}

func pubPaths(f *benchFixture) map[string]string {
	return map[string]string{"long-en": "/pub/" + f.longEN.String(), "ja": "/pub/" + f.ja.String()}
}

// BenchmarkPubPage serves /pub/{id} through the full server: store reads,
// counter (record, ranking, view counts), rendering, ETag.
func BenchmarkPubPage(b *testing.B) {
	f := newBenchFixture(b)
	for _, name := range []string{"long-en", "ja"} {
		b.Run(name, func(b *testing.B) { runHandler(b, f.srv, pubPaths(f)[name]) })
	}
}

// BenchmarkBarePub executes the same template on the page data fetched
// once beforehand.
func BenchmarkBarePub(b *testing.B) {
	f := newBenchFixture(b)
	for _, name := range []string{"long-en", "ja"} {
		b.Run(name, func(b *testing.B) {
			path := pubPaths(f)[name]
			page, _, recorded, err := f.srv.buildPub(httptest.NewRequest(http.MethodGet, path, nil), path[len("/pub/"):])
			if err != nil {
				b.Fatal(err)
			}
			recorded()
			runHandler(b, bareHandler(func(buf *bytes.Buffer) error { return f.srv.pages.Pub(buf, page) }), path)
		})
	}
}

// BenchmarkSitePage serves /sites/{id} (31 posts, Rich view page 1)
// through the full server.
func BenchmarkSitePage(b *testing.B) {
	f := newBenchFixture(b)
	runHandler(b, f.srv, "/sites/"+f.site.String())
}

// BenchmarkBareSite executes the site template on pre-fetched data.
func BenchmarkBareSite(b *testing.B) {
	f := newBenchFixture(b)
	path := "/sites/" + f.site.String()
	page, _, err := f.srv.buildSite(httptest.NewRequest(http.MethodGet, path, nil), f.site.String())
	if err != nil {
		b.Fatal(err)
	}
	runHandler(b, bareHandler(func(buf *bytes.Buffer) error { return f.srv.pages.Site(buf, page) }), path)
}
