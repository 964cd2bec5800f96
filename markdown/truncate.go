package markdown

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Truncate cuts s to at most n code points without splitting a grapheme
// cluster (cut before it). Clusters follow Unicode UAX #29 as implemented by
// rivo/uniseg, so a ZWJ family emoji, a flag or a letter with combining
// marks is kept whole or dropped whole. Invalid UTF-8 bytes are replaced by
// U+FFFD first, so the result is always valid UTF-8. n <= 0 gives "".
//
// "Characters" in every limit of the service are code points (ARCHITECTURE.md
// "Decisions where the seed is loose").
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

// cutIndex returns the byte length of the longest prefix of s made of whole
// grapheme clusters and holding at most n code points. s must be valid UTF-8.
func cutIndex(s string, n int) int {
	count, end := 0, 0
	for end < len(s) {
		size, runes := nextCluster(s[end:])
		if count+runes > n {
			break
		}
		count += runes
		end += size
	}
	return end
}

// truncateEllipsis cuts s like [Truncate] but, when something was cut,
// ends the result with "…" while staying within n code points.
func truncateEllipsis(s string, n int) string {
	t := Truncate(s, n)
	if len(t) == len(s) || n <= 0 {
		return t
	}
	return strings.TrimRightFunc(Truncate(t, n-1), unicode.IsSpace) + "…"
}

// collapseSpace replaces every run of Unicode white space with one ASCII
// space and trims both ends. Invalid UTF-8 becomes U+FFFD.
func collapseSpace(s string) string {
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
