package markdown

import (
	"strings"
	"unicode/utf8"

	"github.com/yuin/goldmark/ast"
	east "github.com/yuin/goldmark/extension/ast"

	"github.com/stgy/stgypub"
)

// Block kinds: the "t" values of the JSON snippet (snippet.go).
const (
	kindHeading   = stgypub.SnippetHeading
	kindParagraph = stgypub.SnippetParagraph
	kindListItem  = stgypub.SnippetListItem
	kindQuote     = stgypub.SnippetQuote
	kindCode      = stgypub.SnippetCode
	kindImage     = stgypub.SnippetImage
	kindTable     = stgypub.SnippetTable
)

// block is one readable unit of a post in document order. text keeps line
// breaks ("\n"); image blocks use img.
type block struct {
	kind      string
	level     int // heading level 1..6
	text      string
	img       image
	rows      [][]string // table cells (kindTable)
	secondary bool       // table or raw HTML text: a description only as a last resort
}

// collector walks a parsed document and gathers blocks until budget code
// points of text have been seen (budget < 0: no limit).
type collector struct {
	src       []byte
	budget    int
	size      int
	footnotes bool // include the footnote list (plain text for search)
	blocks    []block
}

func collectBlocks(p parsed, budget int, footnotes bool) []block {
	c := &collector{src: p.src, budget: budget, footnotes: footnotes}
	c.children(p.doc)
	return c.blocks
}

func (c *collector) full() bool { return c.budget >= 0 && c.size >= c.budget }

func (c *collector) add(b block) {
	if b.kind != kindImage && strings.TrimSpace(b.text) == "" {
		return
	}
	c.size += utf8.RuneCountInString(b.text)
	c.blocks = append(c.blocks, b)
}

func (c *collector) children(n ast.Node) {
	for ch := n.FirstChild(); ch != nil && !c.full(); ch = ch.NextSibling() {
		c.block(ch)
	}
}

func (c *collector) block(n ast.Node) {
	switch n := n.(type) {
	case *ast.Heading:
		var b strings.Builder
		inlineText(&b, n, c.src, nil)
		c.add(block{kind: kindHeading, level: n.Level, text: b.String()})
	case *ast.Paragraph, *ast.TextBlock:
		if isCalloutTitle(n) {
			return
		}
		text, imgs := c.inline(n)
		c.addImages(imgs)
		c.add(block{kind: kindParagraph, text: text})
	case *ast.List:
		for item := n.FirstChild(); item != nil && !c.full(); item = item.NextSibling() {
			c.listItem(item)
		}
	case *ast.Blockquote:
		var parts []string
		var imgs []image
		for ch := n.FirstChild(); ch != nil; ch = ch.NextSibling() {
			if isCalloutTitle(ch) {
				continue
			}
			var b strings.Builder
			textOf(&b, ch, c.src, &imgs)
			parts = append(parts, b.String())
		}
		c.addImages(imgs)
		c.add(block{kind: kindQuote, text: strings.Join(parts, "\n")})
	case *ast.FencedCodeBlock, *ast.CodeBlock:
		c.add(block{kind: kindCode, text: strings.TrimRight(blockLines(n, c.src), "\n")})
	case *east.Table:
		var rows []string
		var cellRows [][]string
		for row := n.FirstChild(); row != nil; row = row.NextSibling() {
			var cells []string
			for cell := row.FirstChild(); cell != nil; cell = cell.NextSibling() {
				var b strings.Builder
				inlineText(&b, cell, c.src, nil)
				cells = append(cells, strings.TrimSpace(b.String()))
			}
			rows = append(rows, strings.Join(cells, " | "))
			if len(cellRows) < snippetTableRows {
				cellRows = append(cellRows, cells)
			}
		}
		c.add(block{kind: kindTable, text: strings.Join(rows, "\n"), rows: cellRows, secondary: true})
	case *ast.HTMLBlock:
		var b strings.Builder
		var imgs []image
		htmlContent(blockLines(n, c.src), &b, &imgs)
		c.addImages(imgs)
		c.add(block{kind: kindParagraph, text: b.String(), secondary: true})
	case *east.DefinitionTerm:
		text, imgs := c.inline(n)
		c.addImages(imgs)
		c.add(block{kind: kindListItem, text: text})
	case *east.FootnoteList:
		if c.footnotes {
			c.children(n)
		}
	case *ast.ThematicBreak:
	default:
		c.children(n)
	}
}

// listItem adds the item's own text as one "li" block; nested lists and
// other blocks inside the item follow as their own blocks.
func (c *collector) listItem(item ast.Node) {
	var parts []string
	var imgs []image
	var rest []ast.Node
	for ch := item.FirstChild(); ch != nil; ch = ch.NextSibling() {
		switch ch.(type) {
		case *ast.Paragraph, *ast.TextBlock:
			text, im := c.inline(ch)
			parts = append(parts, text)
			imgs = append(imgs, im...)
		default:
			rest = append(rest, ch)
		}
	}
	c.addImages(imgs)
	c.add(block{kind: kindListItem, text: strings.Join(parts, "\n")})
	for _, ch := range rest {
		if c.full() {
			return
		}
		c.block(ch)
	}
}

func (c *collector) inline(n ast.Node) (string, []image) {
	var b strings.Builder
	var imgs []image
	inlineText(&b, n, c.src, &imgs)
	return b.String(), imgs
}

func (c *collector) addImages(imgs []image) {
	for _, img := range imgs {
		c.add(block{kind: kindImage, img: img})
	}
}

// textOf appends the text of any block subtree (used inside quotes).
func textOf(b *strings.Builder, n ast.Node, src []byte, imgs *[]image) {
	switch n.(type) {
	case *ast.Paragraph, *ast.TextBlock, *ast.Heading:
		inlineText(b, n, src, imgs)
		b.WriteByte('\n')
	case *ast.FencedCodeBlock, *ast.CodeBlock:
		b.WriteString(blockLines(n, src))
	case *ast.HTMLBlock:
		htmlContent(blockLines(n, src), b, imgs)
	default:
		for ch := n.FirstChild(); ch != nil; ch = ch.NextSibling() {
			textOf(b, ch, src, imgs)
		}
	}
}

// isCalloutTitle reports whether n is the label paragraph added by the
// callout transformer.
func isCalloutTitle(n ast.Node) bool {
	p, ok := n.(*ast.Paragraph)
	if !ok {
		return false
	}
	v, ok := p.AttributeString("class")
	return ok && v == "callout-title"
}
