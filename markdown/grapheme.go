package markdown

import (
	"unicode/utf8"

	"github.com/rivo/uniseg"
)

// nextCluster returns the length in bytes of the first grapheme cluster of
// s (UAX #29, rivo/uniseg) and its length in code points. s must be valid
// UTF-8 and start on a cluster boundary.
//
// Fast path: a "simple" code point followed by another simple one (or the
// end) is a cluster by itself, since no segmentation rule other than GB999
// applies between them. Simple code points are printable ASCII, the CJK
// ideographs, kana, ideographic space and punctuation 、。 and the
// full-width ASCII forms, which make up nearly all of English and
// Japanese text. uniseg handles everything else.
func nextCluster(s string) (size, runes int) {
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
