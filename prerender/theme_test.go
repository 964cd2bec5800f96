package prerender_test

import (
	"slices"
	"testing"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/prerender"
)

// TestThemesMatchDesignThemes: the renderer's table (what ?design= and
// the site page's links accept) and stgypub.DesignThemes (what settings
// accept) name the same themes, "" aside, so neither can drift.
func TestThemesMatchDesignThemes(t *testing.T) {
	var names []string
	for _, th := range prerender.Themes {
		names = append(names, th.Name)
		if got, ok := prerender.ThemeByName(th.Name); !ok || got != th {
			t.Errorf("ThemeByName(%q) = %v, %v", th.Name, got, ok)
		}
	}
	if want := slices.DeleteFunc(slices.Clone(stgypub.DesignThemes), func(s string) bool { return s == "" }); !slices.Equal(names, want) {
		t.Errorf("prerender.Themes = %v, stgypub.DesignThemes = %v", names, stgypub.DesignThemes)
	}
	for _, name := range []string{"", "junk", "Dark", "vertical-whiteboard"} {
		if _, ok := prerender.ThemeByName(name); ok != (stgypub.IsDesignTheme(name) && name != "") {
			t.Errorf("ThemeByName(%q) = %v disagrees with IsDesignTheme", name, ok)
		}
	}
}
