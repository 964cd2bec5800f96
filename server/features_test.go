package server_test

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/server"
)

func TestShareButtons(t *testing.T) {
	e := newEnv(t)
	u := e.user(0x1000000000000001, "alice", "Alice")
	p := e.post(0x2000000000000001, u, "# Share me & you", "en", at(-time.Hour))
	canon := "https%3A%2F%2Fpub.example.test%2Fpub%2F2000000000000001"
	tests := []struct {
		name      string
		buttons   string
		design    string
		wantOrder []string // substrings in this order
		notWant   []string
		noRegion  bool
	}{
		{"horizontal all, stored order ignored", `["hatena","line","facebook","x"]`, "", []string{
			`<a class="twitter-share-button share-link" href="https://twitter.com/intent/tweet?url=` + canon + `&amp;text=Share&#43;me&#43;%26&#43;you"`,
			`<iframe class="facebook-share" src="https://www.facebook.com/plugins/share_button.php?href=` + canon + `&amp;layout=button_count&amp;size=small&amp;width=102&amp;height=20" width="102"`,
			`<a class="share-link line" href="https://social-plugins.line.me/lineit/share?url=` + canon,
			`<a class="hatena-bookmark-button" href="https://b.hatena.ne.jp/entry/s/pub.example.test/pub/2000000000000001"`,
			`<span class="hatena-star"`,
			`<script defer src="/ui/`,
		}, nil, false},
		{"vertical compact links", `["x","facebook","line","hatena"]`, "vertical", []string{
			`data-widgets="0"`,
			`<a class="share-compact x" href="https://twitter.com/intent/tweet?url=` + canon,
			`<a class="share-compact facebook" href="https://www.facebook.com/sharer/sharer.php?u=` + canon,
			`<a class="share-compact line"`,
			`<span class="hatena"><a class="share-compact hatena-bookmark"`,
		}, []string{"twitter-share-button", "<iframe", "hatena-bookmark-button"}, false},
		{"unknown identifiers ignored", `["mastodon","line"]`, "", []string{`class="share-link line"`}, []string{"mastodon", "twitter-share", "intent/tweet", "facebook-share", "hatena-bookmark"}, false},
		{"only unknown means no region", `["mastodon"]`, "", nil, nil, true},
		{"none means no region", `[]`, "", nil, nil, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ext, err := stgypub.ParseExtensions(`{"shareButtons":` + tt.buttons + `}`)
			if err != nil {
				t.Fatal(err)
			}
			cfg := stgypub.DefaultPubConfig(u)
			cfg.Extensions = ext
			e.config(cfg)
			path := "/pub/" + p.String()
			if tt.design != "" {
				path += "?design=" + tt.design
			}
			body := e.get(path).Body.String()
			if tt.noRegion {
				if strings.Contains(body, `class="share`) || strings.Contains(body, "pub.js") {
					t.Error("share region rendered without a recognized service")
				}
				return
			}
			pos := 0
			for _, w := range tt.wantOrder {
				i := strings.Index(body[pos:], w)
				if i < 0 {
					t.Fatalf("missing or out of order: %s", w)
				}
				pos += i + len(w)
			}
			for _, w := range tt.notWant {
				if strings.Contains(body, w) {
					t.Errorf("page contains %s", w)
				}
			}
			if site := e.get("/sites/" + u.String()).Body.String(); strings.Contains(site, `class="share`) {
				t.Error("site page renders share buttons")
			}
		})
	}
}

func TestVerticalTheme(t *testing.T) {
	e := newEnv(t)
	u := e.user(0x1000000000000001, "alice", "Alice")
	p := e.post(0x2000000000000001, u, "# Go 1.26\n\nRelease notes ABC.", "ja", at(-time.Hour))
	tests := []struct {
		name, query, config string
		wantClass           string
		wantText, notText   string
	}{
		{"config vertical", "", "vertical", `class="theme-vertical vertical"`, "Ｒｅｌｅａｓｅ　ｎｏｔｅｓ　ＡＢＣ", "Release notes ABC"},
		{"override horizontal", "?design=dark", "vertical", `class="theme-dark"`, "Release notes ABC", "Ｒｅｌｅａｓｅ"},
		{"override vertical-dark", "?design=vertical-dark", "", `class="theme-vertical-dark vertical"`, "Ｒｅｌｅａｓｅ", "Release notes ABC."},
		{"unknown override uses config", "?design=neon", "newspaper", `class="theme-newspaper"`, "Release notes ABC", "Ｒｅｌｅａｓｅ"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg := stgypub.DefaultPubConfig(u)
			cfg.DesignTheme = tt.config
			e.config(cfg)
			for _, path := range []string{"/pub/" + p.String(), "/sites/" + u.String()} {
				body := e.get(path + tt.query).Body.String()
				if !strings.Contains(body, tt.wantClass) {
					t.Errorf("%s lacks %s", path, tt.wantClass)
				}
				article := body[strings.Index(body, "<main"):]
				if !strings.Contains(article, tt.wantText) {
					t.Errorf("%s body lacks %q", path, tt.wantText)
				}
				if strings.Contains(article, tt.notText) {
					t.Errorf("%s body contains %q", path, tt.notText)
				}
			}
		})
	}
}

