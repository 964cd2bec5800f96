package server_test

import (
	"context"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/counter"
	"github.com/stgy/stgypub/internal/redistest"
	"github.com/stgy/stgypub/pagecache"
	"github.com/stgy/stgypub/server"
)

// insightEnv is a server with the real counter (shared test Redis, own
// prefix) as views, crawls and shares, the store as the robots lister,
// and a local page cache.
type insightEnv struct {
	*env
	ctr *counter.Counter
}

func newInsightEnv(t *testing.T) *insightEnv {
	t.Helper()
	e := newEnv(t)
	rdb := redistest.Client(t, 0)
	ctr := counter.New(rdb, e.st.Checkpoints, counter.Config{Prefix: redistest.Prefix(t, rdb), Now: e.clock,
		SiteFlushInterval: time.Hour, Logger: slog.New(slog.DiscardHandler)})
	t.Cleanup(ctr.Wait)
	pages, err := pagecache.New(pagecache.Config{Local: true, Now: e.clock})
	if err != nil {
		t.Fatal(err)
	}
	e.pages = pages
	e.st.Changes = pagecache.Local{Cache: pages}
	e.srv = e.newServer(server.Deps{Views: ctr, Ranker: ctr, Counts: ctr, Tallies: ctr, Pages: pages})
	return &insightEnv{env: e, ctr: ctr}
}

func (e *insightEnv) wait() {
	e.t.Helper()
	if err := e.ctr.WaitRecorded(context.Background()); err != nil {
		e.t.Fatal(err)
	}
}

func (e *insightEnv) setExt(owner stgypub.ID, ext string) {
	e.t.Helper()
	cfg, err := e.st.Users.PubConfig(context.Background(), owner)
	if err != nil {
		e.t.Fatal(err)
	}
	if cfg.Extensions, err = stgypub.ParseExtensions(ext); err != nil {
		e.t.Fatal(err)
	}
	e.config(cfg)
}

// TestCrawlsCountedNeverViews: GETs of an article by each family's bots
// are counted per family and never as a view; a reader's GET is a view
// and no crawl; HEAD counts nothing.
func TestCrawlsCountedNeverViews(t *testing.T) {
	e := newInsightEnv(t)
	ctx := context.Background()
	owner := e.user(0x19FD000000A00001, "crawled", "Crawled")
	post := e.post(0x19FD000000A00002, owner, "# Crawled post\n\nBody.", "en", at(-time.Hour))
	bots := map[string][]string{
		"AI": {
			"Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)",
			"Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)",
			"CCBot/2.0 (https://commoncrawl.org/faq/)",
		},
		"SEARCH": {"Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)", "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)"},
		"SOCIAL": {"facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)"},
		"OTHER":  {"curl/8.5.0", ""},
	}
	path := "/pub/" + post.String()
	for _, uas := range bots {
		for i, ua := range uas {
			if rec := visit(t, e.srv, path, "198.51.100."+string(rune('1'+i)), ua); rec.Code != http.StatusOK {
				t.Fatalf("%q: %d", ua, rec.Code)
			}
		}
	}
	// A bot's prefetch is still a crawl; a HEAD is nothing.
	req := httptest.NewRequest(http.MethodGet, path, nil)
	req.RemoteAddr = "198.51.100.9:1"
	req.Header.Set("User-Agent", bots["AI"][0])
	req.Header.Set("Sec-Purpose", "prefetch")
	e.srv.ServeHTTP(httptest.NewRecorder(), req)
	head := httptest.NewRequest(http.MethodHead, path, nil)
	head.Header.Set("User-Agent", bots["AI"][0])
	e.srv.ServeHTTP(httptest.NewRecorder(), head)
	visit(t, e.srv, path, "203.0.113.50", browser)
	e.wait()

	rows, err := e.ctr.BotStats(ctx, owner, 15)
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 1 || rows[0].PostID != post {
		t.Fatalf("BotStats = %+v", rows)
	}
	want := map[string]int64{"AI": 4, "SEARCH": 2, "SOCIAL": 1, "OTHER": 2}
	for _, c := range rows[0].Crawls {
		if c.Count != want[c.Name] {
			t.Errorf("%s = %d, want %d", c.Name, c.Count, want[c.Name])
		}
	}
	views, err := e.ctr.ViewCounts(ctx, owner, []stgypub.ID{post})
	if err != nil {
		t.Fatal(err)
	}
	if views[post] != 1 {
		t.Errorf("views = %d, want only the reader's 1", views[post])
	}
}

