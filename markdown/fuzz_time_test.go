package markdown

import (
	"errors"
	"strings"
	"testing"
	"time"
)

// hostileUnits are the repeated units of known super-linear shapes of
// Markdown parsers (nesting, brackets, emphasis and code-span runs,
// unclosed links, raw HTML), from public bug reports of cmark, goldmark,
// markdown-it, marked and others. FuzzRenderTime repeats each to 16 and
// 64 KB.
var hostileUnits = []string{
	"* ", "- ", "+ ", "1. ", "> ", ">", "> - ", "- > ", "1) ",
	"[", "![", "]", "[a](", "[a][", "![a](", "[a]: ", "[^",
	"*", "_", "*a ", "_a ", "*a **a ***a ", "**_", "*_", "~~", "~",
	"`", "`` ", "a`", "<", "<a ", "<a href=", "</a>", "<div>", "<div>\n", "<b>", "</i>", "<b></i>", "<b><i></b>", "<!--", "<?", "<![CDATA[",
	"<http://", "www.a ", "http://a.", "&", "&amp;", "&#", "\\", "a\\\n",
	"|a", "| - |\n", "# ", "#", "- [ ] ", "> [!NOTE]\n", "- a\n  - : b\n", "a\n===\n", "```\n", "    a\n",
	"[a](b) ", "[a]: b\n", "![a](b ", "[a](<", "[a](b \"", "(((", ")))", "{{x(",
}

// hostileHeads are the one-off starts of shapes whose cost is in what
// a repeated unit multiplies: a wide table header that every row is
// padded to, a reference definition or footnote with a long text that
// every use copies. FuzzRenderTime pairs each with its unit.
var hostileHeads = []struct{ head, unit string }{
	{strings.Repeat("|a", 2000) + "\n" + strings.Repeat("|-", 2000) + "\n", "x\n"},
	{"|a|b|\n|-|-|\n", "|x\n"},
	{"[a]: /" + strings.Repeat("x", 5000) + " \"" + strings.Repeat("t", 2000) + "\"\n\n", "[a]"},
	{"[a]: /" + strings.Repeat("x", 5000) + "\n\n", "![a]"},
	{"[^a]: " + strings.Repeat("note ", 100) + "\n\n", "[^a]"},
	{"*[a]: " + strings.Repeat("abbr ", 100) + "\n\n", "a "},
}

// renderCost is the shorter of two timed conversions of src (less noise
// from a loaded machine); err is ErrTooComplex when src does not parse
// within budget, ErrTooLarge when its HTML would exceed MaxHTMLBytes.
func renderCost(src string, budget time.Duration) (time.Duration, error) {
	best := time.Duration(1<<63 - 1)
	for range 2 {
		t0 := time.Now()
		if _, err := ConvertWithin(src, Options{Vertical: true}, budget); err != nil {
			return time.Since(t0), err
		}
		best = min(best, time.Since(t0))
	}
	return best, nil
}

// FuzzRenderTime looks for super-linear inputs (issue 9 #6): a head
// written once, then a unit repeated to 16 KB and to 64 KB, both
// converted. A linear renderer takes about 4 times as long for the
// larger one, a quadratic one 16 times. The test fails when the 64 KB
// input takes over half the render budget, whether it renders or is
// refused for its output size (ErrTooLarge, which must come as quickly):
// a shape that slow at 64 KB would exceed the budget at the
// 100,000-character limit (linear shapes take about 2-60 ms here). It
// measures time, not only panics; a ratio over 10 is logged. Output size
// is bounded by MaxHTMLBytes, and MaxTableCells keeps a padded table
// from costing memory before that. The seeds are hostileUnits (no head)
// and hostileHeads, which all run in `go test`. Known and accepted:
// goldmark removes link reference definitions from a paragraph in
// quadratic time ("[a]: b" on 10,000 lines, about 0.1-0.4 s at 64 KB),
// within the bound.
func FuzzRenderTime(f *testing.F) {
	for _, u := range hostileUnits {
		f.Add("", u)
	}
	for _, h := range hostileHeads {
		f.Add(h.head, h.unit)
	}
	f.Fuzz(func(t *testing.T, head, unit string) {
		if unit == "" || len(unit) > 64 || len(head) > 16<<10 {
			return
		}
		small := head + strings.Repeat(unit, (16<<10)/len(unit))
		large := head + strings.Repeat(unit, (64<<10)/len(unit))
		ts, err := renderCost(small, RenderBudget)
		if err != nil && !errors.Is(err, ErrTooLarge) {
			t.Fatalf("head %.40q unit %q × %d: %v after %v", head, unit, len(small)/len(unit), err, ts)
		}
		tl, err := renderCost(large, RenderBudget)
		if err != nil && !errors.Is(err, ErrTooLarge) {
			t.Fatalf("head %.40q unit %q × %d: not rendered within %v (16 KB took %v)", head, unit, len(large)/len(unit), RenderBudget, ts)
		}
		if tl > RenderBudget/2 {
			t.Fatalf("head %.40q unit %q: 64 KB took %v (16 KB %v): over half the render budget", head, unit, tl, ts)
		}
		if tl > 100*time.Millisecond && tl > 10*ts {
			t.Logf("head %.40q unit %q: 64 KB took %v, 16 KB %v: super-linear but bounded", head, unit, tl, ts)
		}
	})
}
