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
		{"task list", "- [ ] todo\n- [x] done", []string{`<li><input type="checkbox" disabled=""> todo</li>`, `<input type="checkbox" disabled="" checked="">`}},
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

func TestMacros(t *testing.T) {
	tests := []struct {
		name, src, want string
	}{
		{"sidebar removed", "{{HTTPSidebar}}\n\nText", "<p>Text</p>\n"},
		{"compat and specifications removed", "## 仕様書\n\n{{Specifications}}\n\n## ブラウザーの互換性\n\n{{Compat}}", "<h2 id=\"仕様書\">仕様書</h2>\n<h2 id=\"ブラウザーの互換性\">ブラウザーの互換性</h2>\n"},
		{"sidebar with args removed", `{{jsSidebar("Objects")}}x`, "<p>x</p>\n"},
		{"http header in code", `{{HTTPHeader("ETag")}} ヘッダー`, "<p><code>ETag</code> ヘッダー</p>\n"},
		{"jsxref", `{{jsxref("Promise")}} を返す`, "<p><code>Promise</code> を返す</p>\n"},
		{"jsxref second arg", `{{jsxref("Promise/all", "Promise.all()")}}`, "<p><code>Promise.all()</code></p>\n"},
		{"glossary label", `{{Glossary("HTML", "HTML 文書")}}を書く`, "<p>HTML 文書を書く</p>\n"},
		{"glossary single", `{{Glossary("HTML")}}`, "<p>HTML</p>\n"},
		{"htmlelement", `{{HTMLElement("q")}} 要素`, "<p><code>&lt;q&gt;</code> 要素</p>\n"},
		{"http status", `{{HTTPStatus(503)}} (Service Unavailable)`, "<p><code>503</code> (Service Unavailable)</p>\n"},
		{"http status label", `{{HTTPStatus("304", "304 Not Modified")}}`, "<p><code>304 Not Modified</code></p>\n"},
		{"cssxref single quotes", `{{cssxref('margin')}}`, "<p><code>margin</code></p>\n"},
		{"optional badge", "- `x` {{optional_inline}}", `<li><code>x</code> <small class="badge">optional</small></li>`},
		{"deprecated badge", "{{deprecated_inline}} old", `<p><small class="badge">deprecated</small> old</p>`},
		{"specname", `{{SpecName('HTML WHATWG', '#x', '&lt;time&gt;')}}`, "<p>HTML WHATWG</p>\n"},
		{"rfc", `{{RFC("7231", "Retry-After", "7.1.3")}}`, "<p>RFC 7231, section 7.1.3: Retry-After</p>\n"},
		{"interwiki", `{{interwiki("wikipedia", "グレゴリオ暦")}}`, "<p>グレゴリオ暦</p>\n"},
		{"go raw literal", `a {{raw "<"}}b`, "<p>a &lt;b</p>\n"},
		{"go raw code listing", "Code:\n\n{{raw `\n\tif x < 0 {\n\t}\n`}}\n\nAfter.", "<pre><code>if x &lt; 0 {\n}\n</code></pre>"},
		{"go image", `{{image "10years/gopher.jpg" 850}}`, `<img src="10years/gopher.jpg" alt="" width="850">`},
		{"go video", `{{video "https://www.youtube.com/embed/x"}}`, `<a rel="nofollow noopener" href="https://www.youtube.com/embed/x">https://www.youtube.com/embed/x</a>`},
		{"go code include", "{{code \"strings/basic.go\" `/println/`}}", "<p><code>strings/basic.go</code></p>\n"},
		{"go raw file", `{{raw (file "matchlang/tags.html")}}`, "<p><code>matchlang/tags.html</code></p>\n"},
		{"unknown macro", `{{Foo("bar")}}`, "<p>Foo(&#34;bar&#34;)</p>\n"},
		{"not a macro", "{{.Title}} and {{ }}", "<p>{{.Title}} and {{ }}</p>\n"},
		{"unterminated", `{{HTTPHeader("ETag")`, "<p>{{HTTPHeader(&#34;ETag&#34;)</p>\n"},
		{"code span untouched", "`{{HTTPHeader(\"ETag\")}}`", "<p><code>{{HTTPHeader(&#34;ETag&#34;)}}</code></p>\n"},
		{"fenced code untouched", "```go\nx := []T{{1}, {2}}\n{{raw \"y\"}}\n```", "<pre><code class=\"language-go\">x := []T{{1}, {2}}\n{{raw &#34;y&#34;}}\n</code></pre>\n"},
		{"indented code untouched", "Text.\n\n\t{{.Name}} {{HTTPHeader(\"X\")}}\n", "<pre><code>{{.Name}} {{HTTPHeader(&#34;X&#34;)}}\n</code></pre>"},
		{"macro in html block", "<table>\n<tr><td>{{HTMLElement(\"a\")}}</td></tr>\n</table>", "<td><code>&lt;a&gt;</code></td>"},
		{"removed macro keeps html block", "<table>\n<tr><td>\n  {{EmbedLiveSample(\"x\", 100, 60)}}\n  </td></tr>\n</table>", "<table>\n<tr><td>\n  </td></tr>\n</table>"},
		{"removed macro keeps paragraph", "line one\n{{Compat}}\nline two", "<p>line one\nline two</p>\n"},
		{"macro punctuation is literal", `{{Glossary("*not emphasis*")}}`, "<p>*not emphasis*</p>\n"},
		{"macro pipe in table", "| a |\n|---|\n| {{HTTPHeader(\"a|b\")}} |", "<td><code>a|b</code></td>"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Render(tt.src, Options{}); !strings.Contains(got, tt.want) {
				t.Errorf("Render(%q) =\n%q\nwant it to contain\n%q", tt.src, got, tt.want)
			}
		})
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
