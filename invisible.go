package stgypub

import (
	"unicode"

	"golang.org/x/text/unicode/norm"
)

// InvisibleNeeded reports whether the invisible character r (IsInvisible,
// not white space), found after the kept character prev and before next
// (0 at either end), belongs to a sequence that needs it; every other
// invisible character between visible ones only makes look-alikes
// ("Go\uFEFFpher" for "Gopher") and names drop it (docs/SPEC.md
// "Comment text"). Needed are:
//   - U+200D ZERO WIDTH JOINER between two emoji (a ZWJ sequence such as
//     👩‍💻), after a virama (Indic conjuncts) or between two letters of a
//     joining script;
//   - U+200C ZERO WIDTH NON-JOINER after a virama or between two letters
//     of a joining script (Persian "می‌خواهم", Indic scripts);
//   - the emoji variation selectors U+FE0E/U+FE0F after a symbol or
//     non-ASCII punctuation, or after a keycap base 0-9 # * followed by
//     U+20E3; U+FE00..U+FE0D after a symbol, a Han ideograph or a letter
//     of Mongolian, Myanmar or Phags-pa (standardized variation
//     sequences); the ideographic variation selectors U+E0100..U+E01EF
//     after a Han ideograph (Japanese name variants); the Mongolian free
//     variation selectors after a Mongolian letter;
//   - tag characters U+E0020..U+E007F after U+1F3F4 or another tag (the
//     subdivision flags).
func InvisibleNeeded(prev, r, next rune) bool {
	switch {
	case r == 0x200D:
		return (emojiBase(prev) || prev == 0xFE0F) && emojiBase(next) || isVirama(prev) || joiningPair(prev, next)
	case r == 0x200C:
		return isVirama(prev) || joiningPair(prev, next)
	case r == 0xFE0E || r == 0xFE0F:
		return emojiBase(prev) || isKeycapBase(prev) && next == 0x20E3
	case r >= 0xFE00 && r <= 0xFE0D:
		return unicode.Is(unicode.S, prev) || unicode.Is(unicode.Han, prev) ||
			unicode.In(prev, unicode.Mongolian, unicode.Myanmar, unicode.Phags_Pa)
	case r >= 0xE0100 && r <= 0xE01EF:
		return unicode.Is(unicode.Han, prev)
	case r >= 0x180B && r <= 0x180D, r == 0x180F:
		return unicode.Is(unicode.Mongolian, prev)
	case r >= 0xE0020 && r <= 0xE007F:
		return prev == 0x1F3F4 || prev >= 0xE0020 && prev <= 0xE007E
	}
	return false
}

// emojiBase: a non-ASCII symbol (emoji are So, skin tones Sk) or
// punctuation (‼ ⁉ 〽 take U+FE0F).
func emojiBase(r rune) bool {
	return r > 0x7F && (unicode.Is(unicode.S, r) || unicode.Is(unicode.P, r))
}

func isKeycapBase(r rune) bool { return r >= '0' && r <= '9' || r == '#' || r == '*' }

// isVirama: canonical combining class 9 (virama, halant).
func isVirama(r rune) bool {
	return r > 0x7F && norm.NFD.PropertiesString(string(r)).CCC() == 9
}

// joiningScripts are the scripts whose letters ZWJ and ZWNJ shape.
var joiningScripts = []*unicode.RangeTable{
	unicode.Arabic, unicode.Syriac, unicode.Nko, unicode.Mongolian, unicode.Phags_Pa, unicode.Manichaean,
	unicode.Psalter_Pahlavi, unicode.Adlam, unicode.Hanifi_Rohingya, unicode.Sogdian,
	unicode.Devanagari, unicode.Bengali, unicode.Gurmukhi, unicode.Gujarati, unicode.Oriya, unicode.Tamil,
	unicode.Telugu, unicode.Kannada, unicode.Malayalam, unicode.Sinhala, unicode.Myanmar, unicode.Khmer,
	unicode.Tibetan,
}

// joiningPair: prev (a letter or mark) and next (a letter) are of one
// joining script.
func joiningPair(prev, next rune) bool {
	if !unicode.In(prev, unicode.L, unicode.M) || !unicode.Is(unicode.L, next) {
		return false
	}
	for _, s := range joiningScripts {
		if unicode.Is(s, prev) && unicode.Is(s, next) {
			return true
		}
	}
	return false
}
