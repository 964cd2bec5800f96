package templates

import (
	"embed"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"sync"

	"github.com/nicksnyder/go-i18n/v2/i18n"
	"golang.org/x/text/language"
)

// The page chrome (headings, labels, counts; not the posts) is translated
// through go-i18n message catalogs, one per language in locales/
// (docs/SPEC.md#languages). Plural forms follow CLDR:
// "1 view", "2 views"; Japanese has one form.

//go:embed locales/*.json
var localeFS embed.FS

// ChromeLanguages are the languages of the catalogs; the first is the
// fallback for pages in any other language.
var ChromeLanguages = []language.Tag{language.English, language.Japanese}

var (
	chromeMatcher = language.NewMatcher(ChromeLanguages)
	bundle        = sync.OnceValue(loadBundle)
	texts         sync.Map // chrome language string -> *Text
)

func loadBundle() *i18n.Bundle {
	b := i18n.NewBundle(language.English)
	b.RegisterUnmarshalFunc("json", json.Unmarshal)
	for _, t := range ChromeLanguages {
		name := "locales/" + t.String() + ".json"
		data, err := localeFS.ReadFile(name)
		if err != nil {
			panic("templates: " + err.Error()) // build-time data
		}
		if _, err := b.ParseMessageFileBytes(data, t.String()+".json"); err != nil {
			panic("templates: " + name + ": " + err.Error())
		}
	}
	return b
}

// Text is the page chrome in one catalog language. Its methods never
// fail: a missing message shows its ID (tests check every catalog has
// every English ID).
type Text struct {
	lang string
	loc  *i18n.Localizer
}

// TextFor returns the chrome for a page language (a BCP 47 tag such as
// "ja-JP"): the best matching catalog, English when none matches.
func TextFor(lang string) *Text {
	tag, _ := language.Parse(lang) // an unparsable tag matches English
	_, i, _ := chromeMatcher.Match(tag)
	key := ChromeLanguages[i].String()
	if t, ok := texts.Load(key); ok {
		return t.(*Text)
	}
	t := &Text{lang: key, loc: i18n.NewLocalizer(bundle(), key)}
	texts.Store(key, t)
	return t
}

// Lang is the catalog language ("en", "ja").
func (t *Text) Lang() string { return t.lang }

// T is message id with template data given as name, value pairs:
// T("SearchHeading", "Query", q).
func (t *Text) T(id string, pairs ...any) string {
	s, err := t.loc.Localize(&i18n.LocalizeConfig{MessageID: id, TemplateData: dataOf(pairs)})
	if err != nil {
		return id
	}
	return s
}

// N is the plural message id for count (any integer type; "Count" in its
// data, written with digit grouping: 1,234), with further name, value
// pairs.
func (t *Text) N(id string, count any, pairs ...any) string {
	var n int64
	switch c := count.(type) {
	case int:
		n = int64(c)
	case int32:
		n = int64(c)
	case int64:
		n = c
	}
	data := dataOf(pairs)
	data["Count"] = t.Number(n)
	s, err := t.loc.Localize(&i18n.LocalizeConfig{MessageID: id, PluralCount: n, TemplateData: data})
	if err != nil {
		return id
	}
	return s
}

// Number writes n with a comma every three digits (both catalogs' usage).
func (t *Text) Number(n int64) string {
	s := strconv.FormatInt(n, 10)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	if neg {
		return "-" + b.String()
	}
	return b.String()
}

func dataOf(pairs []any) map[string]any {
	m := make(map[string]any, len(pairs)/2+1)
	for i := 0; i+1 < len(pairs); i += 2 {
		m[fmt.Sprint(pairs[i])] = pairs[i+1]
	}
	return m
}

// rtlScripts are the scripts written right to left (ISO 15924).
var rtlScripts = map[string]bool{
	"Arab": true, "Hebr": true, "Thaa": true, "Syrc": true, "Nkoo": true,
	"Adlm": true, "Rohg": true, "Mand": true, "Samr": true, "Mend": true, "Yezi": true,
}

// ContentDirection is the dir attribute of a post's body in language
// lang: "rtl" for a right-to-left language, else "auto", so a post whose
// text is Arabic or Hebrew under another locale still reads right to left.
func ContentDirection(lang string) string {
	if Direction(lang) == "rtl" {
		return "rtl"
	}
	return "auto"
}

// Direction is the writing direction of a page language: "rtl" for
// languages whose (likely) script is written right to left (ar, fa, he,
// ur, ps, dv, yi, …, also "az-Arab"), else "ltr".
func Direction(lang string) string {
	tag, err := language.Parse(lang)
	if err != nil {
		return "ltr"
	}
	if s, _ := tag.Script(); rtlScripts[s.String()] {
		return "rtl"
	}
	return "ltr"
}
