package server_test

import (
	"html"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"
)

var viewLinkRE = regexp.MustCompile(`<nav class="views-switch"[^>]*>([\s\S]*?)</nav>\n<nav class="order-switch"`)
var viewAnchorRE = regexp.MustCompile(`<a href="([^"]*)">([^<]*)</a>|<span class="current" aria-current="page">([^<]*)</span>`)

// TestSiteViewLinks: on search results every view-switch link selects its
// own view (KWIC, Rich, Plain are three distinct addresses) and keeps q,
// order and a recognized design; following each link shows that view.
func TestSiteViewLinks(t *testing.T) {
	e := newEnv(t)
	u := e.user(0x1000000000000001, "alice", "Alice")
	e.post(0x2000000000000001, u, "# Word\n\nA word here.", "en", at(-time.Hour))
	site := "/sites/" + u.String()
	wantList := map[string]string{"KWIC": `class="kwic-list"`, "Rich": `class="rich-list"`, "Plain": `class="plain-list"`}
	for _, start := range []string{"?q=word", "?q=word&view=rich", "?q=word&view=plain", "?q=word&view=kwic",
		"?q=word&view=plain&order=oldest&design=dark"} {
		t.Run(start, func(t *testing.T) {
			rec := e.get(site + start)
			if rec.Code != 200 {
				t.Fatalf("status = %d", rec.Code)
			}
			startQ, _ := url.ParseQuery(strings.TrimPrefix(start, "?"))
			m := viewLinkRE.FindStringSubmatch(rec.Body.String())
			if m == nil {
				t.Fatal("no view switch")
			}
			seen := map[string]string{}
			for _, a := range viewAnchorRE.FindAllStringSubmatch(m[1], -1) {
				if a[3] != "" {
					continue
				}
				href, label := html.UnescapeString(a[1]), a[2]
				for other, h := range seen {
					if h == href {
						t.Errorf("%s and %s both link to %s", other, label, href)
					}
				}
				seen[label] = href
				pu, err := url.Parse(href)
				if err != nil {
					t.Fatal(err)
				}
				q := pu.Query()
				for _, k := range []string{"q", "order", "design"} {
					if q.Get(k) != startQ.Get(k) {
						t.Errorf("%s link %s: %s = %q, want %q", label, href, k, q.Get(k), startQ.Get(k))
					}
				}
				next := e.get(href)
				body := next.Body.String()
				if !strings.Contains(body, wantList[label]) || !strings.Contains(body, `<span class="current" aria-current="page">`+label+`</span>`) {
					t.Errorf("%s link %s does not show the %s view", label, href, label)
				}
			}
			if len(seen) != 2 {
				t.Errorf("view links = %v, want two besides the current view", seen)
			}
		})
	}
}
