package stgypub_test

import (
	"strings"
	"testing"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/prerender"
)

// TestDesignThemesMatchRenderer: every theme the renderer supports can be
// chosen, and every name that can be chosen is rendered ("" falls back to
// prerender.DefaultTheme).
func TestDesignThemesMatchRenderer(t *testing.T) {
	var rendered []string
	for _, th := range prerender.Themes {
		rendered = append(rendered, th.Name)
	}
	if got, want := strings.Join(stgypub.DesignThemes[1:], ","), strings.Join(rendered, ","); got != want {
		t.Errorf("DesignThemes = %s, prerender.Themes = %s", got, want)
	}
	if stgypub.DesignThemes[0] != "" || prerender.ChooseTheme("", "") != prerender.DefaultTheme {
		t.Errorf("empty theme must mean the default")
	}
}

func TestIsDesignTheme(t *testing.T) {
	cases := []struct {
		in string
		ok bool
	}{
		{"", true},
		{"default", true},
		{"newspaper", true},
		{"whiteboard", true},
		{"dark", true},
		{"vertical", true},
		{"vertical-newspaper", true},
		{"vertical-dark", true},
		{"Dark", false},
		{" dark", false},
		{"light", false},
		{"vertical-whiteboard", false},
		{"<script>", false},
	}
	for _, c := range cases {
		t.Run(c.in, func(t *testing.T) {
			if got := stgypub.IsDesignTheme(c.in); got != c.ok {
				t.Errorf("IsDesignTheme(%q) = %v, want %v", c.in, got, c.ok)
			}
			err := stgypub.CheckDesignTheme(c.in)
			if c.ok != (err == nil) {
				t.Fatalf("CheckDesignTheme(%q) = %v", c.in, err)
			}
			if err != nil {
				if stgypub.ErrorCode(err) != stgypub.CodeBadUserInput {
					t.Errorf("code = %s", stgypub.ErrorCode(err))
				}
				msg := stgypub.ErrorMessage(err)
				for _, name := range stgypub.DesignThemes[1:] {
					if !strings.Contains(msg, name) {
						t.Errorf("message %q does not list %q", msg, name)
					}
				}
			}
		})
	}
}
