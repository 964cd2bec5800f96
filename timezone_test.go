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
// Tokyo time is dated 1 December on a Japanese page and in a site set to
// Tokyo, 30 November in UTC and New York.
func TestSiteLocation(t *testing.T) {
	at := time.Date(2026, 11, 30, 19, 16, 0, 0, time.UTC) // 2026-12-01 04:16 JST
	cfg := stgypub.DefaultPubConfig(1)
	day := func(loc *time.Location) string { return at.In(loc).Format("2006-01-02") }
	if got := day(cfg.Location("ja")); got != "2026-12-01" {
		t.Errorf("ja default: %s", got)
	}
	if got := day(cfg.Location("en")); got != "2026-11-30" {
		t.Errorf("en default: %s", got)
	}
	cfg.Extensions, _ = stgypub.ParseExtensions(`{"timeZone":"Asia/Tokyo"}`)
	if got := day(cfg.Location("en")); got != "2026-12-01" || cfg.Location("en").String() != "Asia/Tokyo" {
		t.Errorf("site set to Tokyo, English page: %s", got)
	}
	cfg.Extensions, _ = stgypub.ParseExtensions(`{"timeZone":"America/New_York"}`)
	if got := at.In(cfg.Location("ja")).Format(time.RFC3339); got != "2026-11-30T14:16:00-05:00" {
		t.Errorf("New York: %s", got)
	}
	cfg.Extensions, _ = stgypub.ParseExtensions(`{"timeZone":"Nowhere/Else"}`) // stored before validation
	if got := cfg.Location("ja").String(); got != "Asia/Tokyo" {
		t.Errorf("unloadable stored zone: %s, want the default", got)
	}
}
