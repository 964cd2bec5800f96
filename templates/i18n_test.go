package templates

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/stgy/stgypub"
)

// TestCatalogsComplete: every catalog has every English message, with
// the same template fields.
func TestCatalogsComplete(t *testing.T) {
	read := func(lang string) map[string]any {
		b, err := localeFS.ReadFile("locales/" + lang + ".json")
		if err != nil {
			t.Fatal(err)
		}
		var m map[string]any
		if err := json.Unmarshal(b, &m); err != nil {
			t.Fatal(err)
		}
		return m
	}
	en := read("en")
	for _, tag := range ChromeLanguages[1:] {
		other := read(tag.String())
		for id := range en {
			if _, ok := other[id]; !ok {
				t.Errorf("%s lacks %s", tag, id)
			}
		}
		for id := range other {
			if _, ok := en[id]; !ok {
				t.Errorf("%s has %s, English does not", tag, id)
			}
		}
	}
}

// TestChromePlurals (issue 9 #7): counts read right in each language.
func TestChromePlurals(t *testing.T) {
	en, ja := TextFor("en-US"), TextFor("ja-JP")
	cases := []struct{ got, want string }{
		{en.N("ViewCount", 1), "1 view"},
		{en.N("ViewCount", 0), "0 views"},
		{en.N("ViewCount", int64(1234)), "1,234 views"},
		{en.T("ViewsInPeriod", "Views", en.N("ViewCount", 1), "Period", en.N("DayPeriod", 15)), "1 view in the last 15 days"},
		{en.T("ViewsInPeriod", "Views", en.N("ViewCount", 2), "Period", en.N("DayPeriod", 1)), "2 views in the last day"},
		{en.N("SearchResults", 1, "Query", "go"), "1 result for “go”"},
		{en.N("SearchResults", 3, "Query", "go"), "3 results for “go”"},
		{ja.N("ViewCount", 1), "1 回閲覧"},
		{ja.T("ViewsInPeriod", "Views", ja.N("ViewCount", 3), "Period", ja.N("DayPeriod", 15)), "直近15日間に3 回閲覧"},
		{ja.N("SearchResults", 2, "Query", "キャッシュ"), "「キャッシュ」の検索結果 2 件"},
		{ja.T("RecentPosts"), "最近の記事"},
		{ja.T("PopularEntries"), "人気記事"},
		{ja.T("Profile"), "プロフィール"},
		{ja.T("Search"), "検索"},
		{TextFor("fr").T("RecentPosts"), "Recent posts"}, // no French catalog: English
		{TextFor("").Lang(), "en"},
		{TextFor("not a tag").Lang(), "en"},
		{TextFor("ja").Lang(), "ja"},
	}
	for _, c := range cases {
		if c.got != c.want {
			t.Errorf("got %q, want %q", c.got, c.want)
		}
	}
}

func TestDirection(t *testing.T) {
	for lang, want := range map[string]string{
		"ar": "rtl", "ar-EG": "rtl", "he": "rtl", "fa": "rtl", "ur": "rtl", "yi": "rtl", "dv": "rtl", "ps": "rtl",
		"az-Arab": "rtl", "en": "ltr", "ja": "ltr", "az": "ltr", "": "ltr", "x": "ltr",
	} {
		if got := Direction(lang); got != want {
			t.Errorf("Direction(%q) = %q, want %q", lang, got, want)
		}
	}
}

// TestPageChromeLanguage: a Japanese page shows Japanese chrome, an
// Arabic one English chrome and right-to-left direction.
func TestPageChromeLanguage(t *testing.T) {
	r, err := New()
	if err != nil {
		t.Fatal(err)
	}
	render := func(lang string) string {
		var buf bytes.Buffer
		p := &PubPage{Page: Page{Meta: Meta{Lang: lang}, Theme: stgypub.DefaultTheme}, ShowViews: true, ViewCount: 1, ViewDays: 15,
			Sidebar: Sidebar{ShowRecent: true, ShowPopular: true, Profile: &Profile{Name: "n", URL: "/sites/1"}}}
		if err := r.Pub(&buf, p); err != nil {
			t.Fatal(err)
		}
		return buf.String()
	}
	ja := render("ja")
	for _, want := range []string{`<html lang="ja">`, "プロフィール", "最近の記事", "人気記事", "まだありません。", "直近15日間に1 回閲覧", "STGY Pub で公開"} {
		if !strings.Contains(ja, want) {
			t.Errorf("ja page lacks %q", want)
		}
	}
	for _, bad := range []string{"Profile", "Recent posts", "Popular entries", "views"} {
		if strings.Contains(ja, ">"+bad) {
			t.Errorf("ja page shows %q", bad)
		}
	}
	// An Arabic post gets the English chrome, written left to right; its
	// body alone is right to left (new-user report item 16).
	for lang, bodyDir := range map[string]string{"ar": "rtl", "he": "rtl", "fa-IR": "rtl", "en": "auto", "fr": "auto", "ja": "auto"} {
		page := render(lang)
		if !strings.Contains(page, `<html lang="`+lang+`">`) || strings.Contains(page, `<html lang="`+lang+`" dir=`) {
			t.Errorf("%s: page chrome not left to right:\n%.400s", lang, page)
		}
		if want := `<div class="article-body" lang="` + lang + `" dir="` + bodyDir + `">`; !strings.Contains(page, want) {
			t.Errorf("%s: lacks %s", lang, want)
		}
		if lang == "ar" && !strings.Contains(page, "1 view in the last 15 days") {
			t.Errorf("ar page:\n%.400s", page)
		}
	}
}
