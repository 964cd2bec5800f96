package stgypub

import (
	"math"
	"unicode"
)

// DerivedVersion is the version of the rules behind PostDerived
// (FeaturedImage, ReadingMinutes). Rows stored with a lower
// posts.derived_version are derived again at start-up (owner.DeriveStale);
// raise it whenever one of those rules changes what it gives.
const DerivedVersion = 1

// PostDerived is what a post's writes derive from its body and store with
// it (docs/SPEC.md#featured-image, docs/SPEC.md#reading-time).
type PostDerived struct {
	// FeaturedImage is the absolute URL of the featured image
	// (FeaturedImage over the whole body), "" for none. Readers still pass
	// it through ShareableImage, which also refuses this server's host.
	FeaturedImage string
	// FeaturedImageAlt is that image's alternative text.
	FeaturedImageAlt string
	// ReadingMinutes is ReadingMinutes of the post's plain text.
	ReadingMinutes int
}

// DerivePost is the one place a post's derived fields are computed: from
// the featured image the markdown package found and the post's plain text.
func DerivePost(featured Image, plainText string) PostDerived {
	return PostDerived{
		FeaturedImage:    featured.Src,
		FeaturedImageAlt: Truncate(featured.Alt, DescriptionMaxLen),
		ReadingMinutes:   ReadingMinutes(plainText),
	}
}

// Reading speeds (docs/SPEC.md#reading-time): words a minute for scripts
// that separate words with spaces, characters a minute for Japanese and
// Chinese, which do not.
const (
	ReadingWordsPerMinute = 230
	ReadingCharsPerMinute = 500
)

// ReadingMinutes estimates how long text takes to read, in whole minutes
// rounded up: each run of letters or digits outside Han, Hiragana,
// Katakana and Bopomofo counts as one word (ReadingWordsPerMinute; an
// apostrophe inside a word and a decimal point or thousands separator
// inside a number do not split it), each
// letter of those scripts as one character (ReadingCharsPerMinute); a
// mixed text adds both times. Punctuation, symbols and white space count
// for nothing. Text with no word at all is 0 minutes, any other at least 1.
func ReadingMinutes(text string) int {
	words, chars := 0, 0
	inWord := false
	var prev rune
	for _, r := range text {
		switch {
		case isCJKChar(r):
			chars++
			inWord = false
		case unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.Is(unicode.Mn, r):
			if !inWord {
				words++
				inWord = true
			}
		case inWord && (r == '\'' || r == '’' || (r == '.' || r == ',') && unicode.IsDigit(prev)):
			// don't, 1.12 and 10,000 are one word each
		default:
			inWord = false
		}
		prev = r
	}
	if words == 0 && chars == 0 {
		return 0
	}
	m := float64(words)/ReadingWordsPerMinute + float64(chars)/ReadingCharsPerMinute
	return max(1, int(math.Ceil(m-1e-9)))
}

// isCJKChar reports whether r is a letter of a script written without
// spaces between words that ReadingMinutes counts by character.
func isCJKChar(r rune) bool {
	return unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Bopomofo) || r == 'ー'
}
