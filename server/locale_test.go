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
		if !strings.Contains(body, `<html lang="ar" dir="rtl">`) {
			t.Errorf("no rtl: %.200s", body)
		}
		site := e.get("/sites/" + u.String() + "?view=plain").Body.String()
		if !strings.Contains(site, `<a class="title" dir="auto" href="/pub/`+ar.String()+`">مرحبا بالعالم</a>`) {
			t.Error("list title without dir=auto")
		}
	})
}

// TestDatesInSiteZone (issue 9 #9): a post published at 04:16 on 1
// December Tokyo time is dated 1 December on a Japanese page, with the
// full time and offset in <time datetime>.
func TestDatesInSiteZone(t *testing.T) {
	e := newEnv(t)
	u := e.user(0x1000000000000001, "hanako", "花子")
	e.now = time.Date(2026, 12, 2, 0, 0, 0, 0, time.UTC)
	defer func() { e.now = baseTime }()
	at := time.Date(2026, 11, 30, 19, 16, 0, 0, time.UTC)
	p := e.post(0x2000000000000001, u, "# 記事\n\n本文", "ja", &at)
	body := e.get("/pub/" + p.String()).Body.String()
	if !strings.Contains(body, `<time datetime="2026-12-01T04:16:00&#43;09:00">2026-12-01</time>`) {
		t.Errorf("article date not in Tokyo time")
	}
	list := e.get("/sites/" + u.String()).Body.String()
	if !strings.Contains(list, `>2026-12-01</time>`) {
		t.Error("list date not in Tokyo time")
	}
	cfg := stgypub.DefaultPubConfig(u)
	cfg.Extensions, _ = stgypub.ParseExtensions(`{"timeZone":"UTC"}`)
	e.config(cfg)
	if body := e.get("/pub/" + p.String()).Body.String(); !strings.Contains(body, `<time datetime="2026-11-30T19:16:00Z">2026-11-30</time>`) {
		t.Error("the site's time zone setting is not used")
	}
}

// TestSearchFragments (issue 9 #13): KWIC fragments start and end on
// word boundaries and do not repeat the title.
func TestSearchFragments(t *testing.T) {
	e := newEnv(t)
	u := e.user(0x1000000000000001, "alice", "Alice")
	e.post(0x2000000000000001, u, "# Promise.all()\n\nPromise.all() takes an iterable of promises and returns a single Promise.", "en", at(-time.Hour))
	body := e.get("/sites/" + u.String() + "?q=iterable").Body.String()
	want := `<span class="fragment" dir="auto">…Promise.all() takes an <mark>iterable</mark> of promises and returns a single …</span>`
	if !strings.Contains(body, want) {
		i := strings.Index(body, `class="fragment"`)
		t.Errorf("fragment is not %s:\n%s", want, body[max(0, i-20):min(len(body), i+200)])
	}
	if strings.Contains(body, "…omise") || strings.Contains(body, "Promise.all() Promise.all()") {
		t.Error("fragment starts mid-word or repeats the title")
	}
}
