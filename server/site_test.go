package server_test

import (
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/stgy/stgypub"
)

var cardLinkRE = regexp.MustCompile(`<h2 class="card-title"(?: lang="[^"]*")?><a dir="auto" href="/pub/([0-9A-F]{16})">`)

// listedIDs returns the post IDs of a Rich list in page order.
func listedIDs(body string) []string {
	var out []string
	for _, m := range cardLinkRE.FindAllStringSubmatch(body, -1) {
		out = append(out, m[1])
	}
	return out
}

func TestSiteOrderingAndPagination(t *testing.T) {
	e := newEnv(t)
	u := e.user(0x1000000000000001, "alice", "Alice")
	same := at(-time.Hour)
	// Three posts share a publication time: ID breaks the tie.
	a := e.post(0x2000000000000001, u, "# A", "en", same)
	b := e.post(0x2000000000000003, u, "# B", "en", same)
	c := e.post(0x2000000000000002, u, "# C", "en", same)
	old := e.post(0x2000000000000009, u, "# Old", "en", at(-48*time.Hour))
	e.post(0x200000000000000A, u, "# Draft", "en", nil)
	e.post(0x200000000000000B, u, "# Scheduled", "en", at(time.Hour))
	site := "/sites/" + u.String()
	ids := func(ps ...stgypub.ID) string {
		var s []string
		for _, p := range ps {
			s = append(s, p.String())
		}
		return strings.Join(s, ",")
	}
	tests := []struct {
		name       string
		query      string
		wantStatus int
		wantIDs    string
		wantBody   string
	}{
		{"newest", "", 200, ids(b, c, a, old), ""},
		{"oldest", "?order=oldest", 200, ids(old, a, c, b), ""},
		{"unknown order falls back", "?order=sideways", 200, ids(b, c, a, old), ""},
		{"page one explicit", "?page=1", 200, ids(b, c, a, old), ""},
		{"page past end", "?page=2", 404, "", "this site has no page 2"},
		{"page zero", "?page=0", 404, "", "page must be a whole number"},
		{"page negative", "?page=-3", 404, "", "page must be a whole number"},
		{"page not a number", "?page=abc", 404, "", "page must be a whole number"},
		{"page huge", "?page=99999999999999999999", 404, "", "page must be a whole number"},
		{"page max", "?page=1000000", 404, "", "this site has no page 1000000"},
		{"unknown view falls back to rich", "?view=fancy", 200, ids(b, c, a, old), ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec := e.get(site + tt.query)
			if rec.Code != tt.wantStatus {
				t.Fatalf("status = %d, want %d\n%s", rec.Code, tt.wantStatus, rec.Body.String())
			}
			body := rec.Body.String()
			if tt.wantStatus == 200 {
				if got := strings.Join(listedIDs(body), ","); got != tt.wantIDs {
					t.Errorf("listed %s, want %s", got, tt.wantIDs)
				}
				if strings.Contains(body, "Draft") || strings.Contains(body, "Scheduled") {
					t.Error("site lists an unpublished or scheduled post")
				}
				return
			}
			if !strings.Contains(body, tt.wantBody) || !strings.Contains(body, `content="noindex"`) {
				t.Errorf("body lacks %q or noindex:\n%s", tt.wantBody, body)
			}
		})
	}
	t.Run("unknown site", func(t *testing.T) {
		if rec := e.get("/sites/0000000000000042"); rec.Code != 404 {
			t.Fatalf("status = %d", rec.Code)
		}
		if rec := e.get("/sites/nothex"); rec.Code != 404 {
			t.Fatalf("status = %d", rec.Code)
		}
	})
}

func TestSitePagingLinks(t *testing.T) {
	e := newEnv(t)
	u := e.user(0x1000000000000001, "alice", "Alice")
	for i := range 45 {
		e.post(stgypub.ID(0x2000000000000100+i), u, fmt.Sprintf("# Post %d\n\nBody %d.", i, i), "en", at(time.Duration(-100+i)*time.Minute))
	}
	site := "/sites/" + u.String()
	tests := []struct {
		name          string
		query         string
		wantCount     int
		wantNewer     string // "" means no link
		wantOlder     string
		wantFirstPost string
	}{
		{"rich page 1", "", 20, "", site + "?page=2", "Post 44"},
		{"rich page 2", "?page=2", 20, site, site + "?page=3", "Post 24"},
		{"rich page 3", "?page=3", 5, site + "?page=2", "", "Post 4"},
		{"oldest page 1", "?order=oldest", 20, site + "?order=oldest&amp;page=2", "", "Post 0"},
		{"oldest page 2", "?order=oldest&page=2", 20, site + "?page=3&amp;order=oldest", site + "?order=oldest", "Post 20"},
		{"plain holds 200", "?view=plain", 45, "", "", "Post 44"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec := e.get(site + tt.query)
			if rec.Code != 200 {
				t.Fatalf("status = %d", rec.Code)
			}
			body := rec.Body.String()
			n := strings.Count(body, "<article>") + strings.Count(body, `<a class="title" dir="auto" href="/pub/`)
			if n != tt.wantCount {
				t.Errorf("listed %d posts, want %d", n, tt.wantCount)
			}
			checkLink(t, body, "newer", tt.wantNewer)
			checkLink(t, body, "older", tt.wantOlder)
			if i := strings.Index(body, "Post "); i < 0 || !strings.HasPrefix(body[i:], tt.wantFirstPost+"<") {
				t.Errorf("first post is not %q", tt.wantFirstPost)
			}
		})
	}
}

