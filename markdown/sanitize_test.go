package markdown

import (
	"strings"
	"testing"

	"golang.org/x/net/html"
)

// forbiddenElements may never appear in sanitized output.
var forbiddenElements = map[string]bool{
	"script": true, "iframe": true, "object": true, "embed": true, "form": true,
	"style": true, "svg": true, "math": true, "base": true, "link": true,
	"meta": true, "frame": true, "frameset": true, "textarea": true,
	"button": true, "select": true, "noscript": true, "template": true,
	"title": true, "xmp": true, "plaintext": true, "noembed": true, "noframes": true,
}

// urlAttrs hold URLs that must be http(s), mailto or relative.
var urlAttrs = map[string]bool{"href": true, "src": true, "cite": true, "action": true, "formaction": true, "srcset": true, "poster": true, "background": true}

// assertSafeHTML tokenizes out and fails on forbidden elements, event
// handler or style attributes, non-disabled inputs and unsafe URLs.
func assertSafeHTML(t *testing.T, out string) {
	t.Helper()
	z := html.NewTokenizer(strings.NewReader(out))
	for {
		tt := z.Next()
		if tt == html.ErrorToken {
			return
		}
		if tt != html.StartTagToken && tt != html.SelfClosingTagToken && tt != html.EndTagToken {
			continue
		}
		tok := z.Token()
		if forbiddenElements[tok.Data] {
			t.Errorf("forbidden element <%s> in %q", tok.Data, out)
		}
		disabled := false
		for _, a := range tok.Attr {
			key := strings.ToLower(a.Key)
			switch {
			case strings.HasPrefix(key, "on"), key == "style", key == "srcdoc", key == "formaction":
				t.Errorf("forbidden attribute %s on <%s> in %q", a.Key, tok.Data, out)
			case urlAttrs[key]:
				u := strings.ToLower(strings.Map(func(r rune) rune {
					if r <= ' ' {
						return -1
					}
					return r
				}, a.Val))
				if i := strings.IndexByte(u, ':'); i >= 0 && !strings.ContainsAny(u[:i], "/?#") &&
					!strings.HasPrefix(u, "http:") && !strings.HasPrefix(u, "https:") && !strings.HasPrefix(u, "mailto:") {
					t.Errorf("unsafe URL %s=%q on <%s> in %q", a.Key, a.Val, tok.Data, out)
				}
			case key == "disabled":
				disabled = true
			}
		}
		if tok.Data == "input" && !disabled {
			t.Errorf("enabled <input> in %q", out)
		}
	}
}

func TestSanitizeXSS(t *testing.T) {
	tests := []struct {
		name, src string
	}{
		{"script tag", `<script>alert(1)</script>`},
		{"script mixed case", `<ScRiPt src="//evil.example/x.js"></sCrIpT>`},
		{"script in paragraph", "hello <script>alert(1)</script> world"},
		{"img onerror", `<img src=x onerror=alert(1)>`},
		{"img onerror quoted", `<img src="x.png" onerror="alert(1)">`},
		{"markdown javascript link", `[x](javascript:alert(1))`},
		{"markdown JAVASCRIPT link", `[x](JAVASCRIPT:alert(1))`},
		{"markdown mixed-case link", `[x](JaVaScRiPt:alert(1))`},
		{"entity tab obfuscation", `[x](jav&#x09;ascript:alert(1))`},
		{"raw entity tab obfuscation", `<a href="jav&#x09;ascript:alert(1)">x</a>`},
		{"raw entity colon obfuscation", `<a href="javascript&#58;alert(1)">x</a>`},
		{"raw decimal entities", `<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>`},
		{"leading space javascript", `<a href=" javascript:alert(1)">x</a>`},
		{"newline in scheme", "<a href=\"java\nscript:alert(1)\">x</a>"},
		{"data html link", `<a href="data:text/html,<script>alert(1)</script>">x</a>`},
		{"data image markdown", `![x](data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=)`},
		{"data link markdown", `[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)`},
		{"vbscript link", `[x](vbscript:msgbox(1))`},
		{"vbscript raw", `<a href="VBScript:msgbox(1)">x</a>`},
		{"svg onload", `<svg onload=alert(1)><circle r="10"/></svg>`},
		{"svg script", `<svg><script>alert(1)</script></svg>`},
		{"iframe", `<iframe src="https://evil.example/"></iframe>`},
		{"iframe srcdoc", `<iframe srcdoc="<script>alert(1)</script>"></iframe>`},
		{"object", `<object data="x.swf"></object>`},
		{"embed", `<embed src="x.swf">`},
		{"form", `<form action="https://evil.example/"><input type="text" name="q"><button>go</button></form>`},
		{"style element", `<style>body{background:url(javascript:alert(1))}</style>`},
		{"style attribute", `<p style="background:url(javascript:alert(1))">x</p>`},
		{"style attribute on span", `<span style="position:fixed;top:0">x</span>`},
		{"math href", `<math><mtext><a href="javascript:alert(1)">x</a></mtext></math>`},
		{"math mglyph", `<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>`},
		{"details ontoggle", `<details open ontoggle=alert(1)><summary>x</summary></details>`},
		{"body onload", `<body onload=alert(1)>`},
		{"meta refresh", `<meta http-equiv="refresh" content="0;url=javascript:alert(1)">`},
		{"base href", `<base href="javascript:alert(1)//">`},
		{"link stylesheet", `<link rel="stylesheet" href="https://evil.example/x.css">`},
		{"autolink javascript", `<javascript:alert(1)>`},
		{"reference link javascript", "[x][r]\n\n[r]: javascript:alert(1)"},
		{"image javascript", `![x](javascript:alert(1))`},
		{"a onclick", `<a href="https://example.com" onclick="alert(1)">x</a>`},
		{"heading attribute onclick", `## Title {onclick="alert(1)" style="color:red"}`},
		{"comment breakout", `<!-- --><script>alert(1)</script> -->`},
		{"cdata", `<![CDATA[<script>alert(1)</script>]]>`},
		{"unclosed tag", `<img src="x" onerror="alert(1)"`},
		{"textarea breakout", `<textarea><script>alert(1)</script></textarea>`},
		{"noscript", `<noscript><p title="</noscript><img src=x onerror=alert(1)>">`},
		{"input autofocus", `<input autofocus onfocus=alert(1)>`},
		{"input text", `<input type="text" value="x">`},
		{"macro with script", `{{Glossary("<script>alert(1)</script>")}}`},
		{"macro raw script", `{{raw "<script>alert(1)</script>"}}`},
		{"macro image javascript", `{{image "javascript:alert(1)"}}`},
		{"macro video javascript", `{{video "javascript:alert(1)"}}`},
		{"callout with script", "> [!NOTE]\n> <script>alert(1)</script>"},
		{"table cell script", "| a |\n|---|\n| <script>alert(1)</script> |"},
		{"footnote script", "x[^1]\n\n[^1]: <img src=x onerror=alert(1)>"},
		{"unclosed title then script", "<title>\n<script>alert(1)</script>"},
		{"textarea then handler", "Use <textarea> <img src=x onerror=alert(1)>"},
		{"plaintext then script", "<plaintext><script>alert(1)</script>"},
		{"xmp breakout", "<xmp><img src=x onerror=alert(1)></xmp>"},
		{"noscript block with handler", "<noscript>\n<img src=x onerror=alert(1)>\n</noscript>"},
		{"comment then script in block", "<div>\n<!-- --><script>alert(1)</script>\n</div>"},
		{"self-closing style then script", "<style/><script>alert(1)</script>"},
		{"svg foreignObject iframe", "<svg><foreignObject><iframe src=javascript:alert(1)>"},
		{"template script", "<template>\n<script>alert(1)</script>\n</template>"},
		{"end tag in attribute", `<a href="/x" title="</title><script>alert(1)</script>">x</a>`},
		{"pair around script", "<center>\n<script>alert(1)</script>\n</center>"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for _, opts := range []Options{{}, {Vertical: true}} {
				got := Render(tt.src, opts)
				assertSafeHTML(t, got)
				assertBalanced(t, got)
				if strings.Contains(strings.ToLower(got), "<script") {
					t.Errorf("vertical=%v: <script in %q", opts.Vertical, got)
				}
			}
		})
	}
}

