package stgypub

import (
	"testing"
)

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
