package markdown

import (
	"strings"
	"testing"
)

func TestRenderFeatures(t *testing.T) {
	tests := []struct {
		name, src string
		want      []string
	}{
		{"english heading id", "## Hello, World!", []string{`<h2 id="hello-world">Hello, World!</h2>`}},
		{"japanese heading id", "## 理解を深める", []string{`<h2 id="理解を深める">理解を深める</h2>`}},
		{"mixed heading id", "### CORS のヘッダー", []string{`<h3 id="cors-のヘッダー">`}},
		{"duplicate heading ids", "## 例\n\n## 例\n\n## 例", []string{`id="例"`, `id="例-1"`, `id="例-2"`}},
		{"heading id without markup", "## The `Marshal` [function](/pkg/json)", []string{`<h2 id="the-marshal-function">`}},
		{"explicit heading id", "## Making a Build Reproducible {#how}", []string{`<h2 id="how">Making a Build Reproducible</h2>`}},
		{"braces kept in heading", "## Generic JSON with interface{}", []string{`<h2 id="generic-json-with-interface">Generic JSON with interface{}</h2>`}},
		{"other attributes not parsed", "## f(x) {y=1}", []string{`>f(x) {y=1}</h2>`}},
		{"explicit id after markup", "## The *Go* way {#go-way}", []string{`<h2 id="go-way">The <em>Go</em> way</h2>`}},
		{"punctuation-only heading", "## ???", []string{`<h2 id="section">`}},
		{"table", "| a | b |\n|---|---|\n| 1 | 2 |", []string{"<table>", "<th>a</th>", "<td>2</td>"}},
		{"strikethrough", "~~gone~~", []string{"<del>gone</del>"}},
		{"linkify", "see https://go.dev/blog now", []string{`<a rel="nofollow noopener" href="https://go.dev/blog">https://go.dev/blog</a>`}},
		{"linkify www", "visit www.example.com today", []string{`href="http://www.example.com"`}},
		{"task list", "- [ ] todo\n- [x] done", []string{`<li><input type="checkbox" disabled="" aria-label="todo"> todo</li>`, `<input type="checkbox" disabled="" checked="" aria-label="done">`}},
		{"task list names", "- [ ] **buy** \"milk\" & <eggs>\n  - [ ] nested\n- [ ]\n\n* [x] a [link](https://example.com/) here\n\n  second paragraph", []string{
			`aria-label="buy &#34;milk&#34; &amp; &lt;eggs&gt;"`, `aria-label="nested"`, `<li><input type="checkbox" disabled="" aria-label="task"> </li>`,
			`aria-label="a link here"`}},
		{"task list name bounded", "- [ ] " + strings.Repeat("é", 300), []string{`aria-label="` + strings.Repeat("é", 100) + `"`}},
		{"footnote", "Text[^1].\n\n[^1]: The note.", []string{
			`<sup id="fnref:1"><a rel="nofollow noopener" href="#fn:1" class="footnote-ref" role="doc-noteref">1</a></sup>`,
			`<div class="footnotes" role="doc-endnotes">`, `<li id="fn:1">`, `class="footnote-backref"`,
		}},
		{"callout note", "> [!NOTE]\n> Be careful.", []string{`<blockquote class="callout note"><p class="callout-title">Note</p>`, "<p>Be careful.</p>"}},
		{"callout warning lower case", "> [!warning]\n> Hot.", []string{`<blockquote class="callout warning"><p class="callout-title">Warning</p>`}},
		{"callout marker alone", "> [!TIP]\n>\n> Later.", []string{`<blockquote class="callout tip"><p class="callout-title">Tip</p>`, "<p>Later.</p>"}},
		{"plain blockquote", "> [link](x) text", []string{"<blockquote>\n<p>"}},
		{"inline html kept", "a <kbd>b</kbd> <abbr title=\"c\">C</abbr>", []string{"<abbr title=\"c\">C</abbr>"}},
		{"hard break", "a  \nb", []string{"a<br>"}},
		{"mdn definition list", "- `datetime`\n  - : 日時を表します。\n- term\n  - : desc", []string{
			"<dl>\n<dt><code>datetime</code></dt>\n<dd>日時を表します。</dd>\n<dt>term</dt>\n<dd>desc</dd>\n</dl>",
		}},
		{"ordinary nested list stays a list", "- a\n  - b", []string{"<ul>\n<li>a\n<ul>\n<li>b</li>"}},
		{"colon list needs every item", "- a\n  - : x\n- b", []string{"<ul>", "<li>: x</li>"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Render(tt.src, Options{})
			for _, w := range tt.want {
				if !strings.Contains(got, w) {
					t.Errorf("Render(%q) = %q\nwant it to contain %q", tt.src, got, w)
				}
			}
		})
	}
}

// TestNoMacroExpansion (issue 13 #6): the renderer sees plain CommonMark +
// GFM; "{{...}}" an owner writes keeps its braces (imported sources' macros
// are expanded by the importer, see importer/macro_test.go).
func TestNoMacroExpansion(t *testing.T) {
	for src, want := range map[string]string{
		`{{Foo("bar")}}`:                "<p>{{Foo(&#34;bar&#34;)}}</p>\n",
		`{{HTTPHeader("ETag")}} ヘッダー`:   "<p>{{HTTPHeader(&#34;ETag&#34;)}} ヘッダー</p>\n",
		`{{raw "<"}}b`:                  "<p>{{raw &#34;&lt;&#34;}}b</p>\n",
		"{{Compat}}":                    "<p>{{Compat}}</p>\n",
		"Use {{.Title}} in a template.": "<p>Use {{.Title}} in a template.</p>\n",
	} {
		if got := Render(src, Options{}); got != want {
			t.Errorf("Render(%q) = %q, want %q", src, got, want)
		}
	}
}

// TestLeadingBOMIgnored: content stored with a byte-order mark (before the
// input boundaries stripped it) still renders its first heading.
func TestLeadingBOMIgnored(t *testing.T) {
	doc := Convert("\uFEFF# Hello\n\nBody", Options{})
	if doc.Title != "Hello" || !strings.Contains(doc.HTML, `<h1 id="hello">Hello</h1>`) || strings.Contains(doc.HTML, "\uFEFF") {
		t.Errorf("Convert = %+v", doc)
	}
	if pt := PlainText("\uFEFF# Hello\n\nBody"); pt != "Hello Body" {
		t.Errorf("PlainText = %q", pt)
	}
}
