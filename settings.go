package stgypub

import (
	"time"
	"unicode/utf8"
)

// SidePostsMax clamps the sidebar's Recent posts and Popular entries counts
// when rendering (docs/SPEC.md#public-pages, Config.PUB_SIDE_POSTS_MAX).
// Stored values are never modified.
const SidePostsMax = 20

// PubConfig is one user's public-site settings, the user_pub_configs row
// (docs/SPEC.md#pub-config). DefaultPubConfig gives the values used when no
// row exists.
type PubConfig struct {
	UserID            ID
	SiteName          string // <= 50 characters
	Subtitle          string // <= 50 characters
	Author            string // <= 50 characters
	Introduction      string // <= 1000 characters
	DesignTheme       string // <= 50 characters; see themes.go
	ShowServiceHeader bool
	ShowSiteName      bool
	ShowPagination    bool
	ShowSideProfile   bool
	ShowSideRecent    int // <= 0 hides; clamped to SidePostsMax when rendering
	ShowSidePopular   int // <= 0 hides; clamped to SidePostsMax when rendering
	Extensions        Extensions
	// Language is the site's language: the locale of the owner's newest
	// published post that has one ("" when none). It is read with the
	// settings by the store and never stored (user_pub_configs has no
	// such column); the site's time zone defaults from it (Location), and
	// the site's list pages and feed are in it.
	Language string
	// Version moves forward on every settings write; 0 while the site has
	// no settings row (version.go). UpdatedAt is the last settings write,
	// nil when none was made since versions exist.
	Version   Version
	UpdatedAt *time.Time
}

// DefaultPubConfig returns the column defaults of user_pub_configs.
func DefaultPubConfig(userID ID) *PubConfig {
	return &PubConfig{
		UserID:            userID,
		ShowServiceHeader: true,
		ShowSiteName:      true,
		ShowPagination:    true,
		ShowSideProfile:   true,
		ShowSideRecent:    5,
		ShowSidePopular:   5,
		Extensions:        EmptyExtensions(),
	}
}

// SideRecent is the number of Recent posts to render: 0 when hidden, at
// most SidePostsMax.
func (c *PubConfig) SideRecent() int { return clampSide(c.ShowSideRecent) }

// SidePopular is the number of Popular entries to render: 0 when hidden,
// at most SidePostsMax.
func (c *PubConfig) SidePopular() int { return clampSide(c.ShowSidePopular) }

func clampSide(n int) int {
	if n <= 0 {
		return 0
	}
	return min(n, SidePostsMax)
}

// Validate checks the column limits (lengths in Unicode code points, valid
// UTF-8, no NUL) and returns BAD_USER_INPUT naming the first bad field.
// Extensions are validated when parsed (ParseExtensions).
func (c *PubConfig) Validate() error {
	fields := []struct {
		name  string
		value string
		max   int
	}{
		{"siteName", c.SiteName, 50},
		{"subtitle", c.Subtitle, 50},
		{"author", c.Author, 50},
		{"introduction", c.Introduction, 1000},
		{"designTheme", c.DesignTheme, 50},
	}
	for _, f := range fields {
		if err := CheckText(f.name, f.value, f.max); err != nil {
			return err
		}
	}
	const maxInt32 = 1<<31 - 1
	if c.ShowSideRecent > maxInt32 || c.ShowSideRecent < -maxInt32 ||
		c.ShowSidePopular > maxInt32 || c.ShowSidePopular < -maxInt32 {
		return FieldErrorf("showSideRecent", "showSideRecent and showSidePopular must fit in 32 bits")
	}
	return nil
}

// CheckText returns BAD_USER_INPUT (Error.Field = field) when s is not valid UTF-8, contains NUL
// or is longer than max Unicode code points.
func CheckText(field, s string, max int) error {
	if !utf8.ValidString(s) {
		return FieldErrorf(field, "%s is not valid UTF-8", field)
	}
	for i := 0; i < len(s); i++ {
		if s[i] == 0 {
			return FieldErrorf(field, "%s must not contain NUL", field)
		}
	}
	if n := utf8.RuneCountInString(s); n > max {
		return FieldErrorf(field, "%s is %d characters; the limit is %d", field, n, max)
	}
	return nil
}

// DisplayAuthor is the author name a site's public pages show: the Author
// setting, else the owner's nickname (owner may be nil: then "").
func (c *PubConfig) DisplayAuthor(owner *User) string {
	if !IsBlank(c.Author) {
		return c.Author
	}
	if owner == nil {
		return ""
	}
	return owner.Nickname
}

// DisplaySiteName is the site name the public pages show: the SiteName
// setting, else DisplayAuthor.
func (c *PubConfig) DisplaySiteName(owner *User) string {
	if !IsBlank(c.SiteName) {
		return c.SiteName
	}
	return c.DisplayAuthor(owner)
}

// DisplayIntroduction is the introduction a site's public pages show
// (the site page's header, the article page's profile): the Introduction
// setting, else the owner's profile introduction (owner may be nil: then
// the setting).
func (c *PubConfig) DisplayIntroduction(owner *User) string {
	if !IsBlank(c.Introduction) || owner == nil {
		return c.Introduction
	}
	return owner.Introduction
}

// NormalizeSettingText is a one-line or multi-line text setting (site
// name, subtitle, author, introduction) as stored: a leading byte-order
// mark dropped (StripBOM), and "" when what is left IsBlank, so the
// display fallbacks (DisplaySiteName, DisplayAuthor, DisplayIntroduction)
// apply instead of an invisible name. Other values are kept as given.
func NormalizeSettingText(s string) string {
	s = StripBOM(s)
	if IsBlank(s) {
		return ""
	}
	return s
}

// NormalizeText applies NormalizeSettingText to the text settings. Every
// path that stores settings calls it (owner.UpdatePubConfig, the store's
// UpdatePubConfig), so "   " or "\u200b" is stored as "".
func (c *PubConfig) NormalizeText() {
	for _, p := range []*string{&c.SiteName, &c.Subtitle, &c.Author, &c.Introduction} {
		*p = NormalizeSettingText(*p)
	}
}
