package markdown

import (
	"html"
	"regexp"
	"strings"
	"testing"

	"github.com/stgy/stgypub"
)

var altRE = regexp.MustCompile(`<img [^>]*alt="([^"]*)"`)

// TestAltTextKept (issue 9 #1): attribute text that a sanitizer pattern
// would reject is kept, escaped; the article, the stored snippet, its Rich
// rendering and the featured image's alt agree.
func TestAltTextKept(t *testing.T) {
	alts := []string{
		"Why Go?",
		"Go 1.21: new",
		"Latency (ms)",
		`He said "hi" & left; 100% <sure>`,
		"Q&A: what's next?",
		"図1：レイテンシ（ミリ秒）は？",
		"emoji 🎉 + math ≤ 5 = ok",
		"semi;colon #hash @at $5 ^ ~ | `tick`",
	}
	for _, alt := range alts {
		md := "![" + escapeMarkdown(alt) + "](a.png)\n\nText."
		doc := Convert(md, Options{})
		for name, out := range map[string]string{
			"article":  doc.HTML,
			"vertical": Render(md, Options{Vertical: true}),
			"snippet":  RenderSnippet(doc.Snippet, Options{}),
		} {
			m := altRE.FindStringSubmatch(out)
			if m == nil || html.UnescapeString(m[1]) != alt {
				t.Errorf("%s of %q: %s", name, alt, out)
			}
		}
		if s := stgypub.SummarizeSnippet(doc.Snippet); s.Image != "a.png" || s.ImageAlt != alt {
			t.Errorf("SummarizeSnippet = %+v; want a.png, %q", s, alt)
		}
	}
	// Raw HTML images and other prose attributes alike.
	raw := `<p><img src="b.png" alt="Step 2: done?" title="Why: this?"> <abbr title="HyperText Markup Language: HTML?">HTML</abbr></p>` +
		"\n\n<table summary=\"Totals: 2024?\"><tr><td abbr=\"Q: x?\">1</td></tr></table>"
	out := Render(raw, Options{})
	for _, want := range []string{`alt="Step 2: done?"`, `title="Why: this?"`, `title="HyperText Markup Language: HTML?"`, `summary="Totals: 2024?"`, `abbr="Q: x?"`} {
		if !strings.Contains(out, want) {
			t.Errorf("raw HTML lost %s: %s", want, out)
		}
	}
	// Escaping still holds: no attribute can be broken out of.
	out = Render(`<img src="c.png" alt='x" onerror="alert(1)' title="a&quot;b">`, Options{})
	if strings.Contains(out, `onerror="`) || !strings.Contains(out, `alt="x&#34; onerror=&#34;alert(1)"`) {
		t.Errorf("escaping: %s", out)
	}
}

// escapeMarkdown backslash-escapes ASCII punctuation for Markdown text.
func escapeMarkdown(s string) string {
	var b strings.Builder
	for _, r := range s {
		if r < 0x80 && isASCIIPunct(byte(r)) {
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	return b.String()
}

// TestCaptionedFigureImages: an image without alt in a captioned figure
// gets alt="" (its caption is the text beside it); one outside a figure,
// or in a figure without a caption, is left as written.
func TestCaptionedFigureImages(t *testing.T) {
	for src, want := range map[string]string{
		"<figure>\n<img src=\"a.png\">\n<figcaption>A diagram of the heap.</figcaption>\n</figure>": `<img alt="" src="a.png">`,
		"<figure><figcaption>First</figcaption><img src=\"b.png\"></figure>":                        `<img alt="" src="b.png">`,
		"<figure><img src=\"c.png\" alt=\"Kept\"><figcaption>x</figcaption></figure>":               `<img src="c.png" alt="Kept">`,
		"<figure><img src=\"d.png\"></figure>":                                                      `<img src="d.png">`,
		"<p><img src=\"e.png\"></p>":                                                                `<img src="e.png">`,
		"<figure><figure><img src=\"f.png\"></figure><figcaption>outer</figcaption></figure>":       `<img src="f.png">`,
	} {
		if got := Render(src, Options{}); !strings.Contains(got, want) {
			t.Errorf("Render(%q) = %q, want it to contain %q", src, got, want)
		}
	}
}
