package server_test

import (
	"context"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/counter"
	"github.com/stgy/stgypub/internal/redistest"
	"github.com/stgy/stgypub/server"
)

// realCounter is a counter on rdb under a fresh key prefix (deleted at
// the end) with e's clock.
func (e *env) realCounter(t *testing.T, rdb redis.UniversalClient) *counter.Counter {
	t.Helper()
	c := counter.New(rdb, e.st.Checkpoints, counter.Config{Prefix: redistest.Prefix(t, rdb), Now: e.clock,
		SiteFlushInterval: time.Hour, Logger: slog.New(slog.DiscardHandler)})
	t.Cleanup(c.Wait) // before the prefix is deleted
	return c
}

// rankingServer is a server of e with ctr as every counter dependency and
// the given default language.
func (e *env) rankingServer(t *testing.T, ctr *counter.Counter, lang string) *server.Server {
	t.Helper()
	base, _ := url.Parse(baseURL)
	srv, err := server.New(server.Config{BaseURL: base, ViewSecret: []byte("test-secret"), DefaultLang: lang},
		server.Deps{Posts: e.st.Posts, Users: e.st.Users, Configs: e.st.Users, Views: ctr, Ranker: ctr, Counts: ctr, SiteRanker: ctr})
	if err != nil {
		t.Fatal(err)
	}
	return srv
}

// visit GETs path from ip with a user agent.
func visit(t *testing.T, h http.Handler, path, ip, ua string) *httptest.ResponseRecorder {
	t.Helper()
	req := httptest.NewRequest(http.MethodGet, path, nil)
	req.RemoteAddr = ip + ":4000"
	req.Header.Set("User-Agent", ua)
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec
}

const browser = "Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0"

var rankingRE = regexp.MustCompile(`(?s)<section class="site-ranking".*?</section>`)
var rankedRE = regexp.MustCompile(`<a class="ranking-link" dir="auto" href="/pub/([0-9A-F]{16})">([^<]*)</a>\n<span class="ranking-site"><a dir="auto" href="/sites/[0-9A-F]{16}">([^<]*)</a>(?: · <span dir="auto">([^<]*)</span>)?</span>\n<span class="ranking-views">([^<]*)</span>`)

// ranked lists the home page ranking as "title|site|author|views" rows.
func ranked(t *testing.T, body string) []string {
	t.Helper()
	sec := rankingRE.FindString(body)
	var out []string
	for _, m := range rankedRE.FindAllStringSubmatch(sec, -1) {
		out = append(out, m[2]+"|"+m[3]+"|"+m[4]+"|"+m[5])
	}
	return out
}

