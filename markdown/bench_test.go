package markdown

import (
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
