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
		"//cdn.example.org/a.png":                  "",
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
