package markdown

import (
	"strings"
	"testing"
)

func TestVertical(t *testing.T) {
	tests := []struct {
		name, src string
		want      []string // substrings of the vertical output
		notWant   []string
	}{
		{
			name: "text converted",
			src:  "Go 1.22 は 2024 年!",
			want: []string{"<p>Ｇｏ\u3000１．２２\u3000は\u3000２０２４\u3000年！</p>"},
		},
		{
			name: "escaped characters converted",
			src:  `a < b & "c"`,
			want: []string{"ａ\u3000＜\u3000ｂ\u3000＆\u3000＂ｃ＂"},
		},
		{
			name: "entities and backslash escapes resolved first",
			src:  `&amp; \* &#65;`,
			want: []string{"＆\u3000＊\u3000Ａ"},
		},
		{
			name:    "code span untouched",
			src:     "use `go test ./...` now",
			want:    []string{"<code>go test ./...</code>", "ｕｓｅ\u3000"},
			notWant: []string{"ｇｏ\u3000ｔｅｓｔ"},
		},
		{
			name: "code block untouched",
			src:  "```go\nx := 1\n```",
			want: []string{`<pre tabindex="0"><code class="language-go">x := 1`},
		},
		{
			name:    "link URL untouched, label converted",
			src:     "[Go blog](https://go.dev/blog)",
			want:    []string{`href="https://go.dev/blog"`, ">Ｇｏ\u3000ｂｌｏｇ</a>"},
			notWant: []string{"ｈｔｔｐｓ"},
		},
		{
			name:    "autolink untouched",
			src:     "see https://go.dev/",
			want:    []string{`>https://go.dev/</a>`},
			notWant: []string{"ｈｔｔｐｓ"},
		},
		{
			name:    "image alt and src untouched",
			src:     "![A cat](cat.png)",
			want:    []string{`<img src="cat.png" alt="A cat">`},
			notWant: []string{"Ａ\u3000ｃａｔ"},
		},
		{
			name: "raw html tags and attributes untouched",
			src:  `x <abbr title="Cascading Style Sheets">CSS</abbr> y`,
			want: []string{`<abbr title="Cascading Style Sheets">ＣＳＳ</abbr>`},
		},
		{
			name: "heading id untouched",
			src:  "## Hello World",
			want: []string{`<h2 id="hello-world">Ｈｅｌｌｏ　Ｗｏｒｌｄ</h2>`},
		},
		{
			name: "code untouched, text converted",
			src:  "`ETag` と HTML 文書",
			want: []string{"<code>ETag</code>", "ＨＴＭＬ\u3000文書"},
		},
		{
			name: "japanese unchanged",
			src:  "日本語の文章。",
			want: []string{"<p>日本語の文章。</p>"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Render(tt.src, Options{Vertical: true})
			for _, w := range tt.want {
				if !strings.Contains(got, w) {
					t.Errorf("vertical Render(%q) = %q\nwant it to contain %q", tt.src, got, w)
				}
			}
			for _, w := range tt.notWant {
				if strings.Contains(got, w) {
					t.Errorf("vertical Render(%q) = %q\nmust not contain %q", tt.src, got, w)
				}
			}
		})
	}
}

func TestFullWidth(t *testing.T) {
	if got, want := FullWidth(" !09AZaz~\u007f日\n"), "\u3000！０９ＡＺａｚ～\u007f日\n"; got != want {
		t.Errorf("fullWidth = %q, want %q", got, want)
	}
}