// TestHomePopularThisWeek: / shows "Popular this week" above the site
// list, prerendered from /pub views counted through the real counter:
// ordered by views, linking to the articles, with each site's name and
// author; bots, repeated views from one address and unpublished posts do
// not count; an article unpublished after the ranking was cached drops
// out at once; Japanese pages get Japanese text.
func TestHomePopularThisWeek(t *testing.T) {
	e := newEnv(t)
	ctr := e.realCounter(t, redistest.Client(t, 0))
	srv := e.rankingServer(t, ctr, "en")
	a := e.user(0x1000000000000001, "alice", "Alice")
	b := e.user(0x1000000000000002, "bob", "Bob")
	c := e.user(0x1000000000000003, "carol", "Carol")
	cfg := stgypub.DefaultPubConfig(a)
	cfg.SiteName = "Alice's <Notes>"
	e.config(cfg)
	cfg = stgypub.DefaultPubConfig(b)
	cfg.Author = "Bobby"
	e.config(cfg)
	a1 := e.post(0x2000000000000001, a, "# Alpha\n\nBody.", "en", at(-72*time.Hour))
	b1 := e.post(0x2000000000000002, b, "# Bravo & co\n\nBody.", "en", at(-48*time.Hour))
	c1 := e.post(0x2000000000000003, c, "# Charlie\n\nBody.", "en", at(-24*time.Hour))
	c2 := e.post(0x2000000000000004, c, "# Delta\n\nBody.", "en", at(-24*time.Hour))
	draft := e.post(0x2000000000000005, c, "# Draft\n\nBody.", "en", nil)

	views := map[stgypub.ID]int{c2: 4, b1: 3, a1: 2, c1: 1, draft: 5}
	for id, n := range views {
		for i := range n {
			visit(t, srv, "/pub/"+id.String(), "198.51.100."+strconv.Itoa(1+i), browser)
		}
	}
	visit(t, srv, "/pub/"+c1.String(), "198.51.100.1", browser) // the same address again
	for i, ua := range []string{"Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
		"curl/8.5.0", "", "facebookexternalhit/1.1"} { // bots and tools from new addresses
		if rec := visit(t, srv, "/pub/"+c1.String(), "203.0.113."+strconv.Itoa(10+i), ua); rec.Code != 200 {
			t.Fatalf("%q gets %d", ua, rec.Code)
		}
	}
	ctr.Wait()

	body := visit(t, srv, "/", "192.0.2.1", browser).Body.String()
	want := []string{
		"Delta|Carol||4 views",
		"Bravo &amp; co|Bobby||3 views", // no site name: the site shows its author
		"Alpha|Alice&#39;s &lt;Notes&gt;|Alice|2 views",
		"Charlie|Carol||1 view",
	}
	if got := ranked(t, body); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("ranking:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if !strings.Contains(body, `<h2 id="stgy-site-ranking-heading">Popular this week</h2>`) {
		t.Error("no heading")
	}
	if r, s := strings.Index(body, `class="site-ranking"`), strings.Index(body, `class="site-list"`); r < 0 || s < 0 || r > s {
		t.Errorf("ranking at %d, site list at %d: want the ranking above", r, s)
	}
	if strings.Contains(body, draft.String()) {
		t.Error("an unpublished post is ranked")
	}

	if err := e.st.Posts.SetPublication(context.Background(), c2, nil); err != nil {
		t.Fatal(err)
	}
	body = visit(t, srv, "/", "192.0.2.1", browser).Body.String()
	if got := ranked(t, body); len(got) != 3 || !strings.HasPrefix(got[0], "Bravo") {
		t.Fatalf("after unpublishing Delta: %q", got)
	}

	ja := e.rankingServer(t, ctr, "ja")
	body = visit(t, ja, "/", "192.0.2.1", browser).Body.String()
	if !strings.Contains(body, ">今週の人気記事</h2>") || !strings.Contains(body, ">3 回閲覧</span>") {
		t.Errorf("Japanese home page:\n%s", rankingRE.FindString(body))
	}

	feed := visit(t, srv, "/sites/"+c.String()+"/feed.atom", "192.0.2.1", browser).Body.String()
	if strings.Contains(feed, "site-ranking") || strings.Contains(feed, "Popular") {
		t.Error("the feed changed")
	}
}

// TestHomeWithoutRanking: with no views, or with Redis refusing the
// site-wide keys, / renders without the section, and /pub still counts
// the view for its owner.
func TestHomeWithoutRanking(t *testing.T) {
	e := newEnv(t)
	a := e.user(0x1000000000000001, "alice", "Alice")
	a1 := e.post(0x2000000000000001, a, "# Alpha\n\nBody.", "en", at(-72*time.Hour))

	srv := e.rankingServer(t, e.realCounter(t, redistest.Client(t, 0)), "en")
	body := visit(t, srv, "/", "192.0.2.1", browser).Body.String()
	if strings.Contains(body, "site-ranking") || !strings.Contains(body, `class="site-list"`) {
		t.Errorf("no views: %s", body)
	}

	own := redistest.Start(t)
	ctx := context.Background()
	// Every key but the site-wide ones (stgy:pub-views:site-…).
	if err := own.Client.Do(ctx, "ACL", "SETUSER", "counter", "reset", "on", ">pw", "+@all",
		"~*pub-views:[^s]*", "~*pub-views:s[^i]*", "~*pub-pages:*").Err(); err != nil {
		t.Fatal(err)
	}
	limited := redis.NewClient(&redis.Options{Addr: own.Addr, Username: "counter", Password: "pw"})
	t.Cleanup(func() { limited.Close() })
	ctr := e.realCounter(t, limited)
	srv = e.rankingServer(t, ctr, "en")
	for i := range 3 {
		if rec := visit(t, srv, "/pub/"+a1.String(), "198.51.100."+strconv.Itoa(1+i), browser); rec.Code != 200 {
			t.Fatalf("/pub = %d", rec.Code)
		}
	}
	ctr.Wait() // the site-wide batch fails (NOPERM) and is logged
	if n, err := ctr.ViewCounts(ctx, a, []stgypub.ID{a1}); err != nil || n[a1] != 3 {
		t.Fatalf("owner's count %v, %v; want 3", n, err)
	}
	rec := visit(t, srv, "/", "192.0.2.1", browser)
	if rec.Code != 200 || strings.Contains(rec.Body.String(), "site-ranking") || !strings.Contains(rec.Body.String(), "Alice") {
		t.Errorf("home with the site-wide keys refused: %d\n%s", rec.Code, rec.Body.String())
	}
}
