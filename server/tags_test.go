package server_test

import (
	"context"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/markdown"
)

// taggedPost creates a published post with tags.
func (e *env) taggedPost(id, owner stgypub.ID, md string, tags []string, pub *time.Time) stgypub.ID {
	e.t.Helper()
	tags, err := stgypub.NormalizeTags(tags)
	if err != nil {
		e.t.Fatal(err)
	}
	doc := markdown.Convert(md, markdown.Options{})
	p := &stgypub.Post{ID: id, OwnedBy: owner, Snippet: doc.Snippet, Content: md, PlainText: markdown.PlainText(md),
		AllowLikes: true, AllowReplies: true, Tags: tags, PublishedAt: pub}
	p.Derived = doc.Derived(p.PlainText)
	if err := e.st.Posts.CreatePost(context.Background(), p); err != nil {
		e.t.Fatal(err)
	}
	return p.ID
}

// TestTagPages (issue 21 #5): an article links its tags to their list
// pages; /sites/{id}?tag= lists the posts with the tag (case-insensitive,
// Japanese and spaces in URLs), with its own canonical URL and title,
// paged like the site list; unknown or malformed tags are 404; feeds carry
// <category> and JSON-LD keywords.
func TestTagPages(t *testing.T) {
	e := newEnv(t)
	u := e.user(0x1000000000000001, "alice", "Alice")
	site := "/sites/" + u.String()
	first := e.taggedPost(0x2000000000000001, u, "# Tagged\n\nText.", []string{"Go", "日本語", "Release Notes"}, at(-time.Hour))
	other := e.post(0x2000000000000002, u, "# Untagged\n\nText.", "en", at(-2*time.Hour))
	for i := range 25 {
		e.taggedPost(stgypub.ID(0x2000000000000100+i), u, "# Paged\n\nText.", []string{"paged"}, at(-time.Duration(3+i)*time.Hour))
	}
	article := e.get("/pub/" + first.String()).Body.String()
	jaURL := site + "?tag=" + url.QueryEscape("日本語")
	for _, want := range []string{
		`<li><a rel="tag" dir="auto" href="` + site + `?tag=Go">Go</a></li>`,
		`href="` + jaURL + `">日本語</a>`,
		`href="` + site + `?tag=Release%20Notes">Release Notes</a>`,
		`"keywords":"Go, 日本語, Release Notes"`,
	} {
		if !strings.Contains(article, want) {
			t.Errorf("article lacks %s", want)
		}
	}
	card := regexp.MustCompile(`class="card-title"[^>]*><a dir="auto" href="/pub/([0-9A-F]+)"`)
	listed := func(body string) []string {
		var out []string
		for _, m := range card.FindAllStringSubmatch(body, -1) {
			out = append(out, m[1])
		}
		return out
	}
	for _, path := range []string{jaURL, site + "?tag=" + url.QueryEscape(" 日本語 "), site + "?tag=GO", site + "?tag=release+notes", site + "?tag=RELEASE%20NOTES"} {
		rec := e.get(path)
		if rec.Code != 200 {
			t.Fatalf("%s: %d", path, rec.Code)
		}
		if got := listed(rec.Body.String()); len(got) != 1 || got[0] != first.String() {
			t.Errorf("%s lists %v, want only %s (not %s)", path, got, first, other)
		}
	}
	ja := e.get(jaURL).Body.String()
	for _, want := range []string{
		`<link rel="canonical" href="` + baseURL + jaURL + `">`,
		`<title>Posts tagged “日本語” – Alice</title>`,
		`<h1 class="page-heading">Posts tagged “日本語”</h1>`,
	} {
		if !strings.Contains(ja, want) {
			t.Errorf("tag page lacks %s", want)
		}
	}
	// Paged like the site list: 25 posts, 20 a page.
	p1, p2 := e.get(site+"?tag=paged"), e.get(site+"?tag=paged&page=2")
	if n1, n2 := len(listed(p1.Body.String())), len(listed(p2.Body.String())); n1 != 20 || n2 != 5 {
		t.Errorf("paged: %d and %d entries", n1, n2)
	}
	if !strings.Contains(p1.Body.String(), `href="`+site+`?page=2&amp;tag=paged"`) || !strings.Contains(p2.Body.String(), `<title>Posts tagged “paged” – Alice, page 2</title>`) {
		t.Errorf("tag paging links or title wrong")
	}
	if rec := e.get(site + "?tag=paged&page=02"); rec.Code != 301 || rec.Header().Get("Location") != site+"?page=2&tag=paged" {
		t.Errorf("respelled tag page: %d %s", rec.Code, rec.Header().Get("Location"))
	}
	for _, bad := range []string{"?tag=nothing", "?tag=" + strings.Repeat("x", 41), "?tag=%20", "?tag=paged&page=3"} {
		if rec := e.get(site + bad); rec.Code != 404 {
			t.Errorf("%s: %d, want 404", bad, rec.Code)
		}
	}
	feed := e.get(site + "/feed.atom").Body.String()
	for _, want := range []string{`<category term="日本語" label="日本語"></category>`, `<category term="Release Notes" label="Release Notes"></category>`} {
		if !strings.Contains(feed, want) {
			t.Errorf("feed lacks %s", want)
		}
	}
	for _, p := range validateAtom([]byte(feed), feedRules{self: baseURL + site + "/feed.atom", wantContent: true}) {
		t.Errorf("feed: %s", p)
	}
}