func TestConditionalGet(t *testing.T) {
	e := newEnv(t)
	e.clk.Set(baseTime.Add(-2 * time.Hour)) // the site is made before the post's publication time
	u := e.user(0x1000000000000001, "alice", "Alice")
	p := e.post(0x2000000000000001, u, "# Cached", "en", at(-time.Hour))
	e.clk.Set(baseTime)
	for _, path := range []string{"/pub/" + p.String(), "/sites/" + u.String(), "/sites/" + u.String() + "/feed.atom"} {
		first := e.get(path)
		etag, lm := first.Header().Get("ETag"), first.Header().Get("Last-Modified")
		if first.Code != 200 || etag == "" || lm != "Sun, 01 Mar 2026 11:00:00 GMT" {
			t.Fatalf("%s: status %d, ETag %q, Last-Modified %q", path, first.Code, etag, lm)
		}
		tests := []struct {
			name       string
			hdr        []string
			wantStatus int
		}{
			{"matching etag", []string{"If-None-Match", etag}, 304},
			{"other etag", []string{"If-None-Match", `"0000"`}, 200},
			{"not modified since", []string{"If-Modified-Since", "Sun, 01 Mar 2026 11:00:00 GMT"}, 304},
			{"modified since", []string{"If-Modified-Since", "Sun, 01 Mar 2026 10:00:00 GMT"}, 200},
			{"etag wins over date", []string{"If-None-Match", `"0000"`, "If-Modified-Since", "Sun, 01 Mar 2026 11:00:00 GMT"}, 200},
		}
		for _, tt := range tests {
			t.Run(path+"/"+tt.name, func(t *testing.T) {
				rec := e.get(path, tt.hdr...)
				if rec.Code != tt.wantStatus {
					t.Fatalf("status = %d, want %d", rec.Code, tt.wantStatus)
				}
				if tt.wantStatus == 304 && rec.Body.Len() != 0 {
					t.Error("304 with a body")
				}
			})
		}
	}
	t.Run("304 still records the view", func(t *testing.T) {
		etag := e.get("/pub/" + p.String()).Header().Get("ETag")
		before := len(e.views.recorded())
		if rec := e.get("/pub/"+p.String(), "If-None-Match", etag); rec.Code != http.StatusNotModified {
			t.Fatalf("status = %d", rec.Code)
		}
		if got := len(e.views.recorded()) - before; got != 1 {
			t.Errorf("recorded %d views, want 1", got)
		}
	})
}

var sideRE = regexp.MustCompile(`(?s)<section class="(recent|popular)"[^>]*>(.*?)</section>`)

// sidebar returns the post IDs listed under Recent and Popular.
func sidebar(body string) map[string][]string {
	out := map[string][]string{}
	for _, m := range sideRE.FindAllStringSubmatch(body, -1) {
		out[m[1]] = []string{}
		for _, l := range regexp.MustCompile(`href="/pub/([0-9A-F]{16})"`).FindAllStringSubmatch(m[2], -1) {
			out[m[1]] = append(out[m[1]], l[1])
		}
	}
	return out
}

