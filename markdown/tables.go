package markdown

import (
	"bytes"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// MaxTableCells bounds the cells of the GFM tables of one body: rows
// (the header included) times the columns of the delimiter row, summed
// over its tables (docs/SPEC.md#bounded-rendering). A GFM parser pads
// every row to the header's width, so without it 8 KB of header and
// delimiter over 45,000 one-character lines make 90 million cells
// (gigabytes of HTML) from a 99 KB post. A real table cannot come near:
// each written cell takes at least two characters ("a|"), so a
// 100,000-character body holds at most 50,000 of them. A table past the
// bound stays the paragraph of text it is written as.
const MaxTableCells = 50_000

// guardedTable is goldmark's GFM table extension (extension.NewTable with
// opts) with its paragraph transformer behind tableGuard.
type guardedTable struct{ opts []extension.TableOption }

func (e guardedTable) Extend(m goldmark.Markdown) {
	m.Parser().AddOptions(
		parser.WithParagraphTransformers(
			util.Prioritized(tableGuard{inner: extension.NewTableParagraphTransformer()}, 200),
		),
		parser.WithASTTransformers(
			util.Prioritized(extension.NewTableASTTransformer(), 0),
		),
	)
	m.Renderer().AddOptions(renderer.WithNodeRenderers(
		util.Prioritized(extension.NewTableHTMLRenderer(e.opts...), 500),
	))
}

// tableCellsKey holds the cells (an int) the tables of the body being
// parsed have taken so far.
var tableCellsKey = parser.NewContextKey()

// tableGuard lets goldmark turn a paragraph into a table only while the
// body's tables stay within MaxTableCells. Before goldmark builds
// anything it counts, in one linear pass over the paragraph's lines, the
// most cells any of its delimiter-like lines could give (columns times
// the lines from the one above it to the end); it over-counts rather
// than under-counts, so goldmark never builds more than the bound.
type tableGuard struct{ inner parser.ParagraphTransformer }

func (g tableGuard) Transform(node *ast.Paragraph, reader text.Reader, pc parser.Context) {
	lines := node.Lines()
	n := lines.Len()
	if n < 2 {
		return
	}
	src := reader.Source()
	cells := 0
	for i := 1; i < n; i++ {
		seg := lines.At(i)
		if cols := delimiterColumns(seg.Value(src)); cols > 0 {
			cells = max(cells, cols*(n-i))
		}
	}
	if cells == 0 {
		return // no delimiter row: goldmark would not make a table either
	}
	used, _ := pc.Get(tableCellsKey).(int)
	if used+cells > MaxTableCells {
		return
	}
	pc.Set(tableCellsKey, used+cells)
	g.inner.Transform(node, reader, pc)
}

// delimiterColumns is the number of columns line would have as a GFM
// delimiter row ("| --- | :-: |"): 0 when it cannot be one (another
// character than space, tab, '|', ':' and '-', or only '-'), else the
// '|'-separated parts without blank first and last ones.
func delimiterColumns(line []byte) int {
	dashOnly := true
	for _, c := range line {
		switch c {
		case '-':
		case ' ', '\t', '\n', '\r', '\v', '\f', '|', ':':
			dashOnly = false
		default:
			return 0
		}
	}
	if dashOnly || bytes.IndexByte(line, '-') < 0 {
		return 0
	}
	parts := bytes.Split(line, []byte{'|'})
	cols := len(parts)
	if util.IsBlank(parts[0]) {
		cols--
	}
	if len(parts) > 1 && util.IsBlank(parts[len(parts)-1]) {
		cols--
	}
	return max(cols, 1)
}