func TestSanitizeKeeps(t *testing.T) {
	tests := []struct {
		name, src, want string
	}{
		{"https link gets rel", `[x](https://example.com/)`, `<a rel="nofollow noopener" href="https://example.com/">x</a>`},
		{"relative link", `[x](/pub/1)`, `<a rel="nofollow noopener" href="/pub/1">x</a>`},
		{"raw link rel replaced", `<a href="https://example.com/" rel="opener" target="_top">x</a>`, `<a rel="nofollow noopener" href="https://example.com/">x</a>`},
		{"http image", `![alt](http://example.com/a.png)`, `<img src="http://example.com/a.png" alt="alt">`},
		{"relative image", `![alt](img/a.png)`, `<img src="img/a.png" alt="alt">`},
		{"code language class", "```go\nx := 1\n```", `<pre tabindex="0"><code class="language-go">x := 1`},
		{"details summary", "<details open>\n<summary>More</summary>\n\nBody\n\n</details>", `<details open="">`},
		{"task list disabled", "- [x] done\n- [ ] todo", `<input type="checkbox" disabled="" checked="" aria-label="done">`},
		{"raw checkbox forced to disabled", `<input type="checkbox">`, `<input type="checkbox" disabled="" aria-label="task">`},
		{"table align", "| a | b |\n|:--|--:|\n| 1 | 2 |", `<th align="left">a</th>`},
		{"mailto link", `[mail](mailto:a@example.com)`, `href="mailto:a@example.com"`},
		{"stray end tags dropped", "a</div></div></article> b", "<p>a b</p>"},
		{"unclosed link closed", `<a href="/x">rest of page`, `<a rel="nofollow noopener" href="/x">rest of page</a>`},
		{"unclosed block closed", "<details><summary>S</summary>\n\ntext", "<p>text</p>\n</details>"},
		{"misnested closed in order", "<div><b>x</div>", "<div><b>x</b></div>"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Render(tt.src, Options{}); !strings.Contains(got, tt.want) {
				t.Errorf("Render(%q) = %q, want it to contain %q", tt.src, got, tt.want)
			}
		})
	}
}

// assertBalanced fails when an end tag does not close the innermost open
// element or an element is left open.
func assertBalanced(t *testing.T, out string) {
	t.Helper()
	z := html.NewTokenizer(strings.NewReader(out))
	var open []string
	for {
		switch z.Next() {
		case html.ErrorToken:
			if len(open) > 0 {
				t.Fatalf("unclosed %v in %q", open, out)
			}
			return
		case html.StartTagToken:
			name, _ := z.TagName()
			if !voidElements[string(name)] {
				open = append(open, string(name))
			}
		case html.EndTagToken:
			name, _ := z.TagName()
			if len(open) == 0 || open[len(open)-1] != string(name) {
				t.Fatalf("end tag </%s> does not close %v in %q", name, open, out)
			}
			open = open[:len(open)-1]
		}
	}
}
