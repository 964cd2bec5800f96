package stgypub

import "strings"

// DesignThemes lists the values PubConfig.DesignTheme may be set to: "" (the
// default theme) and the names of the themes the renderer supports
// (prerender.Themes, docs/SPEC.md#public-pages): four horizontal themes and
// three vertical-writing ones. Names are matched exactly (lower case).
var DesignThemes = []string{"", "default", "newspaper", "whiteboard", "dark", "vertical", "vertical-newspaper", "vertical-dark"}

// IsDesignTheme reports whether s is one of DesignThemes.
func IsDesignTheme(s string) bool {
	for _, t := range DesignThemes {
		if s == t {
			return true
		}
	}
	return false
}

// CheckDesignTheme returns nil for a name in DesignThemes, else
// BAD_USER_INPUT listing the allowed names.
func CheckDesignTheme(s string) error {
	if IsDesignTheme(s) {
		return nil
	}
	return FieldErrorf("designTheme", "designTheme must be one of %s, or empty for the default", strings.Join(DesignThemes[1:], ", "))
}
