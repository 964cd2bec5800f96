package markdown

import (
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stgy/stgypub"
)

func TestSnippetFormat(t *testing.T) {
	tests := []struct {
		name, src, want string
	}{
		{"empty", "", "[]"},
		{"heading and paragraph", "# Title\n\nSome *plain*  text\nnext line.", `[{"t":"h","l":1,"c":"Title"},{"t":"p","c":"Some plain text next line."}]`},
		{"image then text", "![Alt text](img/a.png) caption", `[{"t":"img","src":"img/a.png","alt":"Alt text"},{"t":"p","c":"caption"}]`},
		{"unsafe image dropped", "![x](javascript:alert(1))", `[]`},
		{"list items", "- one\n- two\n  - nested", `[{"t":"li","c":"one"},{"t":"li","c":"two"},{"t":"li","c":"nested"}]`},
		{"code keeps lines", "```\na < b\n  c\n```", `[{"t":"code","c":"a < b\n  c"}]`},
		{"quote and callout", "> [!NOTE]\n> Careful.\n\n> Quoted", `[{"t":"q","c":"Careful."},{"t":"q","c":"Quoted"}]`},
		{"braces are text", `{{HTTPSidebar}}` + "\n\n" + "`ETag` は HTTP ヘッダー", `[{"t":"p","c":"{{HTTPSidebar}}"},{"t":"p","c":"ETag は HTTP ヘッダー"}]`},
		{"html block text and image", `<p>Hi <b>there</b><img src="x.png" alt="X"></p>`, `[{"t":"img","src":"x.png","alt":"X"},{"t":"p","c":"Hi there"}]`},
		{"json escaping", `He said "a\b" &lt;ok&gt;`, `[{"t":"p","c":"He said \"a\\b\" <ok>"}]`},
		{"table", "| a | b |\n|---|---|\n| 1 | 2 |", `[{"t":"table","c":"a | b / 1 | 2","rows":[["a","b"],["1","2"]]}]`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Convert(tt.src, Options{}).Snippet; got != tt.want {
				t.Errorf("snippet of %q =\n%s\nwant\n%s", tt.src, got, tt.want)
			}
		})
	}
}

func TestSnippetLimit(t *testing.T) {
	tests := []struct {
		name string
		src  string
	}{
		{"long ascii paragraph", strings.Repeat("word ", 2000)},
		{"long japanese paragraph", strings.Repeat("日本語の文章です。", 1000)},
		{"many short paragraphs", strings.Repeat("Short paragraph.\n\n", 1000)},
		{"emoji", strings.Repeat(family+flagJP+eAcute+" ", 800)},
		{"escapes", strings.Repeat(`"\\ `, 2000)},
		{"control characters", strings.Repeat("a\x01\x02b", 2000)},
		{"long code", "```\n" + strings.Repeat("x := \"y\"\n", 1000) + "```"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := Convert(tt.src, Options{}).Snippet
			if !json.Valid([]byte(s)) {
				t.Fatalf("invalid JSON: %.200q", s)
			}
			n := utf8.RuneCountInString(s)
			if n > SnippetMaxLen {
				t.Fatalf("snippet has %d code points", n)
			}
			if n < SnippetMaxLen-64 {
				t.Errorf("snippet has only %d code points", n)
			}
			blocks, _ := stgypub.DecodeSnippet(s)
			if len(blocks) == 0 {
				t.Fatalf("no blocks")
			}
			last := blocks[len(blocks)-1]
			if strings.Count(tt.src, "\n\n") < 10 && !strings.HasSuffix(last.C, "…") {
				t.Errorf("cut block does not end with …: %.40q", last.C[max(0, len(last.C)-40):])
			}
		})
	}
}

func TestRenderSnippet(t *testing.T) {
	snippet := `[{"t":"h","l":2,"c":"Go & <you>"},{"t":"p","c":"Text 1"},{"t":"li","c":"a"},{"t":"li","c":"b"},` +
		`{"t":"img","src":"https://example.com/a.png","alt":"A \"q\""},{"t":"img","src":"javascript:alert(1)"},` +
		`{"t":"img","src":"data:image/png;base64,AAAA"},{"t":"code","c":"x < 1"},{"t":"q","c":"quote"},{"t":"h","l":9,"c":"deep"},{"t":"zz","c":"unknown"}]`
	tests := []struct {
		name    string
		snippet string
		opts    Options
		want    string
	}{
		{"horizontal", snippet, Options{}, `<h2>Go &amp; &lt;you&gt;</h2><p>Text 1</p><ul><li>a</li><li>b</li></ul>` +
			`<img src="https://example.com/a.png" alt="A &#34;q&#34;" loading="lazy"><pre tabindex="0"><code>x &lt; 1</code></pre>` +
			`<blockquote><p>quote</p></blockquote><h6>deep</h6>`},
		{"vertical", `[{"t":"p","c":"Go 1.22!"},{"t":"code","c":"go 1"}]`, Options{Vertical: true}, `<p>Ｇｏ　１．２２！</p><pre tabindex="0"><code>go 1</code></pre>`},
		{"invalid json", `[{"t":"p"`, Options{}, ""},
		{"not an array", `{"t":"p","c":"x"}`, Options{}, ""},
		{"empty", "", Options{}, ""},
		{"empty array", "[]", Options{}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := RenderSnippet(tt.snippet, tt.opts)
			if got != tt.want {
				t.Errorf("RenderSnippet =\n%s\nwant\n%s", got, tt.want)
			}
			assertSafeHTML(t, got)
		})
	}
}

