package markdown

import (
	"strings"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
)

// calloutKinds maps the GitHub / MDN alert markers ("> [!NOTE]") to the
// label shown above the quote.
var calloutKinds = map[string]string{
	"note":      "Note",
	"tip":       "Tip",
	"important": "Important",
	"warning":   "Warning",
	"caution":   "Caution",
	"callout":   "Note",
}

// calloutTransformer turns a block quote whose first line is "[!NOTE]",
// "[!TIP]", "[!IMPORTANT]", "[!WARNING]" or "[!CAUTION]" (any case) into
//
//	<blockquote class="callout note"><p class="callout-title">Note</p>…</blockquote>
//
// The marker line is removed; the label is an ordinary text node, so
// vertical writing converts it like the rest of the prose.
type calloutTransformer struct{}

// Transform implements parser.ASTTransformer.
func (calloutTransformer) Transform(doc *ast.Document, reader text.Reader, _ parser.Context) {
	src := reader.Source()
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		if q, ok := n.(*ast.Blockquote); ok {
			markCallout(q, src)
		}
		return ast.WalkContinue, nil
	})
}

func markCallout(q *ast.Blockquote, src []byte) {
	p, ok := q.FirstChild().(*ast.Paragraph)
	if !ok {
		return
	}
	// Gather the inline nodes of the first line.
	var line []ast.Node
	var b strings.Builder
	for c := p.FirstChild(); c != nil; c = c.NextSibling() {
		t, ok := c.(*ast.Text)
		if !ok || b.Len() > 16 {
			return
		}
		b.Write(t.Segment.Value(src))
		line = append(line, c)
		if t.SoftLineBreak() || t.HardLineBreak() {
			break
		}
	}
	marker := strings.ToLower(strings.TrimSpace(b.String()))
	if !strings.HasPrefix(marker, "[!") || !strings.HasSuffix(marker, "]") {
		return
	}
	kind := marker[2 : len(marker)-1]
	label, ok := calloutKinds[kind]
	if !ok {
		return
	}
	if kind == "callout" {
		kind = "note"
	}
	for _, c := range line {
		p.RemoveChild(p, c)
	}
	if p.ChildCount() == 0 {
		q.RemoveChild(q, p)
	}
	title := ast.NewParagraph()
	title.SetAttributeString("class", "callout-title")
	title.AppendChild(title, ast.NewString([]byte(label)))
	q.InsertBefore(q, q.FirstChild(), title)
	q.SetAttributeString("class", "callout "+kind)
}
