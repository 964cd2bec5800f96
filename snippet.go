package stgypub

import (
	"encoding/json"
	"strings"
	"unicode/utf8"
)

// The snippet (docs/SPEC.md#snippet)
//
// The snippet stored with each post (posts.snippet, VARCHAR(4096)) is a
// compact JSON array of blocks taken from the start of the document, in
// document order; the markdown package writes it, this file reads it:
//
//	{"t":"h","l":2,"c":"Heading text"}      heading, level 1..6
//	{"t":"p","c":"Paragraph text"}          paragraph, table or HTML block text
//	{"t":"li","c":"List item text"}         one list item (nested items follow)
//	{"t":"q","c":"Quoted text"}             block quote or callout
//	{"t":"code","c":"line 1\nline 2"}       code block, line breaks kept
//	{"t":"img","src":"a.png","alt":"Alt"}   image (src http(s) or relative)
//	{"t":"table","rows":[["h1","h2"],["a","b"]],"c":"h1 | h2\na | b"}
//	                                        a table's first rows, header first
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

// The snippet block kinds ("t").
const (
	SnippetHeading   = "h"
	SnippetParagraph = "p"
	SnippetListItem  = "li"
	SnippetQuote     = "q"
	SnippetCode      = "code"
	SnippetImage     = "img"
	// SnippetTable is a table's first rows: Rows holds the cells' text
	// (the first row is the header), C the same text flattened
	// ("a | b" lines) for readers that only want text.
	SnippetTable = "table"
)

// SnippetBlock is one block of a snippet in its JSON form.
type SnippetBlock struct {
	T   string `json:"t"`             // kind: one of the Snippet* constants
	L   int    `json:"l,omitempty"`   // heading level 1..6
	C   string `json:"c,omitempty"`   // plain text
	Src string `json:"src,omitempty"` // image source
	Alt string `json:"alt,omitempty"` // image alternative text
	// Rows are a table's cells, row by row (SnippetTable only).
	Rows [][]string `json:"rows,omitempty"`
}

// DecodeSnippet parses a snippet; ok is false for invalid JSON.
func DecodeSnippet(snippet string) (blocks []SnippetBlock, ok bool) {
	if err := json.Unmarshal([]byte(snippet), &blocks); err != nil {
		return nil, false
	}
	return blocks, true
}

// Limits of the texts derived from a snippet, in code points.
const (
	TitleMaxLen       = 200
	DescriptionMaxLen = 300
	// DigestMaxLen is the Stats digest ("a 150-character plain-text
	// digest", docs/SPEC.md#stats).
	DigestMaxLen = 150
)

// Summary is what lists, page metadata and the API show of a post without
// its body (docs/SPEC.md#snippet-summary).
type Summary struct {
	// Title is the first heading, else the first line of text of any
	// block, at most TitleMaxLen code points.
	Title string
	// Description is the first paragraph, at most DescriptionMaxLen code
	// points; when the paragraph was longer it is cut and ends with "…".
	Description string
	// Image is the first image source that SafeURL accepts, "" for none.
	Image string
	// ImageAlt is that image's alt text, as the article and the Rich view
	// show it (og:image:alt, twitter:image:alt).
	ImageAlt string
}

// SummarizeSnippet derives a post's Summary from its snippet. Missing
// parts and invalid JSON give "".
func SummarizeSnippet(snippet string) Summary {
	blocks, _ := DecodeSnippet(snippet)
	var s Summary
	firstLine := ""
	for _, b := range blocks {
		switch b.T {
		case SnippetHeading:
			if s.Title == "" {
				s.Title = CollapseSpace(b.C)
			}
		case SnippetParagraph:
			if s.Description == "" {
				s.Description = CollapseSpace(b.C)
			}
		case SnippetImage:
			if s.Image == "" && SafeURL(b.Src) {
				s.Image, s.ImageAlt = strings.TrimSpace(b.Src), b.Alt
			}
		}
		if firstLine == "" && b.T != SnippetImage {
			firstLine = firstNonEmptyLine(b.C)
		}
	}
	if s.Title == "" {
		s.Title = firstLine
	}
	s.Title = Truncate(s.Title, TitleMaxLen)
	s.Description = TruncateEllipsis(s.Description, DescriptionMaxLen)
	return s
}

// Summary is SummarizeSnippet of p's snippet.
func (p *Post) Summary() Summary { return SummarizeSnippet(p.Snippet) }

// Digest is SnippetDigest of p's snippet.
func (p *Post) Digest() string { return SnippetDigest(p.Snippet) }

// SnippetDigest is the plain-text digest kept with the page-view counter's
// Stats metadata (docs/SPEC.md#stats): the text of every snippet block
// joined with single spaces, white space collapsed, cut to at most
// DigestMaxLen code points without splitting a grapheme cluster and never
// producing invalid UTF-8. Images contribute nothing. Invalid JSON gives "".
// It decodes only as many blocks as the digest needs.
func SnippetDigest(snippet string) string {
	if !json.Valid([]byte(snippet)) {
		return ""
	}
	dec := json.NewDecoder(strings.NewReader(snippet))
	if t, err := dec.Token(); err != nil || t != json.Delim('[') {
		return ""
	}
	var b strings.Builder
	runes := 0
	for dec.More() && runes <= DigestMaxLen {
		var sb SnippetBlock
		if err := dec.Decode(&sb); err != nil {
			return ""
		}
		c := CollapseSpace(sb.C)
		if c == "" {
			continue
		}
		if b.Len() > 0 {
			b.WriteByte(' ')
			runes++
		}
		b.WriteString(c)
		runes += utf8.RuneCountInString(c)
	}
	return Truncate(b.String(), DigestMaxLen)
}

// firstNonEmptyLine returns the first line of s holding more than white
// space, collapsed.
func firstNonEmptyLine(s string) string {
	for line := range strings.SplitSeq(s, "\n") {
		if l := CollapseSpace(line); l != "" {
			return l
		}
	}
	return ""
}