func TestDocumentMetadata(t *testing.T) {
	tests := []struct {
		name                              string
		src                               string
		title, description, featuredImage string
	}{
		{"heading and paragraph", "Intro line\n\n## Section\n\nBody text.", "Section", "Intro line", ""},
		{"first line without heading", "\n\nFirst line\nsecond line\n\nNext para.", "First line", "First line second line", ""},
		{"image markdown", "Text ![a](https://example.com/a.png)", "Text", "Text", "https://example.com/a.png"},
		{"image raw html first", "<img src=\"https://e.org/img/x.jpg\">\n\n![b](https://e.org/b.png)", "", "", "https://e.org/img/x.jpg"},
		{"relative images passed over", "<img src=\"/img/x.jpg\">\n\n![b](b.png)", "", "", ""},
		{"image raw html with width", `<img src="https://go.dev/blog/10years/gopher.jpg" alt="" width="850">` + "\n\nHello.", "Hello.", "Hello.", "https://go.dev/blog/10years/gopher.jpg"},
		{"unsafe image skipped", "![a](javascript:x) ![b](data:image/png;base64,AA) ![c](c.png) ![d](http://e.org/d.png)", "", "", "http://e.org/d.png"},
		{"description skips html block", "<div>Banner</div>\n\nReal paragraph.", "Banner", "Real paragraph.", ""},
		{"long title cut", "# " + strings.Repeat("あ", 250), strings.Repeat("あ", 200), "", ""},
		{"long description cut", strings.Repeat(family, 100), strings.Repeat(family, 28), strings.Repeat(family, 42), ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := Convert(tt.src, Options{})
			if d.Title != tt.title || d.Description != tt.description || d.FeaturedImage != tt.featuredImage {
				t.Errorf("Convert(%.60q) = title %q, description %q, image %q; want %q, %q, %q",
					tt.src, d.Title, d.Description, d.FeaturedImage, tt.title, tt.description, tt.featuredImage)
			}
		})
	}
}

// TestRenderSnippetCard (issue 9 #11): in a list, the entry's title is not
// repeated, headings move below the list's h2 titles, and a table stays a
// table (with at most its first rows).
func TestRenderSnippetCard(t *testing.T) {
	md := "# Title\n\nIntro.\n\n## Part\n\n| Lang | Year |\n|---|---|\n| Go | 2009 |\n| Rust | 2010 |\n| C | 1972 |\n| Perl | 1987 |\n| Ruby | 1995 |\n| Lua | 1993 |\n\n```\ncode\n```"
	snippet := Convert(md, Options{}).Snippet
	got := RenderSnippetCard(snippet, Options{}, "Title")
	want := `<p>Intro.</p><h3>Part</h3><table><thead><tr><th>Lang</th><th>Year</th></tr></thead><tbody>` +
		`<tr><td>Go</td><td>2009</td></tr><tr><td>Rust</td><td>2010</td></tr><tr><td>C</td><td>1972</td></tr><tr><td>Perl</td><td>1987</td></tr></tbody></table>` +
		`<pre tabindex="0"><code>code</code></pre>`
	if got != want {
		t.Errorf("RenderSnippetCard =\n%s\nwant\n%s", got, want)
	}
	if strings.Contains(got, "<h1") || strings.Contains(got, "<h2") {
		t.Errorf("list entry has h1/h2: %s", got)
	}
	// Levels keep their distance below the h3 of the highest one.
	if got := RenderSnippetCard(`[{"t":"h","l":1,"c":"T"},{"t":"h","l":3,"c":"a"},{"t":"h","l":4,"c":"b"},{"t":"h","l":3,"c":"c"}]`, Options{}, "T"); got != "<h3>a</h3><h4>b</h4><h3>c</h3>" {
		t.Errorf("relative levels: %s", got)
	}
	// A first heading that is not the title stays (moved down).
	if got := RenderSnippetCard(`[{"t":"h","l":1,"c":"Other"},{"t":"p","c":"x"}]`, Options{}, "Title"); got != "<h3>Other</h3><p>x</p>" {
		t.Errorf("other heading: %s", got)
	}
	// Tables in the article: text cells, header row first, in vertical too.
	if got := RenderSnippet(`[{"t":"table","rows":[["a"],["1"]]}]`, Options{Vertical: true}); got != "<table><thead><tr><th>ａ</th></tr></thead><tbody><tr><td>１</td></tr></tbody></table>" {
		t.Errorf("vertical table: %s", got)
	}
}
