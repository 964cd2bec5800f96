package markdown

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// TestFeaturedImageWholeBody (issue 21 #1): the featured image is the
// first qualifying image of the whole body, wherever it sits and however
// late it comes, not the first image of the 4,096-character snippet.
func TestFeaturedImageWholeBody(t *testing.T) {
	longEN := strings.Repeat("The collector marks live objects and sweeps the rest of the heap. ", 120)
	longJA := strings.Repeat("ガベージコレクタは生きているオブジェクトに印を付け、残りを回収します。", 150)
	cases := []struct {
		name, src, src0, alt string
	}{
		{"late image, English", "# Green Tea\n\n" + longEN + "\n\n![Heap diagram](https://go.dev/blog/greenteagc/heap.png)\n",
			"https://go.dev/blog/greenteagc/heap.png", "Heap diagram"},
		{"late image, Japanese", "# 緑茶\n\n" + longJA + "\n\n![ヒープの図](https://example.jp/画像/ヒープ.png)\n",
			"https://example.jp/%E7%94%BB%E5%83%8F/%E3%83%92%E3%83%BC%E3%83%97.png", "ヒープの図"},
		{"late image in a table", "# T\n\n" + longEN + "\n\n| a | b |\n|---|---|\n| x | ![cell](https://e.org/cell.png) |\n",
			"https://e.org/cell.png", "cell"},
		{"image inside a link", "See [![Badge](https://e.org/badge.png)](https://e.org/)\n", "https://e.org/badge.png", "Badge"},
		{"image in an HTML block", "Text.\n\n<figure>\n<img src=\"https://e.org/fig.jpg\" alt=\"A figure\">\n</figure>\n", "https://e.org/fig.jpg", "A figure"},
		{"inline HTML image", "Text <img alt=\"inline\" src=\"https://e.org/in.gif\"> more.\n", "https://e.org/in.gif", "inline"},
		{"angle-bracket URL with a space", "![alt](<https://example.com/img/a b.png>)\n", "https://example.com/img/a%20b.png", "alt"},
		{"protocol-relative", "![cdn](//cdn.example.com/x.png)\n", "https://cdn.example.com/x.png", "cdn"},
		{"SVG and relative passed over", "![s](https://e.org/badge.svg) ![r](local.png)\n\n![real](https://e.org/real.png)\n", "https://e.org/real.png", "real"},
		{"image in a nested list and quote", "> - item\n>   - ![deep](https://e.org/deep.webp)\n", "https://e.org/deep.webp", "deep"},
		{"none qualifies", "![r](local.png) <img src=\"/x.png\">\n", "", ""},
		{"reference-style image", "![ref][img]\n\n[img]: https://e.org/ref.png\n", "https://e.org/ref.png", "ref"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d := Convert(c.src, Options{})
			if d.FeaturedImage != c.src0 || d.FeaturedImageAlt != c.alt {
				t.Errorf("featured image = %q %q, want %q %q", d.FeaturedImage, d.FeaturedImageAlt, c.src0, c.alt)
			}
		})
	}
	// The late images really are past the snippet.
	d := Convert("# Green Tea\n\n"+longEN+"\n\n![Heap](https://go.dev/heap.png)\n", Options{})
	if utf8.RuneCountInString(d.Snippet) > 4096 || strings.Contains(d.Snippet, "heap.png") {
		t.Fatalf("the test's image is inside the snippet; make the text longer")
	}
}
