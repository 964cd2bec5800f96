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

// renderCost is the shorter of two timed conversions of src (less noise
// from a loaded machine); err is ErrTooComplex when src does not parse
// within budget.
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

// FuzzRenderTime looks for super-linear inputs (issue 9 #6): it repeats a
// unit to 16 KB and to 64 KB and converts both. A linear renderer takes
// about 4 times as long for the larger one, a quadratic one 16 times. The
// test fails when the 64 KB input takes over half the render budget: a
// shape that slow at 64 KB would exceed the budget at the 100,000-character
// limit (linear shapes take about 2-60 ms here). It measures time, not only
// panics; a ratio over 10 is logged. The seeds are the shapes of
// hostileUnits, which all run in `go test`. Known and accepted: goldmark
// removes link reference definitions from a paragraph in quadratic time
// ("[a]: b" on 10,000 lines, about 0.1-0.4 s at 64 KB), within the bound.
func FuzzRenderTime(f *testing.F) {
	for _, u := range hostileUnits {
		f.Add(u)
	}
	f.Fuzz(func(t *testing.T, unit string) {
		if unit == "" || len(unit) > 64 {
			return
		}
		small := strings.Repeat(unit, 16<<10/len(unit))
		large := strings.Repeat(unit, 64<<10/len(unit))
		ts, err := renderCost(small, RenderBudget)
		if err != nil {
			t.Fatalf("unit %q × %d: %v after %v", unit, len(small)/len(unit), err, ts)
		}
		tl, err := renderCost(large, RenderBudget)
		if errors.Is(err, ErrTooComplex) {
			t.Fatalf("unit %q × %d: not rendered within %v (16 KB took %v)", unit, len(large)/len(unit), RenderBudget, ts)
		}
		if tl > RenderBudget/2 {
			t.Fatalf("unit %q: 64 KB took %v (16 KB %v): over half the render budget", unit, tl, ts)
		}
		if tl > 100*time.Millisecond && tl > 10*ts {
			t.Logf("unit %q: 64 KB took %v, 16 KB %v: super-linear but bounded", unit, tl, ts)
		}
	})
}
