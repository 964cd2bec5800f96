package importer

import (
	"strings"
	"testing"

	"github.com/stgy/stgypub/markdown"
)

// TestMacros: each source's macros become CommonMark + GFM (or allowed
// HTML) at import; cases named "go …" use the Go blog's rewriter, the
// others MDN's.
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
		{"go raw code listing", "Code:\n\n{{raw `\n\tif x < 0 {\n\t}\n`}}\n\nAfter.", "<pre tabindex=\"0\"><code>if x &lt; 0 {\n}\n</code></pre>"},
		{"go image", `{{image "10years/gopher.jpg" 850}}`, `<img src="10years/gopher.jpg" alt="gopher" width="850">`},
		{"go video", `{{video "https://www.youtube.com/embed/x"}}`, `<a rel="nofollow noopener" href="https://www.youtube.com/embed/x">https://www.youtube.com/embed/x</a>`},
		{"go code include", "{{code \"strings/basic.go\" `/println/`}}", "<p><code>strings/basic.go</code></p>\n"},
		{"go raw file", `{{raw (file "matchlang/tags.html")}}`, "<p><code>matchlang/tags.html</code></p>\n"},
		{"unknown macro", `{{Foo("bar")}}`, "<p>Foo(&#34;bar&#34;)</p>\n"},
		{"not a macro", "{{.Title}} and {{ }}", "<p>{{.Title}} and {{ }}</p>\n"},
		{"unterminated", `{{HTTPHeader("ETag")`, "<p>{{HTTPHeader(&#34;ETag&#34;)</p>\n"},
		{"code span untouched", "`{{HTTPHeader(\"ETag\")}}`", "<p><code>{{HTTPHeader(&#34;ETag&#34;)}}</code></p>\n"},
		{"fenced code untouched", "```go\nx := []T{{1}, {2}}\n{{raw \"y\"}}\n```", "<pre tabindex=\"0\"><code class=\"language-go\">x := []T{{1}, {2}}\n{{raw &#34;y&#34;}}\n</code></pre>\n"},
		{"indented code untouched", "Text.\n\n\t{{.Name}} {{HTTPHeader(\"X\")}}\n", "<pre tabindex=\"0\"><code>{{.Name}} {{HTTPHeader(&#34;X&#34;)}}\n</code></pre>"},
		{"macro in html block", "<table>\n<tr><td>{{HTMLElement(\"a\")}}</td></tr>\n</table>", "<td><code>&lt;a&gt;</code></td>"},
		{"removed macro keeps html block", "<table>\n<tr><td>\n  {{EmbedLiveSample(\"x\", 100, 60)}}\n  </td></tr>\n</table>", "<table>\n<tr><td>\n  </td></tr>\n</table>"},
		{"removed macro keeps paragraph", "line one\n{{Compat}}\nline two", "<p>line one\nline two</p>\n"},
		{"macro punctuation is literal", `{{Glossary("*not emphasis*")}}`, "<p>*not emphasis*</p>\n"},
		{"macro pipe in table", "| a |\n|---|\n| {{HTTPHeader(\"a|b\")}} |", "<td><code>a|b</code></td>"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			expand := expandMDN
			if strings.HasPrefix(tt.name, "go ") {
				expand = expandGo
			}
			md, _, _ := expandMacros(tt.src, expand)
			if got := markdown.Render(md, markdown.Options{}); !strings.Contains(got, tt.want) {
				t.Errorf("Render(expand(%q)) =\n%q\n(Markdown %q)\nwant it to contain\n%q", tt.src, got, md, tt.want)
			}
		})
	}
}
