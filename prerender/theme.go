package prerender

// Theme is a public-site design (docs/SPEC.md#public-pages): four horizontal
// themes and three vertical-writing ones. Vertical themes set writing-mode:
// vertical-rl in ui/themes.css and ask the markdown package for full-width
// text (markdown.Options{Vertical: true}).
type Theme struct {
	Name     string // CSS class suffix: body.theme-NAME
	Vertical bool
}

// Themes lists every theme in settings-UI order.
var Themes = []Theme{
	{Name: "default"},
	{Name: "newspaper"},
	{Name: "whiteboard"},
	{Name: "dark"},
	{Name: "vertical", Vertical: true},
	{Name: "vertical-newspaper", Vertical: true},
	{Name: "vertical-dark", Vertical: true},
}

// DefaultTheme is used when neither the query nor the config names a
// known theme.
var DefaultTheme = Themes[0]

// ThemeByName returns the named theme; ok is false for unknown names
// (including "").
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
