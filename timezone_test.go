package stgypub_test

import (
	"testing"
	"time"

	"github.com/stgy/stgypub"
)

func TestDefaultTimeZone(t *testing.T) {
	for lang, want := range map[string]string{
		"ja": "Asia/Tokyo", "ja-JP": "Asia/Tokyo", "ko": "Asia/Seoul", "en-GB": "Europe/London",
		"zh-TW": "Asia/Taipei", "zh-Hant-TW": "Asia/Taipei", "pt-BR": "UTC", "en": "UTC", "en-US": "UTC",
		"ar": "UTC", "he": "Asia/Jerusalem", "": "UTC", "not a tag": "UTC", "fr-FR": "Europe/Paris",
	} {
		if got := stgypub.DefaultTimeZone(lang); got != want {
			t.Errorf("DefaultTimeZone(%q) = %q, want %q", lang, got, want)
		}
	}
}

// TestSiteLocation (issue 9 #9): a post published at 04:16 on 1 December
// Tokyo time is dated 1 December on a Japanese site and in a site set to
// Tokyo, 30 November in UTC and New York. The zone is the site's, not the
// page's: an English page of a Japanese site shows Tokyo dates too.
func TestSiteLocation(t *testing.T) {
	at := time.Date(2026, 11, 30, 19, 16, 0, 0, time.UTC) // 2026-12-01 04:16 JST
	cfg := stgypub.DefaultPubConfig(1)
	day := func(loc *time.Location) string { return at.In(loc).Format("2006-01-02") }
	for lang, want := range map[string]string{"ja": "2026-12-01", "ja-JP": "2026-12-01", "ko": "2026-12-01", "en": "2026-11-30", "": "2026-11-30", "en-NZ": "2026-12-01", "fr-FR": "2026-11-30"} {
		cfg.Language = lang
		if got := day(cfg.Location()); got != want {
			t.Errorf("site language %q: %s, want %s (%s)", lang, got, want, cfg.Location())
		}
	}
	cfg.Language = "en"
	cfg.Extensions, _ = stgypub.ParseExtensions(`{"timeZone":"Asia/Tokyo"}`)
	if got := day(cfg.Location()); got != "2026-12-01" || cfg.Location().String() != "Asia/Tokyo" {
		t.Errorf("English site set to Tokyo: %s", got)
	}
	cfg.Language = "ja"
	cfg.Extensions, _ = stgypub.ParseExtensions(`{"timeZone":"America/New_York"}`)
	if got := at.In(cfg.Location()).Format(time.RFC3339); got != "2026-11-30T14:16:00-05:00" {
		t.Errorf("Japanese site set to New York: %s", got)
	}
	cfg.Extensions, _ = stgypub.ParseExtensions(`{"timeZone":"Nowhere/Else"}`) // stored before validation
	if got := cfg.Location().String(); got != "Asia/Tokyo" {
		t.Errorf("unloadable stored zone: %s, want the default of ja", got)
	}
}
