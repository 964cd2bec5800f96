package importer

import (
	"net/url"
	"slices"
	"strings"
	"testing"

	"github.com/stgy/stgypub/markdown"
)

// TestResolveURLs (issue 9 #5): relative links and images of imported
// Markdown resolve against the source's base URL on every syntax; code,
// fragments and absolute URLs are left alone.
func TestResolveURLs(t *testing.T) {
	base, _ := url.Parse("https://go.dev/blog/")
	tests := []struct{ name, in, want string }{
		{"inline link", "See [compat](/blog/compat).", "See [compat](https://go.dev/blog/compat)."},
		{"inline image", "![Where](survey2025/where.svg)", "![Where](https://go.dev/blog/survey2025/where.svg)"},
		{"title kept", `[a](b.html "Title: b")`, `[a](https://go.dev/blog/b.html "Title: b")`},
		{"angle destination", "[a](<x y.html>)", "[a](<https://go.dev/blog/x%20y.html>)"},
		{"parentheses balanced", "[w](/wiki/Go_(language))", "[w](https://go.dev/wiki/Go_(language))"},
		{"dot segments", "[up](../doc/effective_go)", "[up](https://go.dev/doc/effective_go)"},
		{"network path", "[n](//pkg.go.dev/fmt)", "[n](https://pkg.go.dev/fmt)"},
		{"query and fragment as written", "[q](</s?q=a b#弱い>)", "[q](<https://go.dev/s?q=a b#弱い>)"},
		{"fragment only", "[here](#section)", "[here](#section)"},
		{"absolute kept", "[x](https://example.com/a) [m](mailto:a@b.c)", "[x](https://example.com/a) [m](mailto:a@b.c)"},
		{"reference definition", "[ref]\n\n[ref]: /doc/faq", "[ref]\n\n[ref]: https://go.dev/doc/faq"},
		{"reference definition, destination on the next line", "[r]\n\n[r]:\n  /doc/x", "[r]\n\n[r]:\n  https://go.dev/doc/x"},
		{"a definition's destination that looks like a definition", "[a]\n\n[a]:\n[0]:0", "[a]\n\n[a]:\n[0]:0"},
		{"reference definition in angle brackets", "[r]\n\n[r]: </doc/a b>", "[r]\n\n[r]: <https://go.dev/doc/a%20b>"},
		{"raw html block", "<div>\n<img src=\"gc.png\" alt=\"GC\">\n<a href='/x'>x</a>\n</div>", "<div>\n<img src=\"https://go.dev/blog/gc.png\" alt=\"GC\">\n<a href='https://go.dev/x'>x</a>\n</div>"},
		{"inline html", "Text <img src=gc.png width=1> more", "Text <img src=https://go.dev/blog/gc.png width=1> more"},
		{"srcset", `<img src="a.png" srcset="a.png 1x, b.png 2x">`, `<img src="https://go.dev/blog/a.png" srcset="https://go.dev/blog/a.png 1x, https://go.dev/blog/b.png 2x">`},
		{"entity in attribute", `<a href="/s?a=1&amp;b=2">s</a>`, `<a href="https://go.dev/s?a=1&amp;b=2">s</a>`},
		{"code span untouched", "`[a](/b)`", "`[a](/b)`"},
		{"fenced code untouched", "```\n[a](/b)\n<img src=\"x.png\">\n```", "```\n[a](/b)\n<img src=\"x.png\">\n```"},
		{"indented code untouched", "Text.\n\n    ![a](b.png)\n", "Text.\n\n    ![a](b.png)\n"},
		{"text that looks like an attribute", "Write src=\"x.png\" in prose.", "Write src=\"x.png\" in prose."},
		{"escaped destination left alone", `[a](\(x\).html)`, `[a](\(x\).html)`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, _ := resolveURLs(tt.in, base)
			if got != tt.want {
				t.Errorf("resolveURLs(%q) =\n%q\nwant\n%q", tt.in, got, tt.want)
			}
			// The text a reader sees never changes.
			if a, b := markdown.PlainText(tt.in), markdown.PlainText(got); a != b {
				t.Errorf("plain text changed: %q -> %q", a, b)
			}
		})
	}
	if got, _ := resolveURLs("[a](b)", nil); got != "[a](b)" {
		t.Errorf("nil base changed the source: %q", got)
	}
}

// FuzzResolveURLs: rewriting never changes the text, makes every relative
// destination absolute and leaves the others as they were.
func FuzzResolveURLs(f *testing.F) {
	for _, s := range []string{"[a](b)", "![x](y.png)\n\n[r]: /z", "<img src=a.png>", "`[a](b)`", "[a](<b c>)", "[a](b(c)d)", "[a](\n/b)"} {
		f.Add(s)
	}
	base, _ := url.Parse("https://example.org/base/")
	f.Fuzz(func(t *testing.T, src string) {
		if !isValidUTF8(src) || len(src) > 4096 {
			return
		}
		out, err := resolveURLs(src, base)
		if err != nil {
			return
		}
		if a, b := markdown.PlainText(src), markdown.PlainText(out); a != b {
			t.Fatalf("plain text changed: %q -> %q (source %q -> %q)", a, b, src, out)
		}
		before, after := markdown.LinkDestinations(src), markdown.LinkDestinations(out)
		if len(before) != len(after) {
			t.Fatalf("destinations %q -> %q (source %q -> %q)", before, after, src, out)
		}
		for i := range before {
			if before[i] == after[i] {
				continue
			}
			if abs, ok := resolveRef(before[i], base); !ok || !sameURL(abs, after[i]) {
				t.Fatalf("destination %q became %q (source %q -> %q)", before[i], after[i], src, out)
			}
		}
		_ = slices.Equal(before, after)
	})
}

func isValidUTF8(s string) bool { return strings.ToValidUTF8(s, "\uFFFD") == s }

// sameURL compares two URL spellings after percent-decoding.
func sameURL(a, b string) bool {
	ua, errA := url.Parse(a)
	ub, errB := url.Parse(b)
	return errA == nil && errB == nil && ua.String() == ub.String()
}