// TestDisallowAIThatSiteOnly: extensions.robots.disallowAI puts the
// site's pages under the AI crawlers' Disallow group of robots.txt and
// "noai, noimageai" in their robots meta; the other site keeps neither,
// also from the page cache; turning it off removes both.
func TestDisallowAIThatSiteOnly(t *testing.T) {
	e := newInsightEnv(t)
	a := e.user(0x19FD000000B00001, "noai", "No AI")
	b := e.user(0x19FD000000B00002, "open", "Open")
	pa := e.post(0x19FD000000B00011, a, "# Closed\n\nText.", "en", at(-time.Hour))
	pb := e.post(0x19FD000000B00012, b, "# Open\n\nText.", "en", at(-time.Hour))
	e.post(0x19FD000000B00013, a, "# Draft\n\nText.", "en", nil)
	const meta = `<meta name="robots" content="noai, noimageai">`
	pages := func() (string, string, string, string) {
		return e.get("/pub/" + pa.String()).Body.String(), e.get("/pub/" + pb.String()).Body.String(),
			e.get("/sites/" + a.String()).Body.String(), e.get("/sites/" + b.String()).Body.String()
	}
	// Cached before the change: both open.
	for _, p := range []string{e.get("/pub/" + pa.String()).Body.String(), e.get("/pub/" + pb.String()).Body.String()} {
		if strings.Contains(p, meta) {
			t.Fatal("noai meta without the setting")
		}
	}
	robots := e.get("/robots.txt").Body.String()
	if strings.Contains(robots, "GPTBot") {
		t.Fatalf("robots.txt names AI crawlers without the setting:\n%s", robots)
	}
	e.setExt(a, `{"robots":{"disallowAI":true}}`)
	pubA, pubB, siteA, siteB := pages()
	if !strings.Contains(pubA, meta) || !strings.Contains(siteA, meta) {
		t.Error("site A's pages lack the noai meta")
	}
	if strings.Contains(pubB, meta) || strings.Contains(siteB, meta) {
		t.Error("site B's pages got site A's noai meta")
	}
	robots = e.get("/robots.txt").Body.String()
	group := robots[strings.Index(robots, "Disallow: /graphql\n")+1:] // after the general group
	for _, want := range []string{"User-agent: GPTBot\n", "User-agent: ClaudeBot\n", "User-agent: CCBot\n", "User-agent: Google-Extended\n", "User-agent: PerplexityBot\n", "User-agent: Bytespider\n",
		"Disallow: /sites/" + a.String() + "\n", "Disallow: /pub/" + pa.String() + "\n", "Disallow: /graphql\n"} {
		if !strings.Contains(group, want) {
			t.Errorf("AI group lacks %q:\n%s", want, robots)
		}
	}
	for _, not := range []string{b.String(), pb.String(), "0x19FD000000B00013", "19FD000000B00013"} {
		if strings.Contains(robots, not) {
			t.Errorf("robots.txt names %s:\n%s", not, robots)
		}
	}
	if !strings.HasPrefix(robots, "User-agent: *\nAllow: /\nDisallow: /graphql\n") || !strings.Contains(robots, "Sitemap: "+baseURL+"/sitemap.xml") {
		t.Errorf("robots.txt lost its general rules:\n%s", robots)
	}
	e.setExt(a, `{"robots":{"disallowAI":false}}`)
	pubA, _, siteA, _ = pages()
	if strings.Contains(pubA, meta) || strings.Contains(siteA, meta) || strings.Contains(e.get("/robots.txt").Body.String(), "GPTBot") {
		t.Error("disallowAI false still excludes AI crawlers")
	}
	for _, bad := range []string{`{"robots":true}`, `{"robots":{"disallowAI":"yes"}}`, `{"shareMode":"iframe"}`} {
		if _, err := stgypub.ParseExtensions(bad); stgypub.ErrorCode(err) != stgypub.CodeBadUserInput {
			t.Errorf("%s: %v", bad, err)
		}
	}
}

