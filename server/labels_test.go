package server_test

import (
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/stgy/stgypub"
)

// TestPageSpellingsRedirect (issue 21 #7): a page number spelled with a
// sign or leading zeros is the same page under another URL: it redirects
// (301) to the canonical spelling, keeping the other parameters (search
// results included); malformed numbers stay 404.
func TestPageSpellingsRedirect(t *testing.T) {
	e := newEnv(t)
	u := e.user(0x1000000000000001, "alice", "Alice")
	for i := range 25 {
		e.post(stgypub.ID(0x2000000000000001+i), u, "# Post about gophers\n\nText.", "en", at(-time.Duration(i+1)*time.Hour))
	}
	site := "/sites/" + u.String()
	cases := []struct{ query, location string }{
		{"?page=+2", site + "?page=2"},
		{"?page=02", site + "?page=2"},
		{"?page=0002&order=newest", site + "?order=newest&page=2"},
		{"?page=%202", site + "?page=2"},
		{"?page=01&view=plain", site + "?view=plain"},
		{"?order=oldest&page=%2B2", site + "?order=oldest&page=2"},
		{"?page=01", site},
		{"?q=gophers&page=+2", site + "?page=2&q=gophers"},
	}
	for _, c := range cases {
		rec := e.get(site + c.query)
		if rec.Code != 301 || rec.Header().Get("Location") != c.location {
			t.Errorf("%s: %d to %q, want 301 to %q", c.query, rec.Code, rec.Header().Get("Location"), c.location)
			continue
		}
		loc, _ := url.Parse(rec.Header().Get("Location"))
		if got := e.get(loc.RequestURI()); got.Code != 200 && !(strings.Contains(c.query, "q=") && got.Code == 404) {
			t.Errorf("%s: the canonical URL answers %d", c.query, got.Code)
		}
	}
	for _, q := range []string{"?page=2.0", "?page=2x", "?page=2+2", "?page=-2", "?page=+0", "?page=00", "?page=0x2"} {
		if rec := e.get(site + q); rec.Code != 404 {
			t.Errorf("%s: %d, want 404", q, rec.Code)
		}
	}
}

// TestJapaneseViewLabels (issue 21 #7): the view switch of a Japanese
// site is in Japanese (from the chrome's catalog), on lists and search.
func TestJapaneseViewLabels(t *testing.T) {
	e := newEnv(t)
	u := e.user(0x1000000000000001, "hanako", "花子")
	e.post(0x2000000000000001, u, "# 日本語の記事\n\nガベージコレクタの話です。", "ja", at(-time.Hour))
	for _, path := range []string{"/sites/" + u.String(), "/sites/" + u.String() + "?view=plain", "/sites/" + u.String() + "?q=" + url.QueryEscape("ガベージ")} {
		body := e.get(path).Body.String()
		for _, en := range []string{">Rich<", ">Plain<", ">KWIC<"} {
			if strings.Contains(body, en) {
				t.Errorf("%s: English label %s", path, en)
			}
		}
		for _, ja := range []string{">詳細<", ">一覧<"} {
			if !strings.Contains(body, ja) {
				t.Errorf("%s: no %s", path, ja)
			}
		}
		if strings.Contains(path, "q=") && !strings.Contains(body, ">文脈<") {
			t.Errorf("%s: no KWIC label 文脈", path)
		}
	}
}

// TestUntitledFallback (issue 21 #7): a post with no text to take a title
// from is titled by its date in the site's time zone, the same on the
// site list, the article's <title>, the feed and the home ranking.
func TestUntitledFallback(t *testing.T) {
	e := newEnv(t)
	u := e.user(0x1000000000000001, "hanako", "花子")
	// 2026-03-01T20:00Z is already 2026-03-02 in Tokyo (a Japanese site).
	pub := time.Date(2026, 3, 1, 20, 0, 0, 0, time.UTC)
	e.clk.Set(pub.Add(time.Hour))
	e.post(0x2000000000000002, u, "# 題名あり\n\n本文。", "ja", ptrTime(pub.Add(-time.Hour)))
	p := e.post(0x2000000000000001, u, "![](https://e.org/only-image.png)\n", "ja", &pub)
	const want = "2026-03-02"
	article := e.get("/pub/" + p.String()).Body.String()
	if !strings.Contains(article, "<title>"+want+"</title>") || !strings.Contains(article, `"headline":"`+want+`"`) {
		t.Errorf("article title is not %s:\n%.600s", want, article)
	}
	list := e.get("/sites/" + u.String()).Body.String()
	if !strings.Contains(list, `href="/pub/`+p.String()+`">`+want+`</a>`) {
		t.Errorf("site list does not title it %s", want)
	}
	feed := e.get("/sites/" + u.String() + "/feed.atom").Body.String()
	if !strings.Contains(feed, "<title>"+want+"</title>") {
		t.Errorf("feed entry is not titled %s", want)
	}
	if strings.Contains(article+list+feed, "花子 "+want) {
		t.Error("the old site-name-and-date title is still used")
	}
}
