package markdown

import (
	"bytes"

	"github.com/yuin/goldmark/ast"
	east "github.com/yuin/goldmark/extension/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
)

// mdnDefinitionLists rewrites MDN's definition-list convention
//
//   - term
//   - : description
//
// into <dl><dt>term</dt><dd>description</dd></dl>, as MDN's own renderer
// does. A bullet list qualifies only when every item is a term paragraph
// followed by a one-item nested list whose text starts with ": ";
// anything else stays a list. The nodes are goldmark's definition-list
// nodes, rendered by its definition-list renderer (the PHP Markdown Extra
// "term\n: description" syntax itself is not enabled).
type mdnDefinitionLists struct{}

// Transform implements parser.ASTTransformer.
func (mdnDefinitionLists) Transform(doc *ast.Document, reader text.Reader, _ parser.Context) {
	src := reader.Source()
	var lists []*ast.List
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if l, ok := n.(*ast.List); ok && entering && !l.IsOrdered() && isMDNDefinitionList(l, src) {
			lists = append(lists, l)
		}
		return ast.WalkContinue, nil
	})
	for _, l := range lists {
		toDefinitionList(l, src)
	}
}

func isMDNDefinitionList(l *ast.List, src []byte) bool {
	for item := l.FirstChild(); item != nil; item = item.NextSibling() {
		if item.ChildCount() != 2 || !isTextBlock(item.FirstChild()) {
			return false
		}
		if _, ok := descriptionText(item.LastChild(), src); !ok {
			return false
		}
	}
	return l.FirstChild() != nil
}

func isTextBlock(n ast.Node) bool {
	switch n.(type) {
	case *ast.Paragraph, *ast.TextBlock:
		return true
	}
	return false
}

// descriptionText finds the ": " text opening a one-item nested list.
func descriptionText(n ast.Node, src []byte) (*ast.Text, bool) {
	inner, ok := n.(*ast.List)
	if !ok || inner.ChildCount() != 1 {
		return nil, false
	}
	first := inner.FirstChild().FirstChild()
	if !isTextBlock(first) {
		return nil, false
	}
	t, ok := first.FirstChild().(*ast.Text)
	if !ok {
		return nil, false
	}
	v := t.Segment.Value(src)
	return t, bytes.HasPrefix(v, []byte(": ")) || bytes.Equal(v, []byte(":"))
}

func toDefinitionList(l *ast.List, src []byte) {
	dl := east.NewDefinitionList(0, nil)
	for item := l.FirstChild(); item != nil; item = item.NextSibling() {
		dt := east.NewDefinitionTerm()
		moveChildren(dt, item.FirstChild())
		dl.AppendChild(dl, dt)

		inner := item.LastChild().(*ast.List)
		t, _ := descriptionText(inner, src)
		stripMarker(t, src)
		dd := east.NewDefinitionDescription()
		dd.IsTight = inner.IsTight
		moveChildren(dd, inner.FirstChild())
		dl.AppendChild(dl, dd)
	}
	if parent := l.Parent(); parent != nil {
		parent.ReplaceChild(parent, l, dl)
	}
}

// stripMarker removes the leading ":" and the white space after it, which
// goldmark may have split over several text nodes (linkify stops at ':').
func stripMarker(t *ast.Text, src []byte) {
	t.Segment = t.Segment.WithStart(t.Segment.Start + 1)
	for t != nil {
		v := t.Segment.Value(src)
		trimmed := bytes.TrimLeft(v, " \t")
		t.Segment = t.Segment.WithStart(t.Segment.Start + len(v) - len(trimmed))
		if len(trimmed) > 0 || t.SoftLineBreak() || t.HardLineBreak() {
			return
		}
		next, _ := t.NextSibling().(*ast.Text)
		t.Parent().RemoveChild(t.Parent(), t)
		t = next
	}
}

// moveChildren moves every child of from to the end of to.
func moveChildren(to, from ast.Node) {
	for c := from.FirstChild(); c != nil; {
		next := c.NextSibling()
		to.AppendChild(to, c)
		c = next
	}
}
