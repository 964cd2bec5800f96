package staticcopy

import (
	"context"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/ui"
)

func TestSegment(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"go", "go"},
		{"error-handling_2", "error-handling_2"},
		{"C++", "C~2B~2B"},
		{"../etc", "~2E~2E~2Fetc"},
		{"a b", "a~20b"},
		{"~", "~7E"},
		{"日本語", "日本語"},
		{"100%", "100~25"},
	} {
		t.Run(tc.in, func(t *testing.T) {
			if got := segment(tc.in); got != tc.want {
				t.Errorf("segment(%q) = %q, want %q", tc.in, got, tc.want)
			}
		})
	}
}

// fakeSite is a live server in miniature: a site 1 with two listing
// pages and one article 2, the real embedded assets under /ui/.
type fakeSite struct{ article string }

func (f *fakeSite) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	page := func(body string) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		_, _ = w.Write([]byte("<!DOCTYPE html>\n<html><head><link rel=\"canonical\" href=\"http://copy.test" + r.URL.Path + "\"></head><body>" + body + "</body></html>\n"))
	}
	site, post := "/sites/"+stgypub.ID(1).String(), "/pub/"+stgypub.ID(2).String()
	switch {
	case strings.HasPrefix(r.URL.Path, "/ui/"):
		ui.Handler().ServeHTTP(w, r)
	case r.URL.Path == site && r.URL.RawQuery == "":
		page(`<p class=x>list</p><a href="` + post + `">post</a> <a href="?page=2">next</a> <a href="/sites/` + stgypub.ID(1).String() + `?q=go">search</a>` +
			` <a href="https://elsewhere.test/x">out</a> <link rel="stylesheet" href="` + ui.URL("base.css") + `"><noscript><a href="` + site + `/feed.atom">feed</a></noscript>`)
	case r.URL.Path == site && r.URL.RawQuery == "page=2":
		page(`<a href="` + site + `">first</a> <a href="/share/x">share</a> <img alt="" srcset="` + post + ` 1x, /share/y 2x">`)
	case r.URL.Path == site+"/feed.atom":
		w.Header().Set("Content-Type", "application/atom+xml")
		_, _ = w.Write([]byte("<feed/>\n"))
	case r.URL.Path == post:
		page(`<meta property="article:published_time" content="2024-01-02T03:04:05Z"><h1>` + f.article +
			`</h1><div data-stgy-comments data-post-id="x"></div><a href="` + post + `/comments.atom#top">comments</a>`)
	case r.URL.Path == "/favicon.svg":
		w.Header().Set("Content-Type", "image/svg+xml")
		_, _ = w.Write([]byte("<svg/>"))
	default:
		http.NotFound(w, r)
	}
}

func TestWrite(t *testing.T) {
	ctx := context.Background()
	base, _ := url.Parse("http://copy.test")
	api, _ := url.Parse("http://origin.test")
	h := &fakeSite{article: "First"}
	cfg := Config{Handler: h, BaseURL: base, API: api, UserID: 1, Posts: []stgypub.ID{2}, Dir: t.TempDir()}
	res, err := Write(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	read := func(name string) string {
		t.Helper()
		b, err := os.ReadFile(filepath.Join(cfg.Dir, filepath.FromSlash(name)))
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	site, post := "sites/"+stgypub.ID(1).String(), "pub/"+stgypub.ID(2).String()
	index := read(site + "/index.html")
	for _, want := range []string{
		`<p class=x>list</p>`, // untouched tags keep their bytes
		`<a href="/` + post + `/">post</a>`,
		`<a href="/` + site + `/page/2/">next</a>`,
		`<a href="http://origin.test/` + site + `?q=go">search</a>`,
		`<a href="https://elsewhere.test/x">out</a>`,
		`<noscript><a href="/` + site + `/feed.atom">feed</a></noscript>`,
		`<link rel="canonical" href="http://copy.test/` + site + `/">`,
	} {
		if !strings.Contains(index, want) {
			t.Errorf("index lacks %s:\n%s", want, index)
		}
	}
	if p2 := read(site + "/page/2/index.html"); !strings.Contains(p2, `href="http://origin.test/share/x"`) || !strings.Contains(p2, `href="/`+site+`/"`) ||
		!strings.Contains(p2, `srcset="/`+post+`/ 1x, http://origin.test/share/y 2x"`) {
		t.Errorf("page 2: %s", p2)
	}
	article := read(post + "/index.html")
	for _, want := range []string{
		`data-base="http://origin.test"`,
		`href="http://origin.test/` + post + `/comments.atom#top"`,
		`<script defer src="` + ui.URL(viewScript) + `" data-api="http://origin.test" data-post-id="` + stgypub.ID(2).String() + `"></script>` + "\n</body>",
	} {
		if !strings.Contains(article, want) {
			t.Errorf("article lacks %s:\n%s", want, article)
		}
	}
	_ = read(strings.TrimPrefix(ui.URL(viewScript), "/"))
	_ = read(strings.TrimPrefix(ui.URL("base.css"), "/"))
	if sm := read(site + "/sitemap.xml"); !strings.Contains(sm, "<url><loc>http://copy.test/"+post+"/</loc><lastmod>2024-01-02T03:04:05Z</lastmod></url>") ||
		strings.Contains(sm, "page/2") {
		t.Errorf("sitemap:\n%s", sm)
	}

	t.Run("incremental", func(t *testing.T) {
		cfg := cfg
		cfg.Incremental = true
		again, err := Write(ctx, cfg)
		if err != nil || again.Written != 0 || again.Files != res.Files {
			t.Fatalf("unchanged: %+v, %v (first %+v)", again, err, res)
		}
		h.article = "Second"
		again, err = Write(ctx, cfg)
		if err != nil || again.Written != 1 {
			t.Fatalf("one article changed: %+v, %v", again, err)
		}
		if !strings.Contains(read(post+"/index.html"), "<h1>Second</h1>") {
			t.Error("the changed article was not written")
		}
		cfg.Posts = nil
		again, err = Write(ctx, cfg)
		if err != nil || again.Removed != 2 { // the article and view.js
			t.Fatalf("post unpublished: %+v, %v", again, err)
		}
		if _, err := os.Stat(filepath.Join(cfg.Dir, filepath.FromSlash(post), "index.html")); !os.IsNotExist(err) {
			t.Errorf("the unpublished post's page is still there: %v", err)
		}
	})
}

func TestWriteRefusesAMissingSite(t *testing.T) {
	base, _ := url.Parse("http://copy.test")
	_, err := Write(context.Background(), Config{Handler: http.NotFoundHandler(), BaseURL: base, API: base, UserID: 1, Dir: t.TempDir()})
	if err == nil || !strings.Contains(err.Error(), "answered 404") {
		t.Fatalf("err = %v, want the site's 404", err)
	}
}