// checkLink asserts the pager link of the given class, ignoring query
// parameter order.
func checkLink(t *testing.T, body, class, want string) {
	t.Helper()
	re := regexp.MustCompile(`<a class="` + class + `" rel="[a-z]+" href="([^"]*)">`)
	m := re.FindStringSubmatch(body)
	if want == "" {
		if m != nil {
			t.Errorf("unexpected %s link %s", class, m[1])
		}
		return
	}
	if m == nil {
		t.Errorf("no %s link, want %s", class, want)
		return
	}
	if sortQuery(m[1]) != sortQuery(want) {
		t.Errorf("%s link = %s, want %s", class, m[1], want)
	}
}

func sortQuery(u string) string {
	path, q, _ := strings.Cut(u, "?")
	parts := strings.Split(q, "&amp;")
	for i := range parts {
		for j := i + 1; j < len(parts); j++ {
			if parts[j] < parts[i] {
				parts[i], parts[j] = parts[j], parts[i]
			}
		}
	}
	return path + "?" + strings.Join(parts, "&")
}

func TestSiteSearch(t *testing.T) {
	e := newEnv(t)
	u := e.user(0x1000000000000001, "hanako", "花子")
	e.post(0x2000000000000001, u, "# 東京の旅\n\n東京タワーに登りました。夜景がきれいでした。", "ja", at(-2*time.Hour))
	e.post(0x2000000000000002, u, "# 京都\n\n京都で<お寺>を見ました & more.", "ja", at(-time.Hour))
	e.post(0x2000000000000003, u, "# 東京の下書き\n\n東京 draft", "ja", nil)
	site := "/sites/" + u.String()
	tests := []struct {
		name      string
		query     string
		wantCount string
		want      []string
		notWant   []string
	}{
		// Japanese posts: a Japanese page, Japanese chrome.
		{"japanese kwic", "?q=" + "東京", "「東京」の検索結果 1 件", []string{`<mark>東京</mark>タワー`, `class="kwic-list"`}, []string{"下書き"}},
		{"escaped match context", "?q=" + "お寺", "「お寺」の検索結果 1 件", []string{`&lt;<mark>お寺</mark>&gt;`}, []string{"<お寺>"}},
		{"switch to plain", "?q=%E4%BA%AC%E9%83%BD&view=plain", "「京都」の検索結果 1 件", []string{`class="plain-list"`, `<span class="current" aria-current="page">一覧</span>`}, nil},
		{"switch to rich", "?q=%E4%BA%AC%E9%83%BD&view=rich", "「京都」の検索結果 1 件", []string{`class="rich-list"`}, nil},
		// No result: still the site's language (its newest post's), not the default.
		{"no match", "?q=zzz", "「zzz」の検索結果 0 件", []string{"検索に一致する記事はありません。", `<html lang="ja">`}, nil},
		{"html in query is escaped", "?q=%3Cscript%3E", "「&lt;script&gt;」の検索結果 0 件", []string{"&lt;script&gt;"}, []string{"<script>alert", `value="<script>`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec := e.get(site + tt.query)
			if rec.Code != 200 {
				t.Fatalf("status = %d\n%s", rec.Code, rec.Body.String())
			}
			body := rec.Body.String()
			if !strings.Contains(body, tt.wantCount) {
				t.Errorf("body lacks %q", tt.wantCount)
			}
			for _, w := range tt.want {
				if !strings.Contains(body, w) {
					t.Errorf("body lacks %q", w)
				}
			}
			for _, w := range tt.notWant {
				if strings.Contains(body, w) {
					t.Errorf("body contains %q", w)
				}
			}
		})
	}
	t.Run("query too long", func(t *testing.T) {
		rec := e.get(site + "?q=" + strings.Repeat("a", 201))
		if rec.Code != 400 || !strings.Contains(rec.Body.String(), "the limit is 200") {
			t.Fatalf("status = %d\n%s", rec.Code, rec.Body.String())
		}
	})
}
