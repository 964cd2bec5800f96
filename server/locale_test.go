package server_test

import (
	"strings"
	"testing"
	"time"

	"github.com/stgy/stgypub"
)

// TestPageLanguage (issue 9 #7, #8, #9): the chrome follows the page's
// language with the right plural, the direction follows it too, list
// entries in another language say so, and dates follow the site's zone.
func TestPageLanguage(t *testing.T) {
	e := newEnv(t)
	e.views.counts = map[stgypub.ID]int64{}
	u := e.user(0x1000000000000001, "alice", "Alice")
	ja := e.post(0x2000000000000001, u, "# 日本語の記事\n\n本文です。", "ja", at(-5*time.Hour))
	ar := e.post(0x2000000000000002, u, "# مرحبا بالعالم\n\nنص عربي.", "ar", at(-4*time.Hour))
	en := e.post(0x2000000000000003, u, "# English post\n\nText.", "en", at(-3*time.Hour))
	e.views.counts[en] = 1
	e.views.counts[ja] = 2
	t.Run("English page, one view", func(t *testing.T) {
		body := e.get("/pub/" + en.String()).Body.String()
		for _, want := range []string{`<html lang="en">`, "1 view in the last 15 days", ">Recent posts<", ">Popular entries<", ">Profile<"} {
			if !strings.Contains(body, want) {
				t.Errorf("lacks %q", want)
			}
		}
		if strings.Contains(body, "1 views") {
			t.Error(`says "1 views"`)
		}
		// The Japanese and Arabic entries of the sidebar carry their language.
		if !strings.Contains(body, `lang="ja"`) && !strings.Contains(body, `dir="auto"`) {
			t.Error("list entries carry no language or direction")
		}
	})
	t.Run("Japanese page", func(t *testing.T) {
		body := e.get("/pub/" + ja.String()).Body.String()
		for _, want := range []string{`<html lang="ja">`, "直近15日間に2 回閲覧", ">プロフィール<", ">最近の記事<", ">人気記事<", "STGY Pub で公開"} {
			if !strings.Contains(body, want) {
				t.Errorf("lacks %q", want)
			}
		}
		for _, bad := range []string{">Recent posts<", ">Popular entries<", ">Profile<", " views"} {
			if strings.Contains(body, bad) {
				t.Errorf("shows %q", bad)
			}
		}
	})
	t.Run("Arabic page is right to left", func(t *testing.T) {
		body := e.get("/pub/" + ar.String()).Body.String()
		// The English chrome stays left to right; the article's body and
		// title are right to left (new-user report item 16).
		if !strings.Contains(body, `<html lang="ar">`) || strings.Contains(body, `<html lang="ar" dir="rtl">`) {
			t.Errorf("page chrome flipped: %.200s", body)
		}
		if !strings.Contains(body, `<div class="article-body" lang="ar" dir="rtl">`) {
			t.Errorf("article body not rtl")
		}
		if en := e.get("/pub/" + en.String()).Body.String(); !strings.Contains(en, `<div class="article-body" lang="en" dir="auto">`) || strings.Contains(en, `dir="rtl"`) {
			t.Errorf("English article: no dir=auto body or an rtl element")
		}
		site := e.get("/sites/" + u.String() + "?view=plain").Body.String()
		if !strings.Contains(site, `<a class="title" dir="auto" href="/pub/`+ar.String()+`">مرحبا بالعالم</a>`) {
			t.Error("list title without dir=auto")
		}
	})
}

