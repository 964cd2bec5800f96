package markdown

import (
	"bytes"
	"encoding/json"
	"strings"
	"unicode/utf8"
)

// Snippet format
//
// The snippet stored with each post (posts.snippet, VARCHAR(4096)) is a
// compact JSON array of blocks taken from the start of the document, in
// document order:
//
//	{"t":"h","l":2,"c":"Heading text"}      heading, level 1..6
//	{"t":"p","c":"Paragraph text"}          paragraph, table or HTML block text
//	{"t":"li","c":"List item text"}         one list item (nested items follow)
//	{"t":"q","c":"Quoted text"}             block quote or callout
//	{"t":"code","c":"line 1\nline 2"}       code block, line breaks kept
//	{"t":"img","src":"a.png","alt":"Alt"}   image (src http(s) or relative)
//
// "c" is plain text: no markup, macros resolved, white space collapsed to
// single spaces (except in "code"). Empty fields are omitted. Blocks are
// added while the serialized array stays within SnippetMaxLen code points;
// the first block that does not fit is cut on a grapheme boundary and ends
// with "…" when a useful part of it fits (text blocks only), and nothing
// follows it. The array is always valid JSON; an empty body gives "[]".
// Readers ignore unknown "t" values and unknown fields.

// SnippetMaxLen is the maximum length of a snippet in Unicode code points
// (the posts.snippet column is VARCHAR(4096)).
const SnippetMaxLen = 4096

// snippetBlock is the JSON form of one block.
type snippetBlock struct {
	T   string `json:"t"`
	L   int    `json:"l,omitempty"`
	C   string `json:"c,omitempty"`
	Src string `json:"src,omitempty"`
	Alt string `json:"alt,omitempty"`
}

// minCutRunes is the shortest useful cut text block.
const minCutRunes = 8

// buildSnippet serializes blocks within SnippetMaxLen code points.
func buildSnippet(blocks []block) string {
	var out strings.Builder
	out.WriteByte('[')
	total := 2 // "[" and "]"
	for _, b := range blocks {
		sb := toSnippetBlock(b)
		enc := encodeBlock(sb)
		sep := 0
		if total > 2 {
			sep = 1
		}
		n := utf8.RuneCountInString(enc)
		if total+sep+n > SnippetMaxLen {
			if sb.T != kindImage {
				if cut, ok := cutToFit(sb, SnippetMaxLen-total-sep); ok {
					if sep == 1 {
						out.WriteByte(',')
					}
					out.WriteString(cut)
				}
			}
			break
		}
		if sep == 1 {
			out.WriteByte(',')
		}
		out.WriteString(enc)
		total += sep + n
	}
	out.WriteByte(']')
	return out.String()
}

// cutToFit shortens sb.C (ending it with "…") to the longest prefix whose
// encoding takes at most room code points, by binary search on the text
// length (escapes make the encoded length non-linear). ok is false when
// fewer than minCutRunes code points would remain.
func cutToFit(sb snippetBlock, room int) (enc string, ok bool) {
	lo, hi := minCutRunes, min(utf8.RuneCountInString(sb.C), room)
	for lo <= hi {
		mid := (lo + hi) / 2
		c := sb
		c.C = truncateEllipsis(sb.C, mid)
		e := encodeBlock(c)
		if utf8.RuneCountInString(e) <= room {
			enc, ok = e, true
			lo = mid + 1
		} else {
			hi = mid - 1
		}
	}
	return enc, ok
}

func toSnippetBlock(b block) snippetBlock {
	switch b.kind {
	case kindImage:
		return snippetBlock{T: kindImage, Src: b.img.src, Alt: collapseSpace(b.img.alt)}
	case kindCode:
		return snippetBlock{T: kindCode, C: b.text}
	case kindHeading:
		return snippetBlock{T: kindHeading, L: b.level, C: collapseSpace(b.text)}
	}
	return snippetBlock{T: b.kind, C: collapseSpace(b.text)}
}

// encodeBlock writes compact JSON without HTML escaping (< > & stay one
// code point each).
func encodeBlock(sb snippetBlock) string {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(sb) // cannot fail for this struct
	return strings.TrimSuffix(buf.String(), "\n")
}

// decodeSnippet parses a snippet; ok is false for invalid JSON.
func decodeSnippet(snippet string) ([]snippetBlock, bool) {
	var blocks []snippetBlock
	if err := json.Unmarshal([]byte(snippet), &blocks); err != nil {
		return nil, false
	}
	return blocks, true
}