func TestSidebar(t *testing.T) {
	e := newEnv(t)
	u := e.user(0x1000000000000001, "alice", "Alice")
	var ids []stgypub.ID
	for i := range 25 {
		ids = append(ids, e.post(stgypub.ID(0x2000000000000100+i), u, "# P", "en", at(time.Duration(-100+i)*time.Minute)))
	}
	draft := e.post(0x2000000000000999, u, "# Draft", "en", nil)
	newest, current := ids[24], ids[10]
	e.views.ranking = []stgypub.RankingEntry{{ID: ids[3], PV: 9}, {ID: current, PV: 8}, {ID: draft, PV: 7}, {ID: ids[5], PV: 1}}
	e.views.counts = map[stgypub.ID]int64{current: 42}

	tests := []struct {
		name        string
		recent      int
		popular     int
		rankingErr  error
		wantRecent  int // -1: section absent
		wantPopular []string
		wantViews   string
	}{
		{"defaults", 5, 5, nil, 5, []string{ids[3].String(), ids[5].String()}, "42 views in the last 15 days"},
		{"clamped to 20", 1000, 1000, nil, 20, []string{ids[3].String(), ids[5].String()}, ""},
		{"hidden", 0, -1, nil, -1, nil, ""},
		{"ranking fails", 3, 3, errors.New("redis down"), 3, []string{}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg := stgypub.DefaultPubConfig(u)
			cfg.ShowSideRecent, cfg.ShowSidePopular = tt.recent, tt.popular
			e.config(cfg)
			e.views.rankingErr = tt.rankingErr
			rec := e.get("/pub/" + current.String())
			if rec.Code != 200 {
				t.Fatalf("status = %d", rec.Code)
			}
			side := sidebar(rec.Body.String())
			got, ok := side["recent"]
			if tt.wantRecent < 0 {
				if ok {
					t.Error("Recent shown while hidden")
				}
			} else if len(got) != tt.wantRecent || got[0] != newest.String() {
				t.Errorf("recent = %v, want %d starting with %s", got, tt.wantRecent, newest)
			}
			for _, id := range got {
				if id == current.String() {
					t.Error("Recent lists the current post")
				}
			}
			pop, ok := side["popular"]
			if tt.wantPopular == nil {
				if ok {
					t.Error("Popular shown while hidden")
				}
			} else if strings.Join(pop, ",") != strings.Join(tt.wantPopular, ",") {
				t.Errorf("popular = %v, want %v", pop, tt.wantPopular)
			}
			if tt.wantViews != "" && !strings.Contains(rec.Body.String(), tt.wantViews) {
				t.Errorf("page lacks %q", tt.wantViews)
			}
		})
	}
	t.Run("showViewCount false hides the line, true shows it", func(t *testing.T) {
		for _, tc := range []struct {
			ext  string
			want bool
		}{{`{"showViewCount":false}`, false}, {`{"showViewCount":true}`, true}, {`{"comments":{"mode":"open"}}`, true}} {
			cfg := stgypub.DefaultPubConfig(u)
			ext, err := stgypub.ParseExtensions(tc.ext)
			if err != nil {
				t.Fatal(err)
			}
			cfg.Extensions = ext
			e.config(cfg)
			body := e.get("/pub/" + current.String()).Body.String()
			if got := strings.Contains(body, "42 views in the last"); got != tc.want {
				t.Errorf("%s: view count line shown = %v, want %v", tc.ext, got, tc.want)
			}
		}
	})
	t.Run("view count failure hides the line", func(t *testing.T) {
		e.views.counts = nil
		// The cached page keeps the count it shows for ViewCountTTL (5
		// minutes): the next build finds the counter failing.
		e.clk.Add(5*time.Minute + time.Second)
		if body := e.get("/pub/" + current.String()).Body.String(); strings.Contains(body, "views in the last") {
			t.Error("view count shown although the counter failed")
		}
	})
}

func TestPrevNext(t *testing.T) {
	e := newEnv(t)
	u := e.user(0x1000000000000001, "alice", "Alice")
	same := at(-time.Hour)
	a := e.post(0x2000000000000001, u, "# First", "en", at(-2*time.Hour))
	b := e.post(0x2000000000000002, u, "# Second", "en", same)
	c := e.post(0x2000000000000003, u, "# Third", "en", same)
	e.post(0x2000000000000004, u, "# Draft", "en", nil)
	e.post(0x2000000000000005, u, "# Scheduled", "en", at(time.Hour))
	tests := []struct {
		name         string
		post         stgypub.ID
		pagination   bool
		older, newer string
	}{
		{"oldest", a, true, "", b.String()},
		{"middle tie broken by id", b, true, a.String(), c.String()},
		{"newest skips scheduled", c, true, b.String(), ""},
		{"pagination off", b, false, "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg := stgypub.DefaultPubConfig(u)
			cfg.ShowPagination = tt.pagination
			e.config(cfg)
			body := e.get("/pub/" + tt.post.String()).Body.String()
			checkPager(t, body, "older", tt.older)
			checkPager(t, body, "newer", tt.newer)
		})
	}
}

func checkPager(t *testing.T, body, class, wantID string) {
	t.Helper()
	m := regexp.MustCompile(`<a class="` + class + `"(?: dir="auto")? rel="[a-z]+" href="/pub/([0-9A-F]{16})">`).FindStringSubmatch(body)
	switch {
	case wantID == "" && m != nil:
		t.Errorf("unexpected %s link to %s", class, m[1])
	case wantID != "" && (m == nil || m[1] != wantID):
		t.Errorf("%s link = %v, want %s", class, m, wantID)
	}
}

