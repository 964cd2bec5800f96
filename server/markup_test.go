package server_test

import (
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/stgy/stgypub"
)

// TestListPageMarkup (issue 9 #10, #11): every list page is its own
// canonical URL with its own <title>, has exactly one <h1>, and links to
// articles by descriptive text, never a bare "Read more".
func TestListPageMarkup(t *testing.T) {
	e := newEnv(t)
	u := e.user(0x1000000000000001, "alice", "Alice")
	for i := range 25 {
		e.post(stgypub.ID(0x2000000000000001+i), u, fmt.Sprintf("# Post %d\n\nBody of post %d about go.\n\n| a | b |\n|---|---|\n| 1 | 2 |", i, i), "en", at(-time.Duration(30-i)*time.Hour))
	}
	site := "/sites/" + u.String()
	titles := map[string]string{}
	for _, c := range []struct{ path, canonical, title string }{
		{site, baseURL + site, "Alice"},
		{site + "?page=2", baseURL + site + "?page=2", "Alice, page 2"},
		{site + "?view=plain", baseURL + site + "?view=plain", "Alice (Plain)"},
		{site + "?order=oldest&page=2", baseURL + site + "?order=oldest&amp;page=2", "Alice (Oldest first), page 2"},
		{site + "?q=go", baseURL + site + "?q=go", "Search results for “go” – Alice"},
		{site + "?q=go&view=rich&page=2", baseURL + site + "?page=2&amp;q=go&amp;view=rich", "Search results for “go”, page 2 – Alice"},
	} {
		body := e.get(c.path).Body.String()
		if !strings.Contains(body, `<link rel="canonical" href="`+c.canonical+`">`) {
			t.Errorf("%s: canonical is not %s", c.path, c.canonical)
		}
		title := regexp.MustCompile(`<title>([^<]*)</title>`).FindStringSubmatch(body)
		if title == nil || title[1] != c.title {
			t.Errorf("%s: title %q, want %q", c.path, title, c.title)
		} else if other, dup := titles[title[1]]; dup {
			t.Errorf("%s and %s share the title %q", c.path, other, title[1])
		}
		titles[c.title] = c.path
		if n := strings.Count(body, "<h1"); n != 1 {
			t.Errorf("%s: %d <h1>", c.path, n)
		}
		for _, bad := range []string{">Read more<", ">Continue reading<", ">More<"} {
			if strings.Contains(body, bad) {
				t.Errorf("%s: a link reads only %s", c.path, bad)
			}
		}
	}
	rich := e.get(site + "?view=rich").Body.String()
	if !strings.Contains(rich, `Continue reading “Post 24”</a>`) || !strings.Contains(rich, "<table>") {
		t.Error("Rich entries lack descriptive links or their snippet table")
	}
}

// TestArticleMarkup (issue 9 #12): the share buttons are a labelled group,
// the site header is a landmark, and code blocks can take keyboard focus.
func TestArticleMarkup(t *testing.T) {
	e := newEnv(t)
	u := e.user(0x1000000000000001, "alice", "Alice")
	p := e.post(0x2000000000000001, u, "# Code\n\n```go\nfunc main() { println(\"a very long line that scrolls sideways in a narrow column\") }\n```\n", "en", at(-time.Hour))
	cfg := stgypub.DefaultPubConfig(u)
	cfg.Extensions, _ = stgypub.ParseExtensions(`{"shareButtons":["x","line"]}`)
	e.config(cfg)
	body := e.get("/pub/" + p.String()).Body.String()
	for _, want := range []string{`role="group" aria-label="Share"`, `<header class="page-header">`, `<pre tabindex="0">`, `<main class="main-column">`} {
		if !strings.Contains(body, want) {
			t.Errorf("article lacks %s", want)
		}
	}
	if regexp.MustCompile(`<div class="share"[^>]*aria-label`).MatchString(body) && !strings.Contains(body, `role="group"`) {
		t.Error("aria-label on a div without a role")
	}
}
