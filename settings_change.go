package stgypub

import (
	"regexp"
	"strings"
	"time"
	"unicode/utf8"
)

// Settings rules for changes an owner makes (docs/API.md
// "updatePubConfig"). They are stricter than what may already be stored:
// a stored value from before a rule existed is still read and rendered
// (clamped or ignored where it makes no sense) and may be sent back
// unchanged, but a new value must pass. Each failure is BAD_USER_INPUT
// with Error.Field naming the field; nothing is stored.

// measurementIDRE is a Google Analytics 4 Measurement ID ("G-" and
// upper-case letters and digits). Universal Analytics IDs ("UA-123-1")
// stopped collecting data in 2023 and gtag.js cannot use them here.
var measurementIDRE = regexp.MustCompile(`^G-[A-Z0-9]{4,20}$`)

// ValidateChange checks c, the settings about to be stored, against old,
// the stored ones: Validate's column limits, then for every field that
// differs from old: showSideRecent and showSidePopular 0 (hidden) to
// SidePostsMax, designTheme one of DesignThemes, no control characters
// but tab and line breaks in the text fields (none at all in one-line
// fields), and the extension rules of Extensions.ValidateChange.
func (c *PubConfig) ValidateChange(old *PubConfig) error {
	if err := c.Validate(); err != nil {
		return err
	}
	counts := []struct {
		field    string
		new, old int
	}{
		{"showSideRecent", c.ShowSideRecent, old.ShowSideRecent},
		{"showSidePopular", c.ShowSidePopular, old.ShowSidePopular},
	}
	for _, n := range counts {
		if n.new != n.old && (n.new < 0 || n.new > SidePostsMax) {
			return FieldErrorf(n.field, "%s must be from 0 (hidden) to %d; got %d", n.field, SidePostsMax, n.new)
		}
	}
	if c.DesignTheme != old.DesignTheme {
		if err := CheckDesignTheme(c.DesignTheme); err != nil {
			return err
		}
	}
	texts := []struct {
		field     string
		new, old  string
		multiline bool
	}{
		{"siteName", c.SiteName, old.SiteName, false},
		{"subtitle", c.Subtitle, old.Subtitle, false},
		{"author", c.Author, old.Author, false},
		{"introduction", c.Introduction, old.Introduction, true},
	}
	for _, t := range texts {
		if t.new != t.old {
			if err := checkControls(t.field, t.new, t.multiline); err != nil {
				return err
			}
		}
	}
	return c.Extensions.ValidateChange(old.Extensions)
}

// checkControls refuses C0/C1 control characters (and DEL); a multiline
// field may hold tabs and line breaks.
func checkControls(field, s string, multiline bool) error {
	for _, r := range s {
		if multiline && (r == '\t' || r == '\n' || r == '\r') {
			continue
		}
		if r < 0x20 || (r >= 0x7f && r < 0xa0) {
			return FieldErrorf(field, "%s must not contain control characters (U+%04X)", field, r)
		}
	}
	return nil
}

// ValidateChange checks the extension values that differ from old:
// analytics.googleAnalytics.measurementId is "" or a GA4 Measurement ID
// ("G-" then 4-20 upper-case letters or digits, e.g. G-XXXXXXXXXX), and
// timeZone is "" or an IANA time zone name the server knows
// (CheckTimeZone). Unknown shareButtons identifiers are kept and not
// rendered (docs/SPEC.md; the identifier syntax is checked on parse).
func (e Extensions) ValidateChange(old Extensions) error {
	if id := e.GAMeasurementID(); id != old.GAMeasurementID() && id != "" && !measurementIDRE.MatchString(id) {
		const f = "extensions.analytics.googleAnalytics.measurementId"
		return FieldErrorf(f, "%s must be a Google Analytics 4 Measurement ID such as G-XXXXXXXXXX (G- and 4-20 upper-case letters or digits); got %q", f, clip(id, 40))
	}
	if tz, ok := e.obj["timeZone"]; ok && !sameJSON(tz, old.obj["timeZone"]) {
		s, isString := tz.(string)
		if !isString {
			return FieldErrorf("extensions.timeZone", "extensions.timeZone must be a string: an IANA time zone name such as Asia/Tokyo")
		}
		return CheckTimeZone(s)
	}
	return nil
}

// sameJSON reports whether two decoded JSON values serialize alike.
func sameJSON(a, b any) bool {
	x, errA := compactJSON(a)
	y, errB := compactJSON(b)
	return errA == nil && errB == nil && x == y
}

// CheckTimeZone accepts "" (not set) and IANA time zone names such as
// "Asia/Tokyo", "America/New_York" or "UTC", exactly as the tz database
// spells them; "Local", abbreviations the database lacks and anything
// time.LoadLocation cannot load are BAD_USER_INPUT naming
// extensions.timeZone.
func CheckTimeZone(name string) error {
	if name == "" {
		return nil
	}
	if _, err := loadZone(name); err != nil {
		return FieldErrorf("extensions.timeZone", "extensions.timeZone must be an IANA time zone name such as Asia/Tokyo or UTC; got %q", clip(name, 40))
	}
	return nil
}

// loadZone loads an IANA zone, refusing "Local" (the server's own zone)
// and names that are not plain tz database names.
func loadZone(name string) (*time.Location, error) {
	if name == "Local" || len(name) > 64 || strings.ContainsAny(name, " \\") || strings.HasPrefix(name, "/") || strings.Contains(name, "..") {
		return nil, Errorf(CodeBadUserInput, "not a time zone name")
	}
	return time.LoadLocation(name)
}

// clip shortens an echoed value to n bytes on a rune boundary.
func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n] + "…"
}
