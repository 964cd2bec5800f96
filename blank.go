package stgypub

import (
	"unicode"
)

// IsBlank reports whether s shows nothing: it is empty or made only of
// white space, control and format characters (U+200B zero width space,
// U+200D ZWJ, U+2060 word joiner, U+FEFF, bidi marks and overrides),
// other default-ignorable code points (U+034F, Hangul fillers, variation
// selectors), and noncharacters (U+FFFE, U+FFFF …).
// It is the one rule for "this text setting is empty"
// (NormalizeSettingText).
func IsBlank(s string) bool {
	for _, r := range s {
		if !IsInvisible(r) {
			return false
		}
	}
	return true
}

// IsInvisible reports a character that draws nothing by itself: white
// space, control (Cc) and format (Cf: zero-width space and joiners,
// U+2060, U+FEFF, bidi controls, tags) characters, default-ignorable code
// points (variation selectors, U+034F, Hangul fillers), noncharacters and
// U+2800 BRAILLE PATTERN BLANK. It is the one invisibility rule: blank
// settings and nicknames (IsBlank) and comment text (package comment)
// use it.
func IsInvisible(r rune) bool {
	switch {
	case unicode.IsSpace(r),
		unicode.Is(unicode.Cc, r), unicode.Is(unicode.Cf, r),
		unicode.Is(unicode.Other_Default_Ignorable_Code_Point, r),
		unicode.Is(unicode.Variation_Selector, r),
		unicode.Is(unicode.Noncharacter_Code_Point, r):
		return true
	case r == 0x115F, r == 0x1160, r == 0x3164, r == 0xFFA0, // Hangul fillers
		r == 0x2800: // braille pattern blank
		return true
	}
	return false
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
