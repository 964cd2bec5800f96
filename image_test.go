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
	}
	for in, want := range cases {
		if got := stgypub.ShareableImage(in); got != want {
			t.Errorf("ShareableImage(%q) = %q, want %q", in, got, want)
		}
	}
}
