package markdown

import (
	"html"
	"strconv"
	"strings"

	"github.com/stgy/stgypub"
)

// RenderSnippet turns a JSON snippet (format in snippet.go) into safe HTML
// (docs/SPEC.md#public-pages): "h" → <h1>..<h6>, "p" → <p>, runs of
// "li" → one <ul>, "q" → <blockquote><p>, "code" → <pre tabindex="0"><code>
// (focusable: it may scroll), "table" → <table> with the first row as
// header, "img" → <img loading="lazy"> when its src is http(s) or relative
// (others are dropped). Every text is HTML-escaped; with opts.Vertical the
// text of h, p, li, q and table cells is converted to full width as in the
// article body (code and alt text are not). Invalid JSON renders as "";
// it never panics.
func RenderSnippet(snippet string, opts Options) string {
	return renderSnippet(snippet, opts, "", false)
}

// RenderSnippetCard renders a snippet as an entry of a list whose entries
// are titled by level-2 headings (the site's Rich view): the first
// heading is left out when it reads title (the entry shows it already),
// and the others move so the highest of them is an h3 (keeping their
// relative levels, at most h6), so a list page keeps one <h1> and an
// outline without gaps.
func RenderSnippetCard(snippet string, opts Options, title string) string {
	return renderSnippet(snippet, opts, title, true)
}

func renderSnippet(snippet string, opts Options, skipTitle string, card bool) string {
	blocks, ok := stgypub.DecodeSnippet(snippet)
	if !ok {
		return ""
	}
	shift := 0
	if card {
		top := 7
		for i, sb := range blocks {
			if sb.T == kindHeading && !(i == firstTextBlock(blocks) && sameTitle(sb.C, skipTitle)) {
				top = min(top, min(max(sb.L, 1), 6))
			}
		}
		shift = 3 - top
	}
	text := func(s string) string {
		if opts.Vertical {
			s = fullWidth(s)
		}
		return html.EscapeString(s)
	}
	var b strings.Builder
	inList := false
	first := true
	for _, sb := range blocks {
		if sb.T != kindListItem && inList {
			b.WriteString("</ul>")
			inList = false
		}
		switch sb.T {
		case kindHeading:
			skip := first && sameTitle(sb.C, skipTitle)
			first = false
			if skip {
				continue
			}
			l := strconv.Itoa(min(max(min(max(sb.L, 1), 6)+shift, 1), 6))
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
			b.WriteString(`<pre tabindex="0"><code>` + html.EscapeString(sb.C) + "</code></pre>")
		case kindTable:
			writeTable(&b, sb.Rows, text)
		case kindImage:
			if stgypub.SafeURL(sb.Src) {
				b.WriteString(`<img src="` + html.EscapeString(strings.TrimSpace(sb.Src)) +
					`" alt="` + html.EscapeString(sb.Alt) + `" loading="lazy">`)
			}
		}
		if sb.T != kindImage {
			first = false
		}
	}
	if inList {
		b.WriteString("</ul>")
	}
	return b.String()
}

// sameTitle reports whether a heading reads the entry's title.
func sameTitle(heading, title string) bool {
	return title != "" && stgypub.CollapseSpace(heading) == stgypub.CollapseSpace(title)
}

// firstTextBlock is the index of the first block that is not an image (-1
// for none): the block a title heading would be.
func firstTextBlock(blocks []stgypub.SnippetBlock) int {
	for i, b := range blocks {
		if b.T != kindImage {
			return i
		}
	}
	return -1
}

// writeTable writes rows as a table, the first row as its header.
func writeTable(b *strings.Builder, rows [][]string, text func(string) string) {
	if len(rows) == 0 {
		return
	}
	b.WriteString("<table><thead><tr>")
	for _, c := range rows[0] {
		b.WriteString("<th>" + text(c) + "</th>")
	}
	b.WriteString("</tr></thead>")
	if len(rows) > 1 {
		b.WriteString("<tbody>")
		for _, r := range rows[1:] {
			b.WriteString("<tr>")
			for _, c := range r {
				b.WriteString("<td>" + text(c) + "</td>")
			}
			b.WriteString("</tr>")
		}
		b.WriteString("</tbody>")
	}
	b.WriteString("</table>")
}
