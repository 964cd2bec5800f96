package markdown

import (
	"encoding/json"
	"html"
	"strconv"
	"strings"
	"unicode/utf8"
)

// RenderSnippet turns a JSON snippet (format in snippet.go) into safe HTML
// for the site's Rich view (seed "External Page Structure"): "h" →
// <h1>..<h6>, "p" → <p>, runs of "li" → one <ul>, "q" → <blockquote><p>,
// "code" → <pre><code>, "img" → <img loading="lazy"> when its src is http(s)
// or relative (others are dropped). Every text is HTML-escaped; with
// opts.Vertical the text of h, p, li and q is converted to full width as in
// the article body (code and alt text are not). Invalid JSON renders as "";
// it never panics.
func RenderSnippet(snippet string, opts Options) string {
	blocks, ok := decodeSnippet(snippet)
	if !ok {
		return ""
	}
	text := func(s string) string {
		if opts.Vertical {
			s = fullWidth(s)
		}
		return html.EscapeString(s)
	}
	var b strings.Builder
	inList := false
	for _, sb := range blocks {
		if sb.T != kindListItem && inList {
			b.WriteString("</ul>")
			inList = false
		}
		switch sb.T {
		case kindHeading:
			l := strconv.Itoa(min(max(sb.L, 1), 6))
			b.WriteString("<h" + l + ">" + text(sb.C) + "</h" + l + ">")
		case kindParagraph:
			b.WriteString("<p>" + text(sb.C) + "</p>")
		case kindListItem:
			if !inList {
				b.WriteString("<ul>")
				inList = true
			}
			b.WriteString("<li>" + text(sb.C) + "</li>")
		case kindQuote:
			b.WriteString("<blockquote><p>" + text(sb.C) + "</p></blockquote>")
		case kindCode:
			b.WriteString("<pre><code>" + html.EscapeString(sb.C) + "</code></pre>")
		case kindImage:
			if safeURL(sb.Src) {
				b.WriteString(`<img src="` + html.EscapeString(strings.TrimSpace(sb.Src)) +
					`" alt="` + html.EscapeString(sb.Alt) + `" loading="lazy">`)
			}
		}
	}
	if inList {
		b.WriteString("</ul>")
	}
	return b.String()
}

// SnippetSummary gives title (first heading, else first text line),
// description (first paragraph text) and image (first image src, http(s)
// or relative only) from a snippet, for the Plain view and the metadata of
// list pages. Title is at most 200 and description at most 300 code points,
// cut on grapheme boundaries. Missing parts and invalid JSON give "".
func SnippetSummary(snippet string) (title, description, image string) {
	blocks, _ := decodeSnippet(snippet)
	firstLine := ""
	for _, sb := range blocks {
		switch sb.T {
		case kindHeading:
			if title == "" {
				title = collapseSpace(sb.C)
			}
		case kindParagraph:
			if description == "" {
				description = collapseSpace(sb.C)
			}
		case kindImage:
			if image == "" && safeURL(sb.Src) {
				image = strings.TrimSpace(sb.Src)
			}
		}
		if firstLine == "" && sb.T != kindImage {
			firstLine = firstNonEmptyLine(sb.C)
		}
	}
	if title == "" {
		title = firstLine
	}
	return Truncate(title, maxTitleLen), Truncate(description, maxDescriptionLen), image
}

// DigestMaxLen is the length of the Stats digest in code points (seed
// "Metadata for Stats": "a 150-character plain-text digest").
const DigestMaxLen = 150

// Digest is the plain-text digest used by the access counter's Stats
// metadata (seed "Metadata for Stats"): the text of every snippet block
// joined with single spaces, white space collapsed, cut to at most
// DigestMaxLen Unicode code points without splitting a grapheme cluster
// (rivo/uniseg) and never producing invalid UTF-8. Images contribute
// nothing. Invalid JSON gives "".
func Digest(snippet string) string {
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
		var sb snippetBlock
		if err := dec.Decode(&sb); err != nil {
			return ""
		}
		c := collapseSpace(sb.C)
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
		if l := collapseSpace(line); l != "" {
			return l
		}
	}
	return ""
}
