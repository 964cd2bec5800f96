package markdown

import (
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/rivo/uniseg"

	"github.com/stgy/stgypub"
)

// Fragment is one keyword-in-context hit: Match is the matched text as it
// appears in the searched text (so its case may differ from the query),
// Before and After its context. Start reports that Before begins at the
// start of the text and End that After reaches its end: a page shows an
// ellipsis only where text was cut.
type Fragment struct {
	Before, Match, After string
	Start, End           bool
}

// KWIC returns up to max keyword-in-context fragments of text for query, in
// text order (docs/SPEC.md#public-pages: KWIC search results).
//
//   - Matching is case-insensitive with Unicode simple case folding (each
//     code point folds to one code point, so "STRASSE" does not match
//     "straße") and assumes no word boundaries, so Japanese works.
//   - A match is widened to whole grapheme clusters (a query "e" matching
//     the "e" of "e"+U+0301 takes the accent too); overlapping or touching
//     matches are merged into one.
//   - Before and After hold up to radius code points of context, whole
//     words only (so whole grapheme clusters), and stop at a neighbouring
//     match (returned or not), so a context never shows an unhighlighted
//     hit. Where the text is cut, Before loses the white space and
//     punctuation it would start with ("…. While" reads "…While") and
//     After the white space it would end with. Contexts of two close
//     fragments may share text: each fragment reads on its own.
//
// Text and query are compared in Unicode NFC, so canonically equivalent
// spellings match (fragments show the NFC text).
//
// An empty (or all-white-space) query, a query longer than text, max <= 0
// or no hit give nil. radius < 0 counts as 0. Invalid UTF-8 in text is
// treated as U+FFFD, so fragments are always valid UTF-8.
func KWIC(text, query string, radius, max int) []Fragment {
	query = stgypub.SearchText(strings.TrimSpace(strings.TrimPrefix(query, "\uFEFF")))
	if query == "" || max <= 0 {
		return nil
	}
	radius = maxInt(radius, 0)
	text = stgypub.SearchText(validUTF8(text))
	runes := []rune(text)
	q := foldRunes([]rune(query))
	if len(q) > len(runes) {
		return nil
	}
	hits := findFolded(foldRunes(runes), q)
	if len(hits) == 0 {
		return nil
	}
	bounds := graphemeBounds(text, len(runes))
	words := wordBounds(text, len(runes))
	spans := mergeSpans(hits, len(q), bounds)
	out := make([]Fragment, minInt(len(spans), max))
	for i := range out {
		sp := spans[i]
		lo, hi := 0, len(runes)
		if i > 0 {
			lo = spans[i-1][1]
		}
		if i+1 < len(spans) {
			hi = spans[i+1][0]
		}
		from := contextStart(words, sp[0], maxInt(lo, sp[0]-radius))
		to := contextEnd(words, sp[1], minInt(hi, sp[1]+radius))
		if from > 0 {
			for from < sp[0] && (unicode.IsSpace(runes[from]) || unicode.IsPunct(runes[from])) {
				from++
			}
		}
		if to < len(runes) {
			for to > sp[1] && unicode.IsSpace(runes[to-1]) {
				to--
			}
		}
		out[i] = Fragment{
			Before: string(runes[from:sp[0]]),
			Match:  string(runes[sp[0]:sp[1]]),
			After:  string(runes[sp[1]:to]),
			Start:  from == 0,
			End:    to == len(runes),
		}
	}
	return out
}

func maxInt(a, b int) int {
	if a > b {
		return a
	}
	return b
}

func minInt(a, b int) int {
	if a < b {
		return a
	}
	return b
}

// foldRune maps r to the smallest code point of its simple case-folding
// orbit (unicode.SimpleFold), so two runes are equal under simple folding
// exactly when their foldRune values are equal.
func foldRune(r rune) rune {
	if r < utf8.RuneSelf {
		if 'A' <= r && r <= 'Z' {
			return r + 'a' - 'A'
		}
		if r != 'k' && r != 's' { // K and S fold with U+212A and U+017F
			return r
		}
	}
	lowest := r
	for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
		lowest = min(lowest, f)
	}
	if lowest >= 'A' && lowest <= 'Z' {
		lowest += 'a' - 'A'
	}
	return lowest
}

func foldRunes(rs []rune) []rune {
	out := make([]rune, len(rs))
	for i, r := range rs {
		out[i] = foldRune(r)
	}
	return out
}

// findFolded returns the start index of every (possibly overlapping)
// occurrence of q in t.
func findFolded(t, q []rune) []int {
	var hits []int
	for i := 0; i+len(q) <= len(t); i++ {
		if t[i] != q[0] {
			continue
		}
		j := 1
		for j < len(q) && t[i+j] == q[j] {
			j++
		}
		if j == len(q) {
			hits = append(hits, i)
		}
	}
	return hits
}

// wordBounds returns the rune indexes at which words start (Unicode UAX
// #29 word boundaries, rivo/uniseg; in Japanese or Chinese text nearly
// every character), plus n, ascending. A context is cut there, so it
// never starts or ends inside a word ("…omise.all()"); word boundaries are
// grapheme boundaries too.
func wordBounds(text string, n int) []int {
	bounds := make([]int, 0, n/4+2)
	pos := 0
	state := -1
	for rest := text; rest != ""; {
		var word string
		word, rest, state = uniseg.FirstWordInString(rest, state)
		bounds = append(bounds, pos)
		pos += utf8.RuneCountInString(word)
	}
	return append(bounds, pos)
}

// graphemeBounds returns the rune indexes at which grapheme clusters start,
// plus n (the end), ascending.
func graphemeBounds(text string, n int) []int {
	bounds := make([]int, 0, n+1)
	pos := 0
	for off := 0; off < len(text); {
		size, runes := stgypub.NextGraphemeCluster(text[off:])
		bounds = append(bounds, pos)
		pos += runes
		off += size
	}
	return append(bounds, pos)
}

// mergeSpans widens each hit [i, i+qlen) to grapheme boundaries and merges
// overlapping or touching spans.
func mergeSpans(hits []int, qlen int, bounds []int) [][2]int {
	var spans [][2]int
	for _, h := range hits {
		s := floorBound(bounds, h)
		e := ceilBound(bounds, h+qlen)
		if n := len(spans); n > 0 && s <= spans[n-1][1] {
			spans[n-1][1] = maxInt(spans[n-1][1], e)
			continue
		}
		spans = append(spans, [2]int{s, e})
	}
	return spans
}

// floorBound is the largest boundary <= i; ceilBound the smallest >= i.
func floorBound(bounds []int, i int) int {
	k := sort.SearchInts(bounds, i)
	if k < len(bounds) && bounds[k] == i {
		return i
	}
	return bounds[k-1]
}

func ceilBound(bounds []int, i int) int {
	return bounds[sort.SearchInts(bounds, i)]
}

// contextStart is the smallest boundary >= limit, at most start: the
// context before a match, whole words only.
func contextStart(bounds []int, start, limit int) int {
	if limit >= start {
		return start
	}
	return minInt(start, ceilBound(bounds, limit))
}

// contextEnd is the largest boundary <= limit, at least end.
func contextEnd(bounds []int, end, limit int) int {
	if limit <= end {
		return end
	}
	return maxInt(end, floorBound(bounds, limit))
}
