package markdown

import (
	"strings"
	"testing"

	"github.com/stgy/stgypub/internal/corpus"
)

// benchArticle reads one corpus article body (front matter removed);
// rel is its manifest name ("en/survey2025.md", internal/corpus).
func benchArticle(b *testing.B, rel string) string {
	b.Helper()
	_, body := SplitFrontMatter(corpus.Get(b, rel).Text)
	return body
}

func benchmarkConvert(b *testing.B, rel string, opts Options) {
	body := benchArticle(b, rel)
	b.SetBytes(int64(len(body)))
	b.ReportAllocs()
	for b.Loop() {
		_ = Convert(body, opts)
	}
}

// BenchmarkConvert converts the largest Go blog article (~50 KB).
func BenchmarkConvert(b *testing.B) {
	benchmarkConvert(b, "en/survey2025.md", Options{})
}

func BenchmarkConvertVertical(b *testing.B) {
	benchmarkConvert(b, "en/survey2025.md", Options{Vertical: true})
}

// BenchmarkConvertMDN converts an MDN page full of raw HTML (its macros
// as written: the renderer does not expand them).
func BenchmarkConvertMDN(b *testing.B) {
	benchmarkConvert(b, "ja/web-http-headers-cache-control.md", Options{})
}

func BenchmarkRender(b *testing.B) {
	body := benchArticle(b, "en/survey2025.md")
	b.SetBytes(int64(len(body)))
	b.ReportAllocs()
	for b.Loop() {
		_ = Render(body, Options{})
	}
}

func BenchmarkRenderSnippet(b *testing.B) {
	snippet := Convert(benchArticle(b, "ja/web-http-headers-etag.md"), Options{}).Snippet
	b.ReportAllocs()
	for b.Loop() {
		_ = RenderSnippet(snippet, Options{})
	}
}

func BenchmarkKWIC(b *testing.B) {
	text := PlainText(benchArticle(b, "en/survey2025.md"))
	b.SetBytes(int64(len(text)))
	b.ReportAllocs()
	for b.Loop() {
		_ = KWIC(text, "developers", 40, 5)
	}
}

// BenchmarkHostile renders the hostile shapes of issue 9 #6 at about 99 KB
// beside a real article body of the same size (the demo's survey2025,
// repeated): bounded rendering keeps each within a small multiple of it
// (docs/SPEC.md#bounded-rendering). Report the ratios hostile/baseline.
func BenchmarkHostile(b *testing.B) {
	article := benchArticle(b, "en/survey2025.md")
	baseline := strings.Repeat(article, 99_000/len(article)+1)[:99_000]
	cases := []struct{ name, src string }{
		{"baseline-article", baseline},
		{"list-star-49499", strings.Repeat("* ", 49_499) + "a"},
		{"quote-49499", strings.Repeat("> ", 49_499) + "a"},
		{"unclosed-link-24750", strings.Repeat("[a](", 24_750)},
		{"stray-end-tags", strings.Repeat("<b></i>", 14_142)},
		// Output amplifiers: the table stays text (MaxTableCells), the
		// references stop at MaxHTMLBytes and show the escaped text.
		{"padded-table-2000-columns", strings.Repeat("|a", 2000) + "\n" + strings.Repeat("|-", 2000) + "\n" + strings.Repeat("x\n", 45_000)},
		{"reference-5000-x-18000", "[a]: /" + strings.Repeat("x", 5000) + "\n\n" + strings.Repeat("[a] ", 18_000)},
	}
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			b.SetBytes(int64(len(c.src)))
			for b.Loop() {
				Render(c.src, Options{})
			}
		})
	}
}
