package stgypub_test

import (
	"strings"
	"testing"

	"github.com/stgy/stgypub"
)

// TestThemes: DesignThemes is "" and the names of Themes in order, every
// theme is found by its name, and the vertical-writing ones are the three
// "vertical" themes.
func TestThemes(t *testing.T) {
	var names, vertical []string
	for _, th := range stgypub.Themes {
		names = append(names, th.Name)
		if th.Vertical {
			vertical = append(vertical, th.Name)
		}
		if got, ok := stgypub.ThemeByName(th.Name); !ok || got != th {
			t.Errorf("ThemeByName(%q) = %v, %v", th.Name, got, ok)
		}
	}
	if got, want := strings.Join(stgypub.DesignThemes, ","), ","+strings.Join(names, ","); got != want {
		t.Errorf("DesignThemes = %q, want %q", got, want)
	}
	if got := strings.Join(vertical, ","); got != "vertical,vertical-newspaper,vertical-dark" {
		t.Errorf("vertical themes = %s", got)
	}
	if _, ok := stgypub.ThemeByName(""); ok {
		t.Error(`ThemeByName("") found a theme`)
	}
	if stgypub.DefaultTheme.Name != "default" || stgypub.DefaultTheme.Vertical {
		t.Errorf("DefaultTheme = %+v", stgypub.DefaultTheme)
	}
}

func TestChooseTheme(t *testing.T) {
	tests := []struct {
		name, override, configured, want string
	}{
		{"override wins", "dark", "newspaper", "dark"},
		{"unknown override uses config", "neon", "vertical", "vertical"},
		{"nothing known", "neon", "bogus", "default"},
		{"case matters", "Dark", "", "default"},
		{"empty", "", "", "default"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := stgypub.ChooseTheme(tt.override, tt.configured).Name; got != tt.want {
				t.Errorf("ChooseTheme(%q, %q) = %s, want %s", tt.override, tt.configured, got, tt.want)
			}
		})
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
