package markdown

import (
	"html"
	"strconv"
	"strings"

	"github.com/stgy/stgypub"
)

// RenderSnippet turns a JSON snippet (format in snippet.go) into safe HTML
// for the site's Rich view (docs/SPEC.md#public-pages): "h" → <h1>..<h6>, "p"
// → <p>, runs of "li" → one <ul>, "q" → <blockquote><p>, "code" →
// <pre><code>, "img" → <img loading="lazy"> when its src is http(s) or
// relative (others are dropped). Every text is HTML-escaped; with
// opts.Vertical the text of h, p, li and q is converted to full width as in
// the article body (code and alt text are not). Invalid JSON renders as "";
// it never panics.
func RenderSnippet(snippet string, opts Options) string {
	blocks, ok := stgypub.DecodeSnippet(snippet)
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
			if stgypub.SafeURL(sb.Src) {
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
