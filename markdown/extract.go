package markdown

import (
	"bytes"
	"html"
	"strings"

	"github.com/yuin/goldmark/ast"
	east "github.com/yuin/goldmark/extension/ast"
	"github.com/yuin/goldmark/text"

	"github.com/stgy/stgypub"
)

// resolveText decodes a Markdown text segment: backslash escapes of ASCII
// punctuation and entity references (CommonMark 6.1 and 2.5). Escaped
// characters are never decoded again.
func resolveText(seg []byte) string {
	if bytes.IndexByte(seg, '\\') < 0 {
		if bytes.IndexByte(seg, '&') < 0 {
			return string(seg)
		}
		return html.UnescapeString(string(seg))
	}
	var b strings.Builder
	for len(seg) > 0 {
		i := bytes.IndexByte(seg, '\\')
		if i < 0 || i == len(seg)-1 {
			b.WriteString(html.UnescapeString(string(seg)))
			break
		}
		b.WriteString(html.UnescapeString(string(seg[:i])))
		if c := seg[i+1]; isASCIIPunct(c) {
			b.WriteByte(c)
		} else {
			b.WriteByte('\\')
			b.WriteByte(c)
		}
		seg = seg[i+2:]
	}
	return b.String()
}

// inlineText appends the plain text of n's inline children to b: soft and
// hard line breaks as "\n", code spans by their content, autolinks by their
// label, no markup. Images are not text: when imgs is non-nil they are
// appended there instead (Markdown images and <img> in inline raw HTML).
func inlineText(b *strings.Builder, n ast.Node, src []byte, imgs *[]image) {
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		switch c := c.(type) {
		case *ast.Text:
			b.WriteString(resolveText(c.Segment.Value(src)))
			if c.SoftLineBreak() || c.HardLineBreak() {
				b.WriteByte('\n')
			}
		case *ast.String:
			b.Write(c.Value)
		case *ast.CodeSpan:
			for t := c.FirstChild(); t != nil; t = t.NextSibling() {
				if t, ok := t.(*ast.Text); ok {
					b.WriteString(strings.ReplaceAll(string(t.Segment.Value(src)), "\n", " "))
				}
			}
		case *ast.AutoLink:
			b.Write(c.Label(src))
		case *ast.Image:
			if imgs != nil && stgypub.SafeURL(string(c.Destination)) {
				var alt strings.Builder
				inlineText(&alt, c, src, nil)
				*imgs = append(*imgs, image{src: string(c.Destination), alt: alt.String()})
			}
		case *ast.RawHTML:
			if imgs != nil {
				raw := segmentsText(c.Segments, src)
				if strings.Contains(strings.ToLower(raw), "<img") {
					htmlContent(raw, nil, imgs)
				}
			}
		case *east.TaskCheckBox, *east.FootnoteLink, *east.FootnoteBacklink:
		default:
			inlineText(b, c, src, imgs)
		}
	}
}

// blockLines joins the source lines of a block (code blocks, HTML blocks).
func blockLines(n ast.Node, src []byte) string {
	lines := n.Lines()
	var b strings.Builder
	for i := 0; i < lines.Len(); i++ {
		seg := lines.At(i)
		b.Write(seg.Value(src))
	}
	if h, ok := n.(*ast.HTMLBlock); ok && h.HasClosure() {
		b.Write(h.ClosureLine.Value(src))
	}
	return b.String()
}

func segmentsText(segs *text.Segments, src []byte) string {
	var b strings.Builder
	for i := 0; i < segs.Len(); i++ {
		seg := segs.At(i)
		b.Write(seg.Value(src))
	}
	return b.String()
}

// isASCIIPunct reports whether c is ASCII punctuation (CommonMark 2.1), the
// characters a backslash escapes.
func isASCIIPunct(c byte) bool {
	return c >= '!' && c <= '/' || c >= ':' && c <= '@' || c >= '[' && c <= '`' || c >= '{' && c <= '~'
}
