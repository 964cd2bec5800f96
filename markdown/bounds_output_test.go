package markdown

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

// TestTableCellBound: GFM pads every row of a table to the header's
// width, so a wide header over many short lines multiplies the input.
// Tables stay tables while the body's tables hold at most MaxTableCells
// cells (rows, header included, times columns); past that the paragraph
// stays text, at the cost of its size.
func TestTableCellBound(t *testing.T) {
	table := func(cols, rows int) string {
		return strings.Repeat("|h", cols) + "|\n" + strings.Repeat("|-", cols) + "|\n" + strings.Repeat("x\n", rows)
	}
	for _, tc := range []struct {
		name     string
		src      string
		tables   int
		cells    int // <td> and <th> in the output
		maxBytes int
	}{
		{"small", table(3, 4), 1, 15, 1000},
		{"at the bound", table(100, MaxTableCells/100-1), 1, MaxTableCells, 600_000},
		{"one row over", table(100, MaxTableCells/100), 0, 0, 30_000},
		{"2000 columns over 45,000 lines", table(2000, 45_000), 0, 0, 110_000},
		{"two tables sharing the bound", table(100, 300) + "\n" + table(100, 300), 1, 30_100, 400_000},
		{"a real table", "| Go | year |\n|:--|--:|\n| 1.0 | 2012 |\n| 1.21 | 2023 |\n", 1, 6, 1000},
	} {
		t.Run(tc.name, func(t *testing.T) {
			html, err := RenderWithin(tc.src, Options{}, RenderBudget)
			if err != nil {
				t.Fatal(err)
			}
			tables := strings.Count(html, "<table>")
			cells := strings.Count(html, "</td>") + strings.Count(html, "</th>")
			if tables != tc.tables || cells != tc.cells || len(html) > tc.maxBytes {
				t.Errorf("%d tables, %d cells, %d bytes; want %d, %d, at most %d", tables, cells, len(html), tc.tables, tc.cells, tc.maxBytes)
			}
		})
	}
}

// TestHTMLCap: a body whose HTML would exceed MaxHTMLBytes stops
// rendering at the cap: ConvertWithin and RenderWithin return
// ErrTooLarge (which is ErrTooComplex, so writers refuse it), Convert and
// Render show the escaped text instead. Real articles stay far below.
func TestHTMLCap(t *testing.T) {
	long := strings.Repeat("x", 5000)
	for _, tc := range []struct{ name, src string }{
		{"reference link used 23,000 times", "[a]: /" + long + "\n\n" + strings.Repeat("[a]", 23_000)},
		{"reference image used 17,000 times", "[a]: /" + long + ` "` + long + "\"\n\n" + strings.Repeat("![a]", 17_000)},
		{"footnote referenced 24,000 times", "[^a]: note\n\n" + strings.Repeat("[^a]", 24_000)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := ConvertWithin(tc.src, Options{}, RenderBudget); !errors.Is(err, ErrTooLarge) || !errors.Is(err, ErrTooComplex) {
				t.Fatalf("ConvertWithin = %v, want ErrTooLarge", err)
			}
			if _, err := RenderWithin(tc.src, Options{Vertical: true}, RenderBudget); !errors.Is(err, ErrTooLarge) {
				t.Fatalf("RenderWithin(vertical) = %v, want ErrTooLarge", err)
			}
			html := Render(tc.src, Options{})
			if !strings.HasPrefix(html, `<pre class="unrendered">`) || len(html) > len(tc.src)+1000 {
				t.Errorf("Render = %d bytes %.80q, want the escaped text", len(html), html)
			}
		})
	}
	// The same shapes at a size real writing has render normally.
	ok := "[a]: /" + long + "\n\n" + strings.Repeat("[a] ", 100) + "\n\n[^a]\n\n[^a]: note\n"
	if html, err := RenderWithin(ok, Options{}, RenderBudget); err != nil || strings.Count(html, `href="/xxx`) != 100 {
		t.Errorf("100 references: %v, %d links", err, strings.Count(html, `href="/xxx`))
	}
	if got := ErrTooLarge.Error(); got != fmt.Sprintf("markdown: the text renders to more than %d bytes of HTML", MaxHTMLBytes) {
		t.Errorf("ErrTooLarge = %q", got)
	}
}