// TestShareRedirects: every service answers 302 to its share URL with
// the canonical URL and the exact title (#, & and Japanese survive), the
// click is counted once per reader and service, bots and prefetches are
// redirected but never counted, and unknown services or posts are 404s
// with a reason.
func TestShareRedirects(t *testing.T) {
	e := newInsightEnv(t)
	ctx := context.Background()
	owner := e.user(0x19FD000000C00001, "sharer", "Sharer")
	titles := []string{"C# & F#: 日本語のタイトル #1", "Q&A ?x=1&y=2 100% #hash", "日本語だけ"}
	posts := make([]stgypub.ID, len(titles))
	for i, title := range titles {
		posts[i] = e.post(stgypub.ID(0x19FD000000C00010+i), owner, "# "+title+"\n\nBody.", "ja", at(-time.Hour))
	}
	param := map[string][2]string{ // service: URL parameter, title parameter
		"x": {"url", "text"}, "facebook": {"u", ""}, "line": {"url", "text"}, "hatena": {"url", "title"},
	}
	for i, post := range posts {
		canonical := baseURL + "/pub/" + post.String()
		for _, svc := range stgypub.ShareServices {
			rec := visit(t, e.srv, "/share/"+post.String()+"/"+svc, "203.0.113.10", browser)
			if rec.Code != http.StatusFound {
				t.Fatalf("%s: %d %s", svc, rec.Code, rec.Body)
			}
			loc, err := url.Parse(rec.Header().Get("Location"))
			if err != nil {
				t.Fatal(err)
			}
			if svc == "copy" {
				if loc.String() != canonical {
					t.Errorf("copy → %s", loc)
				}
				continue
			}
			if loc.Scheme != "https" || loc.Fragment != "" {
				t.Errorf("%s → %s", svc, loc)
			}
			q := loc.Query()
			if got := q.Get(param[svc][0]); got != canonical {
				t.Errorf("%s url = %q", svc, got)
			}
			if p := param[svc][1]; p != "" && q.Get(p) != titles[i] {
				t.Errorf("%s title = %q, want %q (Location %s)", svc, q.Get(p), titles[i], loc)
			}
		}
	}
	p := posts[0]
	visit(t, e.srv, "/share/"+p.String()+"/x", "203.0.113.10", browser) // the same reader again
	visit(t, e.srv, "/share/"+p.String()+"/x", "203.0.113.11", browser) // another reader
	visit(t, e.srv, "/share/"+p.String()+"/x", "203.0.113.12", "Twitterbot/1.0")
	visit(t, e.srv, "/share/"+p.String()+"/x", "203.0.113.13", "Mozilla/5.0 (compatible; GPTBot/1.2; +https://openai.com/gptbot)")
	visit(t, e.srv, "/share/"+p.String()+"/x", "203.0.113.14", "")
	for _, h := range [][2]string{{"Sec-Purpose", "prefetch"}, {"Purpose", "prefetch"}, {"X-Moz", "prefetch"}, {"Sec-Purpose", "prefetch;prerender"}} {
		req := httptest.NewRequest(http.MethodGet, "/share/"+p.String()+"/x", nil)
		req.RemoteAddr = "203.0.113.20:1"
		req.Header.Set("User-Agent", browser)
		req.Header.Set(h[0], h[1])
		rec := httptest.NewRecorder()
		e.srv.ServeHTTP(rec, req)
		if rec.Code != http.StatusFound {
			t.Errorf("prefetch %v: %d", h, rec.Code)
		}
	}
	e.wait()
	counts, err := e.ctr.ShareCounts(ctx, owner, p)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]int64{"x": 2, "facebook": 1, "line": 1, "hatena": 1, "copy": 1}
	for _, c := range counts {
		if c.Count != want[c.Name] {
			t.Errorf("share %s = %d, want %d (%v)", c.Name, c.Count, want[c.Name], counts)
		}
	}
	if v, _ := e.ctr.ViewCounts(ctx, owner, []stgypub.ID{p}); v[p] != 0 {
		t.Errorf("share clicks counted as views: %d", v[p])
	}
	for path, reason := range map[string]string{
		"/share/" + p.String() + "/mastodon": "Unknown share service",
		"/share/" + p.String() + "/X":        "Unknown share service",
		"/share/0123456789ABCDEF/x":          "No published post",
		"/share/nothex/x":                    "No published post",
		"/share/" + e.post(0x19FD000000C000FF, owner, "# Draft", "en", nil).String() + "/line": "No published post",
	} {
		rec := e.get(path)
		if rec.Code != http.StatusNotFound || !strings.Contains(rec.Body.String(), reason) {
			t.Errorf("%s: %d, body lacks %q", path, rec.Code, reason)
		}
	}
}

// TestShareLinksMode: shareMode "links" renders plain counted links (no
// widget scripts, no iframe, the base CSP); the default keeps the widgets.
func TestShareLinksMode(t *testing.T) {
	e := newInsightEnv(t)
	owner := e.user(0x19FD000000D00001, "links", "Links")
	post := e.post(0x19FD000000D00002, owner, "# Links & more\n\nBody.", "en", at(-time.Hour))
	e.setExt(owner, `{"shareButtons":["x","facebook","line","hatena","copy"]}`)
	widgets := e.get("/pub/" + post.String())
	if !strings.Contains(widgets.Body.String(), `<iframe class="facebook-share"`) {
		t.Fatal("widget mode lost its Facebook iframe")
	}
	e.setExt(owner, `{"shareButtons":["x","facebook","line","hatena","copy"],"shareMode":"links"}`)
	rec := e.get("/pub/" + post.String())
	body := rec.Body.String()
	for _, svc := range stgypub.ShareServices {
		if !strings.Contains(body, `href="`+baseURL+`/share/`+post.String()+`/`+svc+`"`) {
			t.Errorf("links mode lacks the %s link", svc)
		}
	}
	if strings.Contains(body, "<iframe") || strings.Contains(body, `data-widgets="1"`) || strings.Contains(body, "facebook.com") {
		t.Error("links mode still has widgets")
	}
	if csp := rec.Header().Get("Content-Security-Policy"); strings.Contains(csp, "facebook") || strings.Contains(csp, "twitter") {
		t.Errorf("links mode CSP allows third parties: %s", csp)
	}
}
