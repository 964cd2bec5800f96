package markdown

import (
	"strings"

	"github.com/yuin/goldmark/ast"

	"github.com/stgy/stgypub"
)

// One <h1> per page (README "Crawlers and assistive technology"): the
// article page's <h1> is the post's title, which is the text of its first
// non-blank heading (Document.Title). So when rendering:
//
//   - the first non-blank heading keeps its level: a level-1 one is the
//     page's <h1> (the page then shows no title above the body);
//   - every later level-1 heading (ATX "#" or Setext "===") renders as
//     <h2>; other levels are kept;
//   - a heading with no visible text and no image ("#", "# \u200b")
//     renders nothing, so no page has an empty <hN>; it is not the title
//     either (documentTitle skips it).
//
// The parsed tree is changed for the render only and restored after it,
// so the snippet and metadata read the document as written.
func adjustHeadings(p parsed) (restore func()) {
	type removed struct {
		node, parent, next ast.Node
	}
	var demoted []*ast.Heading
	var blanks []removed
	seenTitle := false
	_ = ast.Walk(p.doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		h, ok := n.(*ast.Heading)
		if !ok || !entering {
			return ast.WalkContinue, nil
		}
		if blankHeading(h, p.src) {
			blanks = append(blanks, removed{h, h.Parent(), h.NextSibling()})
			return ast.WalkSkipChildren, nil
		}
		if seenTitle && h.Level == 1 {
			h.Level = 2
			demoted = append(demoted, h)
		}
		seenTitle = true
		return ast.WalkSkipChildren, nil
	})
	for _, b := range blanks {
		b.parent.RemoveChild(b.parent, b.node)
	}
	return func() {
		for _, h := range demoted {
			h.Level = 1
		}
		for i := len(blanks) - 1; i >= 0; i-- {
			b := blanks[i]
			if b.next != nil && b.next.Parent() == b.parent {
				b.parent.InsertBefore(b.parent, b.next, b.node)
			} else {
				b.parent.AppendChild(b.parent, b.node)
			}
		}
	}
}

// blankHeading reports whether h has no visible text (stgypub.IsBlank)
// and no image.
func blankHeading(h *ast.Heading, src []byte) bool {
	var b strings.Builder
	inlineText(&b, h, src, nil)
	if !stgypub.IsBlank(b.String()) {
		return false
	}
	img := false
	_ = ast.Walk(h, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		switch n.(type) {
		case *ast.Image, *ast.RawHTML:
			img = true
			return ast.WalkStop, nil
		}
		return ast.WalkContinue, nil
	})
	return !img
}
