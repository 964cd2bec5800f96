package markdown

import (
	"errors"
	"strings"
	"testing"
	"time"
)

// TestLimitNesting: lines opening more than MaxNesting containers keep the
// first MaxNesting and show the rest as text; code and shallow lines are
// untouched.
func TestLimitNesting(t *testing.T) {
	deep := func(marker string, n int) string { return strings.Repeat(marker, n) + "a" }
	for _, tc := range []struct {
		name, src  string
		lists, bqs int // <ul>/<ol> and <blockquote> elements in the output
		text       string
	}{
		{"stars", deep("* ", 40), MaxNesting, 0, "* * * * * * * * a"},
		{"dashes", deep("- ", 1000), MaxNesting, 0, "- - a"},
		{"ordered", deep("1. ", 40), MaxNesting, 0, "1. 1. 1. 1. 1. 1. 1. 1. a"},
		{"quotes", deep("> ", 40), 0, MaxNesting, "&gt; &gt; &gt; &gt; &gt; &gt; &gt; &gt; a"},
		{"quotes without spaces", deep(">", 40), 0, MaxNesting, "&gt;&gt;&gt;&gt;&gt;&gt;&gt;&gt;a"},
		{"mixed", deep("> - ", 20), MaxNesting / 2, MaxNesting / 2, "&gt; - &gt; - a"},
		{"at the limit", deep("* ", MaxNesting), MaxNesting, 0, "<li>a</li>"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			html := Render(tc.src, Options{})
			lists := strings.Count(html, "<ul>") + strings.Count(html, "<ol>")
			if lists != tc.lists || strings.Count(html, "<blockquote>") != tc.bqs || !strings.Contains(html, tc.text) {
				t.Errorf("%d lists, %d quotes, want %d, %d and text %q:\n%.300s", lists, strings.Count(html, "<blockquote>"), tc.lists, tc.bqs, tc.text, html)
			}
		})
	}
	fenced := "```\n" + deep("* ", 40) + "\n```\n"
	if got := limitNesting(fenced); got != fenced {
		t.Errorf("fenced code changed: %q", got)
	}
	shallow := "- a\n  - b\n    > c\n"
	if got := limitNesting(shallow + strings.Repeat("x", 100)); got != shallow+strings.Repeat("x", 100) {
		t.Errorf("shallow list changed: %q", got)
	}
}

// TestParseBudget: a parse that runs out of budget stops with
// ErrTooComplex; Convert and Render then show the escaped text.
func TestParseBudget(t *testing.T) {
	src := strings.Repeat("*a* [b](c) <i>d</i> `e`\n\n", 5000) + "<script>x</script>"
	if _, err := ConvertWithin(src, Options{}, time.Nanosecond); !errors.Is(err, ErrTooComplex) {
		t.Fatalf("ConvertWithin(1ns) = %v, want ErrTooComplex", err)
	}
	if _, err := RenderWithin(src, Options{}, time.Nanosecond); !errors.Is(err, ErrTooComplex) {
		t.Fatalf("RenderWithin(1ns) = %v, want ErrTooComplex", err)
	}
	if _, err := ConvertWithin(src, Options{}, RenderBudget); err != nil {
		t.Fatalf("ConvertWithin(budget) = %v", err)
	}
	d := unrendered(src)
	if !strings.HasPrefix(d.HTML, `<pre class="unrendered">*a* [b](c) &lt;i&gt;d&lt;/i&gt;`) || strings.Contains(d.HTML, "<script") ||
		d.Title != "*a* [b](c) <i>d</i> `e`" || d.Snippet == "[]" {
		t.Errorf("fallback = %.200q / %q / %q", d.HTML, d.Title, d.Snippet)
	}
}
