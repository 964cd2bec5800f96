package stgypub

import (
	"strings"
	"unicode"

	"github.com/rivo/uniseg"
)

// ExcerptMaxLen is the most code points of an excerpt, "…" included.
const ExcerptMaxLen = 160

// Excerpt is the text the owners' Posts list shows under a post's title
// (OwnPost.excerpt, docs/SPEC.md#excerpts): the snippet's text after the
// title (the title's heading, or the first line it was taken from, is not
// repeated), images left out, white space collapsed, at most
// ExcerptMaxLen code points. A longer text is cut at its last sentence
// boundary when that keeps at least half of the room, else at its last
// word boundary (UAX #29, rivo/uniseg: between words of spaced scripts,
// between ideographs or kana runs in Japanese and Chinese), else on a
// grapheme boundary, and ends with "…".
func (p *Post) Excerpt() string {
	blocks, _ := DecodeSnippet(p.Snippet)
	title := p.Summary().Title
	var parts []string
	skipped := false
	for _, b := range blocks {
		if b.T == SnippetImage {
			continue
		}
		c := CollapseSpace(b.C)
		if !skipped && title != "" {
			if b.T == SnippetHeading && c == title {
				skipped = true
				continue
			}
			if b.T != SnippetHeading && strings.HasPrefix(c, title) {
				skipped = true
				c = strings.TrimSpace(strings.TrimPrefix(c, title))
			}
		}
		if c != "" {
			parts = append(parts, c)
		}
	}
	return CutAtBoundary(strings.Join(parts, " "), ExcerptMaxLen)
}

// CutAtBoundary cuts s to at most n code points ("…" included) at a
// sentence, else word, else grapheme boundary, as Excerpt describes; s
// fitting in n is returned as it is.
func CutAtBoundary(s string, n int) string {
	room := Truncate(s, n-1)
	if len(room) == len(s) || n <= 1 {
		return Truncate(s, n)
	}
	limit := len(room)
	if b := lastBoundary(s, limit, true); b >= limit/2 {
		return trimCut(s[:b]) + "…"
	}
	if b := lastBoundary(s, limit, false); b > 0 {
		return trimCut(s[:b]) + "…"
	}
	return trimCut(room) + "…"
}

// lastBoundary is the largest sentence (or word) boundary of s at or
// before limit bytes, 0 for none.
func lastBoundary(s string, limit int, sentences bool) int {
	last, pos, state := 0, 0, -1
	rest := s
	for len(rest) > 0 && pos <= limit {
		var seg string
		if sentences {
			seg, rest, state = uniseg.FirstSentenceInString(rest, state)
		} else {
			seg, rest, state = uniseg.FirstWordInString(rest, state)
		}
		pos += len(seg)
		if pos <= limit {
			last = pos
		}
	}
	return last
}

// trimCut drops the white space and joining punctuation a cut leaves at
// its end (", " before "…").
func trimCut(s string) string {
	return strings.TrimRightFunc(s, func(r rune) bool {
		return unicode.IsSpace(r) || r == ',' || r == '、' || r == ';' || r == ':' || r == '-' || r == '–' || r == '—'
	})
}
