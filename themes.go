package stgypub

import "strings"

// Theme is a public-site design (docs/SPEC.md#public-pages): four
// horizontal themes and three vertical-writing ones. Vertical themes set
// writing-mode: vertical-rl in ui/themes.css and ask the markdown package
// for full-width text (markdown.Options{Vertical: true}).
type Theme struct {
	Name     string // CSS class suffix: body.theme-NAME; lower case
	Vertical bool
}

// Themes lists every theme, in settings-UI order: the one list of the
// themes that settings accept (DesignThemes), ?design= chooses
// (ThemeByName) and the renderer draws.
var Themes = []Theme{
	{Name: "default"},
	{Name: "newspaper"},
	{Name: "whiteboard"},
	{Name: "dark"},
	{Name: "vertical", Vertical: true},
	{Name: "vertical-newspaper", Vertical: true},
	{Name: "vertical-dark", Vertical: true},
}

// DefaultTheme is used when neither the query nor the settings name a
// known theme.
var DefaultTheme = Themes[0]

// ThemeByName returns the named theme (names are matched exactly); ok is
// false for unknown names, "" included.
func ThemeByName(name string) (t Theme, ok bool) {
	for _, t := range Themes {
		if t.Name == name {
			return t, true
		}
	}
	return Theme{}, false
}

// ChooseTheme picks the ?design= override when it names a theme, else the
// site's configured theme, else DefaultTheme.
func ChooseTheme(override, configured string) Theme {
	if t, ok := ThemeByName(override); ok {
		return t
	}
	if t, ok := ThemeByName(configured); ok {
		return t
	}
	return DefaultTheme
}

// DesignThemes lists the values PubConfig.DesignTheme may be set to: ""
// (the default theme) and the names of Themes, in their order.
var DesignThemes = designThemes()

func designThemes() []string {
	names := []string{""}
	for _, t := range Themes {
		names = append(names, t.Name)
	}
	return names
}

// IsDesignTheme reports whether s is one of DesignThemes.
func IsDesignTheme(s string) bool {
	_, ok := ThemeByName(s)
	return ok || s == ""
}

// CheckDesignTheme returns nil for a name in DesignThemes, else
// BAD_USER_INPUT listing the allowed names.
func CheckDesignTheme(s string) error {
	if IsDesignTheme(s) {
		return nil
	}
	return FieldErrorf("designTheme", "designTheme must be one of %s, or empty for the default", strings.Join(DesignThemes[1:], ", "))
}
