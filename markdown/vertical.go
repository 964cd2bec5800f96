package markdown

import (
	"bytes"
	"strings"
	"unicode/utf8"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/renderer/html"
	"github.com/yuin/goldmark/util"
)

// fullWidthRune maps ASCII space to U+3000 IDEOGRAPHIC SPACE and printable
// ASCII U+0021..U+007E to the Halfwidth and Fullwidth Forms block
// U+FF01..U+FF5E; every other rune is returned unchanged.
func fullWidthRune(r rune) rune {
	switch {
	case r == ' ':
		return '\u3000'
	case r >= 0x21 && r <= 0x7e:
		return r + 0xfee0
	}
	return r
}

// FullWidth applies the vertical-writing conversion of [Options] to plain
// text: U+0020 becomes U+3000 IDEOGRAPHIC SPACE and U+0021..U+007E become
// U+FF01..U+FF5E; everything else is unchanged. Comment bodies shown in
// vertical themes get the same conversion (docs/SPEC.md "Comments");
// escape the result as usual.
func FullWidth(s string) string { return fullWidth(s) }

// fullWidth converts s with fullWidthRune.
func fullWidth(s string) string {
	if s == "" {
		return s
	}
	return strings.Map(fullWidthRune, s)
}

// verticalTextRenderer renders ast.Text and ast.String nodes for vertical
// writing. Code spans, code blocks, autolinks, image alt text and raw HTML
// never reach it (goldmark renders those without dispatching on their text
// children), so URLs, attribute values and markup stay untouched.
type verticalTextRenderer struct {
	w html.Writer
}

// RegisterFuncs implements renderer.NodeRenderer.
func (r *verticalTextRenderer) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(ast.KindText, r.renderText)
	reg.Register(ast.KindString, r.renderString)
}

func (r *verticalTextRenderer) renderText(w util.BufWriter, source []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	if !entering {
		return ast.WalkContinue, nil
	}
	n := node.(*ast.Text)
	value := n.Segment.Value(source)
	if n.IsRaw() {
		r.w.RawWrite(w, value)
		return ast.WalkContinue, nil
	}
	r.writeConverted(w, value)
	if n.HardLineBreak() {
		_, _ = w.WriteString("<br>\n")
	} else if n.SoftLineBreak() {
		_ = w.WriteByte('\n')
	}
	return ast.WalkContinue, nil
}

func (r *verticalTextRenderer) renderString(w util.BufWriter, source []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	if !entering {
		return ast.WalkContinue, nil
	}
	n := node.(*ast.String)
	switch {
	case n.IsCode():
		_, _ = w.Write(n.Value)
	case n.IsRaw():
		r.w.RawWrite(w, n.Value)
	default:
		r.writeConverted(w, n.Value)
	}
	return ast.WalkContinue, nil
}

// writeConverted lets goldmark resolve backslash escapes and entity
// references and escape the result, then converts that escaped text. The
// goldmark writer only ever emits the references &lt; &gt; &amp; &quot; for
// text, which are converted to their full-width characters too.
func (r *verticalTextRenderer) writeConverted(w util.BufWriter, value []byte) {
	var buf bufWriter
	r.w.Write(&buf, value)
	writeFullWidthEscaped(w, buf.Bytes())
}

// bufWriter is an in-memory util.BufWriter with nothing to flush.
type bufWriter struct{ bytes.Buffer }

func (b *bufWriter) Buffered() int { return b.Len() }
func (b *bufWriter) Flush() error  { return nil }

var escapedRefs = [...]struct {
	ref string
	r   rune
}{{"&lt;", '＜'}, {"&gt;", '＞'}, {"&amp;", '＆'}, {"&quot;", '＂'}}

// writeFullWidthEscaped converts HTML-escaped text to full width. Full-width
// forms of < > & " need no escaping, so the output stays well-formed.
func writeFullWidthEscaped(w util.BufWriter, b []byte) {
	for len(b) > 0 {
		if b[0] == '&' {
			done := false
			for _, e := range escapedRefs {
				if bytes.HasPrefix(b, []byte(e.ref)) {
					_, _ = w.WriteRune(e.r)
					b = b[len(e.ref):]
					done = true
					break
				}
			}
			if done {
				continue
			}
		}
		r, size := utf8.DecodeRune(b)
		if r == utf8.RuneError && size == 1 {
			_ = w.WriteByte(b[0])
		} else {
			_, _ = w.WriteRune(fullWidthRune(r))
		}
		b = b[size:]
	}
}