func TestFeedAndSitemap(t *testing.T) {
	e := newEnv(t)
	u := e.user(0x1000000000000001, "alice", "Alice")
	pub := e.post(0x2000000000000001, u, "# Published <3", "en", at(-time.Hour))
	draft := e.post(0x2000000000000002, u, "# Draft", "en", nil)
	sched := e.post(0x2000000000000003, u, "# Later", "en", at(time.Hour))
	other := e.user(0x1000000000000002, "bob", "Bob")
	tests := []struct {
		name, path, ctype string
		want, notWant     []string
	}{
		{"feed", "/sites/" + u.String() + "/feed.atom", "application/atom+xml; charset=utf-8",
			[]string{`<id>` + baseURL + `/pub/` + pub.String() + `</id>`, `<title>Published &lt;3</title>`},
			[]string{draft.String(), sched.String()}},
		{"sitemap", "/sitemap.xml", "application/xml; charset=utf-8",
			[]string{`<loc>` + baseURL + `/pub/` + pub.String() + `</loc>`, `<loc>` + baseURL + `/sites/` + u.String() + `</loc>`, `<lastmod>2026-03-01T11:00:00Z</lastmod>`},
			[]string{draft.String(), sched.String(), other.String()}},
		{"robots", "/robots.txt", "text/plain; charset=utf-8", []string{"Sitemap: " + baseURL + "/sitemap.xml"}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec := e.get(tt.path, "Host", "evil.example")
			if rec.Code != 200 || rec.Header().Get("Content-Type") != tt.ctype {
				t.Fatalf("status %d, type %q", rec.Code, rec.Header().Get("Content-Type"))
			}
			for _, w := range tt.want {
				if !strings.Contains(rec.Body.String(), w) {
					t.Errorf("lacks %s", w)
				}
			}
			for _, w := range append(tt.notWant, "evil.example") {
				if strings.Contains(rec.Body.String(), w) {
					t.Errorf("contains %s", w)
				}
			}
		})
	}
	t.Run("scheduled appears when the clock moves", func(t *testing.T) {
		e.clk.Set(baseTime.Add(2 * time.Hour))
		defer e.clk.Set(baseTime)
		for _, path := range []string{"/sitemap.xml", "/sites/" + u.String() + "/feed.atom", "/sites/" + u.String()} {
			if !strings.Contains(e.get(path).Body.String(), sched.String()) {
				t.Errorf("%s does not list the now-published post", path)
			}
		}
	})
	t.Run("feed of unknown site", func(t *testing.T) {
		if rec := e.get("/sites/0000000000000077/feed.atom"); rec.Code != 404 {
			t.Errorf("status = %d", rec.Code)
		}
	})
}

func TestOperationalEndpoints(t *testing.T) {
	e := newEnv(t)
	ready := func(err error) http.Handler {
		return e.newServer(server.Deps{Ready: []server.ReadyCheck{{Name: "db", Check: func(context.Context) error { return err }}}})
	}
	e.get("/healthz") // something for /metrics to count
	tests := []struct {
		name       string
		handler    http.Handler
		path       string
		wantStatus int
		want       string
	}{
		{"healthz", e.srv, "/healthz", 200, "ok"},
		{"readyz ok", ready(nil), "/readyz", 200, "ready"},
		{"readyz failing", ready(errors.New("dial 10.0.0.1: refused")), "/readyz", 503, "not ready: db"},
		{"metrics on the admin handler", e.srv.AdminHandler(), "/metrics", 200, `stgypub_http_requests_total{method="GET",route="/healthz",status="200"}`},
		{"no metrics on the public routes", e.srv, "/metrics", 404, `content="noindex"`},
		{"pprof on the admin handler", e.srv.AdminHandler(), "/debug/pprof/", 200, "goroutine"},
		{"unknown route", e.srv, "/nope", 404, `content="noindex"`},
		{"post not allowed", e.srv, "/pub/2000000000000001", 405, "method not allowed"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			method := http.MethodGet
			if tt.wantStatus == 405 {
				method = http.MethodPost
			}
			rec := httptest.NewRecorder()
			tt.handler.ServeHTTP(rec, httptest.NewRequest(method, tt.path, nil))
			if rec.Code != tt.wantStatus || !strings.Contains(rec.Body.String(), tt.want) {
				t.Errorf("status %d body %q", rec.Code, rec.Body.String())
			}
			if strings.Contains(rec.Body.String(), "10.0.0.1") {
				t.Error("readiness error text leaked")
			}
			if rec.Header().Get("X-Request-ID") == "" && !strings.Contains(tt.name, "admin handler") {
				t.Error("no request ID")
			}
		})
	}
}