// TestDatesInSiteZone (issue 9 #9): a site has one time zone, used for
// every date a reader sees of it whatever the page's language: the
// owner's setting, else the default of the site's language (its newest
// published post's). On a Japanese site, posts published at 04:16 and
// 05:00 on 1 December Tokyo time (19:16 and 20:00 UTC on 30 November),
// one of them in English, are dated 1 December with +09:00 on their
// pages, the other article's sidebar, the list views, search, the feed,
// the sitemap and the home page; set to New York, everything says 30
// November with -05:00.
func TestDatesInSiteZone(t *testing.T) {
	e := newEnv(t)
	u := e.user(0x1000000000000001, "hanako", "花子")
	e.clk.Set(time.Date(2026, 12, 2, 0, 0, 0, 0, time.UTC))
	defer e.clk.Set(baseTime)
	enAt := time.Date(2026, 11, 30, 19, 16, 0, 0, time.UTC)
	jaAt := time.Date(2026, 11, 30, 20, 0, 0, 0, time.UTC)
	en := e.post(0x2000000000000001, u, "# English post\n\nText about zones.", "en", &enAt)
	ja := e.post(0x2000000000000002, u, "# 記事\n\n本文 zones", "ja", &jaAt)
	site := "/sites/" + u.String()
	check := func(t *testing.T, day, enISO, jaISO string) {
		t.Helper()
		for _, c := range []struct{ path, want string }{
			{"/pub/" + en.String(), `<time datetime="` + enISO + `">` + day + `</time>`},
			{"/pub/" + en.String(), `content="` + enISO + `"`}, // article:published_time
			{"/pub/" + en.String(), `"datePublished":"` + strings.ReplaceAll(enISO, "&#43;", "+") + `"`},
			{"/pub/" + en.String(), `datetime="` + jaISO + `">` + day + `</time>`}, // sidebar
			{"/pub/" + ja.String(), `<time datetime="` + jaISO + `">` + day + `</time>`},
			{"/pub/" + ja.String(), `datetime="` + enISO + `">` + day + `</time>`},
			{site, `datetime="` + enISO + `">` + day + `</time>`},
			{site + "?view=plain", `datetime="` + enISO + `">` + day + `</time>`},
			{site + "?view=rich&order=oldest", `datetime="` + enISO + `">` + day + `</time>`},
			{site + "?q=zones", `datetime="` + enISO + `">` + day + `</time>`},
			{site + "/feed.atom", "<published>" + strings.ReplaceAll(enISO, "&#43;", "+") + "</published>"},
			{site + "/feed.atom", "<updated>" + strings.ReplaceAll(jaISO, "&#43;", "+") + "</updated>"},
			{"/sitemap.xml", "<lastmod>" + strings.ReplaceAll(enISO, "&#43;", "+") + "</lastmod>"},
			{"/", `datetime="` + jaISO + `">` + day + `</time>`},
		} {
			if body := e.get(c.path).Body.String(); !strings.Contains(body, c.want) {
				t.Errorf("%s lacks %s", c.path, c.want)
			}
		}
	}
	t.Run("default of the site's language", func(t *testing.T) {
		check(t, "2026-12-01", "2026-12-01T04:16:00&#43;09:00", "2026-12-01T05:00:00&#43;09:00")
		// One language for every list page too: the site's, not the
		// language of the post a page happens to list first.
		if body := e.get(site + "?order=oldest").Body.String(); !strings.Contains(body, `<html lang="ja">`) {
			t.Error("oldest-first list not in the site's language")
		}
	})
	t.Run("the owner's setting", func(t *testing.T) {
		cfg := stgypub.DefaultPubConfig(u)
		cfg.Extensions, _ = stgypub.ParseExtensions(`{"timeZone":"America/New_York"}`)
		e.config(cfg)
		check(t, "2026-11-30", "2026-11-30T14:16:00-05:00", "2026-11-30T15:00:00-05:00")
	})
	t.Run("an English site", func(t *testing.T) {
		v := e.user(0x1000000000000002, "alice", "Alice")
		p := e.post(0x2000000000000003, v, "# Post\n\nText", "en", &enAt)
		if body := e.get("/pub/" + p.String()).Body.String(); !strings.Contains(body, `<time datetime="2026-11-30T19:16:00Z">2026-11-30</time>`) {
			t.Error("English site not in UTC")
		}
	})
}

// TestSearchFragments (issue 9 #13): KWIC fragments start and end on
// word boundaries, do not repeat the title, and show an ellipsis only
// where the text was cut, without the punctuation or space at the cut.
func TestSearchFragments(t *testing.T) {
	e := newEnv(t)
	u := e.user(0x1000000000000001, "alice", "Alice")
	e.post(0x2000000000000001, u, "# Promise.all()\n\nPromise.all() takes an iterable of promises and returns a single Promise, resolved when all of them are.", "en", at(-2*time.Hour))
	e.post(0x2000000000000002, u, "# API\n\nIt was supercalifragilisticexpialidociousness. While we initially prioritized the web interface, the need for programmatic access grew.", "en", at(-time.Hour))
	for q, want := range map[string]string{
		// The context starts at the text's start (after the title): no ellipsis there.
		"iterable": `<span class="fragment" dir="auto">Promise.all() takes an <mark>iterable</mark> of promises and returns a single…</span>`,
		// Cut inside the long word, so at ". While": the full stop and space are dropped.
		"initially": `<span class="fragment" dir="auto">…While we <mark>initially</mark> prioritized the web interface, the need…</span>`,
		// The match at the end of the text: no ellipsis after it.
		"grew": `<span class="fragment" dir="auto">…the need for programmatic access <mark>grew</mark>.</span>`,
	} {
		body := e.get("/sites/" + u.String() + "?q=" + q).Body.String()
		if !strings.Contains(body, want) {
			i := strings.Index(body, `class="fragment"`)
			t.Errorf("%s: fragment is not %s:\n%s", q, want, body[max(0, i-20):min(len(body), i+200)])
		}
		if strings.Contains(body, "…omise") || strings.Contains(body, "Promise.all() Promise.all()") || strings.Contains(body, "…. ") || strings.Contains(body, " …") {
			t.Errorf("%s: fragment starts mid-word, repeats the title or keeps the cut's punctuation", q)
		}
	}
}
