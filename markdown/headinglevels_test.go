package markdown

import (
	"strings"
	"testing"
)

// TestOneH1 (new-user report item 15): a body renders at most one <h1>,
// the first non-blank heading when it is level 1; later level-1 headings
// (ATX or Setext) render as <h2>; a heading without visible text renders
// nothing and is not the title.
func TestOneH1(t *testing.T) {
	tests := []struct {
		name, src string
		h1, h2    int
		title     string
		has, not  []string
	}{
		{"three h1", "# One\n\ntext\n\n# Two\n\nSetext\n======\n", 1, 2, "One",
			[]string{`<h1 id="one">One</h1>`, `<h2 id="two">Two</h2>`, `<h2 id="setext">Setext</h2>`}, nil},
		{"empty heading first", "#\n\nBody text\n", 0, 0, "Body text", nil, []string{"<h1", `id="section"`}},
		{"empty heading then title", "#\n\n# Real\n\n# Second\n", 1, 1, "Real", []string{`>Real</h1>`, `>Second</h2>`}, nil},
		{"invisible heading", "# \u200b\u2060\n\n## Sub\n\n# Later\n", 0, 2, "Sub", []string{`>Sub</h2>`, `>Later</h2>`}, []string{"<h1"}},
		{"first heading h2", "## Intro\n\n# Big\n\n### Small\n", 0, 2, "Intro", []string{`>Big</h2>`, "<h3"}, []string{"<h1"}},
		{"single h1 kept", "# Title\n\n## A\n\n### B\n", 1, 1, "Title", []string{`>Title</h1>`, `>A</h2>`, `>B</h3>`}, nil},
		{"empty setext and empty h2", "##\n\ntext\n", 0, 0, "text", nil, []string{"<h2"}},
		{"image heading kept", "# ![](https://example.com/logo.png)\n\n# Next\n", 1, 1, "Next", []string{"<h1", "logo.png", `>Next</h2>`}, nil},
		{"h1 in blockquote later", "# Top\n\n> # Quoted\n", 1, 1, "Top", []string{`>Quoted</h2>`}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for _, vertical := range []bool{false, true} {
				d := Convert(tt.src, Options{Vertical: vertical})
				if n := strings.Count(d.HTML, "<h1"); n != tt.h1 {
					t.Errorf("vertical=%v: %d <h1>, want %d:\n%s", vertical, n, tt.h1, d.HTML)
				}
				if n := strings.Count(d.HTML, "<h2"); n != tt.h2 {
					t.Errorf("vertical=%v: %d <h2>, want %d:\n%s", vertical, n, tt.h2, d.HTML)
				}
				if vertical {
					continue // text is wrapped for vertical writing
				}
				if d.Title != tt.title {
					t.Errorf("title %q, want %q", d.Title, tt.title)
				}
				for _, s := range tt.has {
					if !strings.Contains(d.HTML, s) {
						t.Errorf("HTML lacks %s:\n%s", s, d.HTML)
					}
				}
				for _, s := range tt.not {
					if strings.Contains(d.HTML, s) {
						t.Errorf("HTML has %s:\n%s", s, d.HTML)
					}
				}
				for _, h := range []string{"<h1", "<h2", "<h3", "<h4", "<h5", "<h6"} {
					if strings.Contains(d.HTML, h+` id="section"></h`) || strings.Contains(d.HTML, h+"></h") {
						t.Errorf("empty heading:\n%s", d.HTML)
					}
				}
				// Render gives the same HTML, and rendering twice is stable
				// (the tree is restored after a render).
				if r := Render(tt.src, Options{}); r != d.HTML {
					t.Errorf("Render differs:\n%s\n%s", r, d.HTML)
				}
			}
		})
	}
}
