package stgypub

import (
	"strings"

	"golang.org/x/text/unicode/norm"
)

// The shape of search results (docs/SPEC.md#search), the same on the
// /sites/{userId}?q= page and in the GraphQL site.search field: each hit
// shows up to KWICFragments keyword-in-context fragments, each with up to
// KWICRadius code points of context on either side of the match.
const (
	KWICRadius    = 40
	KWICFragments = 3
)

// SearchText is the form in which search compares text: Unicode NFC, so
// canonically equivalent spellings match (a decomposed "ポップ", U+30DB
// U+309A, finds the composed one and the reverse; likewise "é" as one or
// two code points, Hangul syllables and jamo). Stored plain text
// (post_details.plain_text) is kept in this form; stored Markdown is not
// touched. A search query also loses surrounding white space and a
// leading byte-order mark (NormalizeQuery).
func SearchText(s string) string { return norm.NFC.String(s) }

// NormalizeQuery is a search query as the store compares it: without a
// leading byte-order mark or surrounding white space, in NFC.
func NormalizeQuery(q string) string {
	return SearchText(strings.TrimSpace(StripBOM(strings.TrimSpace(q))))
}

// SearchContext is the text a search result's keyword-in-context
// fragments are taken from: the post's plain text without its title at
// the start (the result shows the title as its link already, so a
// fragment repeating it would read "… Promise.all() Promise.all() は …";
// docs/SPEC.md#search). A match only in the title has no fragment.
func SearchContext(p *Post) string {
	title := p.Summary().Title
	text := p.PlainText
	if title != "" && strings.HasPrefix(text, title) {
		rest := text[len(title):]
		if rest == "" || strings.HasPrefix(rest, " ") {
			return strings.TrimPrefix(rest, " ")
		}
	}
	return text
}
