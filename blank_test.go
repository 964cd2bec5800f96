package stgypub

import (
	"strings"
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

func TestShareButtonsMustBeKnown(t *testing.T) {
	for _, tt := range []struct {
		buttons string
		ok      bool
	}{
		{`["x","facebook","line","hatena"]`, true},
		{`["hatena"]`, true},
		{`[]`, true},
		{`["x","myspace"]`, false},
		{`["X"]`, false},
		{`["mastodon_2"]`, false},
		{`["twitter"]`, false},
	} {
		e, err := ParseExtensions(`{"shareButtons":` + tt.buttons + `}`)
		if err != nil {
			t.Fatal(err)
		}
		err = e.ValidateChange(Extensions{})
		if tt.ok != (err == nil) {
			t.Errorf("%s: err = %v", tt.buttons, err)
			continue
		}
		if err != nil {
			if ErrorCode(err) != CodeBadUserInput || !strings.Contains(err.Error(), "x, facebook, line, hatena") {
				t.Errorf("%s: err = %v, want BAD_USER_INPUT listing the names", tt.buttons, err)
			}
		}
		// A stored list from before the rule may be sent back unchanged.
		if err := e.ValidateChange(e); err != nil {
			t.Errorf("%s unchanged: %v", tt.buttons, err)
		}
	}
}
