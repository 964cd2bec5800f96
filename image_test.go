package stgypub_test

import (
	"testing"

	"github.com/stgy/stgypub"
)

func TestShareableImage(t *testing.T) {
	cases := map[string]string{
		"https://go.dev/blog/survey2025/where.png": "https://go.dev/blog/survey2025/where.png",
		" http://cdn.example.org/a.jpg?w=1200 ":    "http://cdn.example.org/a.jpg?w=1200",
		"https://example.org/image":                "https://example.org/image",
		"survey2025/where.png":                     "",
		"/pub/survey2025/where.png":                "",
		"//cdn.example.org/a.png":                  "https://cdn.example.org/a.png",
		"https://go.dev/blog/survey2025/where.svg": "",
		"https://example.org/a.SVG":                "",
		"ftp://example.org/a.png":                  "",
		"https://user:pw@example.org/a.png":        "",
		"javascript:alert(1)":                      "",
		"":                                         "",
		// This server's own host serves no post images, on any port.
		"https://pub.example.test/pub/where.png":     "",
		"http://PUB.example.test:8080/ui/x/logo.png": "",
		"https://cdn.pub.example.test/where.png":     "https://cdn.pub.example.test/where.png",
	}
	for in, want := range cases {
		if got := stgypub.ShareableImage(in, "https://pub.example.test/"); got != want {
			t.Errorf("ShareableImage(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestShareableImageNoSelf: without a base URL only the other rules apply.
func TestShareableImageNoSelf(t *testing.T) {
	if got := stgypub.ShareableImage("https://pub.example.test/a.png", ""); got != "https://pub.example.test/a.png" {
		t.Errorf("got %q", got)
	}
}

// TestFeaturedImageURL: the absolute form of every kind of source a body
// may give (docs/SPEC.md#featured-image).
func TestFeaturedImageURL(t *testing.T) {
	cases := map[string]string{
		"https://example.com/img/a b.png":   "https://example.com/img/a%20b.png",
		"https://example.com/img/a%20b.png": "https://example.com/img/a%20b.png",
		" https://example.com/a  b c.jpg ":  "https://example.com/a%20%20b%20c.jpg",
		"//cdn.example.com/x.png":           "https://cdn.example.com/x.png",
		"//cdn.example.com/a b.png?w=1 2":   "https://cdn.example.com/a%20b.png?w=1%202",
		"HTTP://EXAMPLE.com/A.png":          "http://example.com/A.png",
		"https://例え.jp/画像.png":              "https://xn--r8jz45g.jp/%E7%94%BB%E5%83%8F.png",
		"https://e.org/a.png#frag ment":     "https://e.org/a.png#frag%20ment",
		"https://e.org:8443/a.webp":         "https://e.org:8443/a.webp",
		"https://e.org/a.svg":               "",
		"//cdn.example.com/x.SVGZ":          "",
		"img/a.png":                         "",
		"/img/a.png":                        "",
		"?x=1":                              "",
		"data:image/png;base64,AAAA":        "",
		"javascript:alert(1)//x.png":        "",
		"https://u:p@e.org/a.png":           "",
		"https://e.org/a\\b.png":            "",
		"https://e.org/a\nb.png":            "",
		"https:///a.png":                    "",
		"":                                  "",
	}
	for in, want := range cases {
		if got := stgypub.FeaturedImageURL(in); got != want {
			t.Errorf("FeaturedImageURL(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestFeaturedImageRule: the first qualifying image wins; earlier ones
// that cannot be advertised are passed over, with their alt text.
func TestFeaturedImageRule(t *testing.T) {
	got := stgypub.FeaturedImage([]stgypub.Image{
		{Src: "badge.svg", Alt: "badge"}, {Src: "https://e.org/logo.svg", Alt: "logo"},
		{Src: "local/a.png", Alt: "local"}, {Src: "//cdn.e.org/p q.png", Alt: " The  photo "}, {Src: "https://e.org/z.png"},
	})
	if want := (stgypub.Image{Src: "https://cdn.e.org/p%20q.png", Alt: "The photo"}); got != want {
		t.Errorf("FeaturedImage = %+v, want %+v", got, want)
	}
	if got := stgypub.FeaturedImage([]stgypub.Image{{Src: "a.png"}}); got != (stgypub.Image{}) {
		t.Errorf("only relative: %+v", got)
	}
	if got := stgypub.FeaturedImage(nil); got != (stgypub.Image{}) {
		t.Errorf("none: %+v", got)
	}
}
