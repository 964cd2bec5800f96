package stgypub

import (
	"testing"
)

func TestIsBlank(t *testing.T) {
	blank := []string{"", "   ", "\t\n", "\u3000", "\u00a0", "\u200b\u200b", "\u200d", "\u2060\ufeff",
		"\u2066\u2067\u2068\u2069", "\u202e", "\u200e\u200f", "\u034f", "\u3164", "\u115f", "\ufe0f", "\ufffe\uffff", "\u2800", " \u200b \u00ad "}
	for _, s := range blank {
		if !IsBlank(s) {
			t.Errorf("IsBlank(%q) = false", s)
		}
		if got := NormalizeSettingText(s); got != "" {
			t.Errorf("NormalizeSettingText(%q) = %q, want empty", s, got)
		}
	}
	visible := []string{"a", " a ", "\u200bx", "مرحبا", "日本", "e\u0301", "\ufffd", "-", "\u202eevil", "👍"}
	for _, s := range visible {
		if IsBlank(s) {
			t.Errorf("IsBlank(%q) = true", s)
		}
		if got := NormalizeSettingText(s); got != s {
			t.Errorf("NormalizeSettingText(%q) = %q, want it kept", s, got)
		}
	}
	if got := NormalizeSettingText("\ufeffName"); got != "Name" {
		t.Errorf("BOM: %q", got)
	}
}

func TestBlankSettingsFallBack(t *testing.T) {
	owner := &User{Nickname: "Gopher", Introduction: "Profile intro"}
	for _, s := range []string{"   ", "\u200b", "\u2060\ufeff", "\u3000\u200d"} {
		c := &PubConfig{SiteName: s, Subtitle: s, Author: s, Introduction: s}
		if got := c.DisplaySiteName(owner); got != "Gopher" {
			t.Errorf("DisplaySiteName with %q = %q", s, got)
		}
		if got := c.DisplayAuthor(owner); got != "Gopher" {
			t.Errorf("DisplayAuthor with %q = %q", s, got)
		}
		if got := c.DisplayAuthor(nil); got != "" {
			t.Errorf("DisplayAuthor(nil) with %q = %q", s, got)
		}
		if got := c.DisplayIntroduction(owner); got != "Profile intro" {
			t.Errorf("DisplayIntroduction with %q = %q", s, got)
		}
		c.NormalizeText()
		if c.SiteName != "" || c.Subtitle != "" || c.Author != "" || c.Introduction != "" {
			t.Errorf("NormalizeText with %q: %+v", s, c)
		}
	}
	c := &PubConfig{SiteName: "Blog", Author: "Ann"}
	if c.DisplaySiteName(owner) != "Blog" || c.DisplayAuthor(owner) != "Ann" {
		t.Errorf("set values: %q %q", c.DisplaySiteName(owner), c.DisplayAuthor(owner))
	}
}

// TestUnknownShareButtonsKept: identifiers the pages do not render are
// kept (the design's forward compatibility), only their syntax is checked.
func TestUnknownShareButtonsKept(t *testing.T) {
	for _, b := range []string{`["x","myspace"]`, `["mastodon_2"]`, `["twitter","line"]`} {
		e, err := ParseExtensions(`{"shareButtons":` + b + `}`)
		if err != nil {
			t.Fatalf("%s: %v", b, err)
		}
		if err := e.ValidateChange(Extensions{}); err != nil {
			t.Errorf("%s: %v, want kept", b, err)
		}
	}
	for _, b := range []string{`["x","x"]`, `["bad id"]`, `[""]`} {
		if _, err := ParseExtensions(`{"shareButtons":` + b + `}`); ErrorCode(err) != CodeBadUserInput {
			t.Errorf("%s: %v, want BAD_USER_INPUT", b, err)
		}
	}
}
