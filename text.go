package stgypub

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/rivo/uniseg"
)

// Every length limit of the service counts Unicode code points, and every
// cut keeps grapheme clusters whole (docs/SPEC.md#text-limits).

// Truncate cuts s to at most n code points without splitting a grapheme
// cluster (cut before it). Clusters follow Unicode UAX #29 as implemented by
// rivo/uniseg, so a ZWJ family emoji, a flag or a letter with combining
// marks is kept whole or dropped whole. Invalid UTF-8 bytes are replaced by
// U+FFFD first, so the result is always valid UTF-8. n <= 0 gives "".
func Truncate(s string, n int) string {
	if n <= 0 {
		return ""
	}
	if !utf8.ValidString(s) {
		s = strings.ToValidUTF8(s, "\uFFFD")
	}
	if len(s) <= n || utf8.RuneCountInString(s) <= n {
		return s
	}
	return s[:cutIndex(s, n)]
}

// TruncateEllipsis cuts s like Truncate and, only when something was cut,
// ends the result with "…" (trailing white space before it removed) while
// staying within n code points.
func TruncateEllipsis(s string, n int) string {
	t := Truncate(s, n)
	if len(t) == len(s) || n <= 0 {
		return t
	}
	return strings.TrimRightFunc(Truncate(t, n-1), unicode.IsSpace) + "…"
}

// CollapseSpace replaces every run of Unicode white space with one ASCII
// space and trims both ends. Invalid UTF-8 becomes U+FFFD.
func CollapseSpace(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	space := false
	for _, r := range s {
		if unicode.IsSpace(r) {
			space = true
			continue
		}
		if space && b.Len() > 0 {
			b.WriteByte(' ')
		}
		space = false
		b.WriteRune(r)
	}
	return b.String()
}

// cutIndex returns the byte length of the longest prefix of s made of whole
// grapheme clusters and holding at most n code points. s must be valid UTF-8.
func cutIndex(s string, n int) int {
	count, end := 0, 0
	for end < len(s) {
		size, runes := NextGraphemeCluster(s[end:])
		if count+runes > n {
			break
		}
		count += runes
		end += size
	}
	return end
}

// NextGraphemeCluster returns the length in bytes of the first grapheme
// cluster of s (UAX #29, rivo/uniseg) and its length in code points. s must
// be valid UTF-8 and start on a cluster boundary.
//
// Fast path: a "simple" code point followed by another simple one (or the
// end) is a cluster by itself, since no segmentation rule other than GB999
// applies between them. Simple code points are printable ASCII, the CJK
// ideographs, kana, ideographic space and punctuation 、。 and the
// full-width ASCII forms, which make up nearly all of English and
// Japanese text. uniseg handles everything else.
func NextGraphemeCluster(s string) (size, runes int) {
	r, n := utf8.DecodeRuneInString(s)
	if isSimpleRune(r) {
		if len(s) == n {
			return n, 1
		}
		if next, _ := utf8.DecodeRuneInString(s[n:]); isSimpleRune(next) {
			return n, 1
		}
	}
	cluster, _, _, _ := uniseg.FirstGraphemeClusterInString(s, -1)
	return len(cluster), utf8.RuneCountInString(cluster)
}

func isSimpleRune(r rune) bool {
	switch {
	case r >= 0x20 && r <= 0x7e:
		return true
	case r < 0x3000:
		return false
	case r <= 0x3002, r >= 0x3041 && r <= 0x3096, r >= 0x30a1 && r <= 0x30fa,
		r >= 0x4e00 && r <= 0x9fff, r >= 0xff01 && r <= 0xff5e:
		return true
	}
	return false
}

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
