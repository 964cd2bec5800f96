package markdown

import (
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"

	"golang.org/x/net/html"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/internal/corpus"
)

func addCorpusSeeds(f *testing.F, limit int) {
	f.Helper()
	for _, s := range []string{
		"", "# Title\n\ntext", "<script>alert(1)</script>", "[x](javascript:alert(1))",
		"{{HTTPHeader(\"ETag\")}}", "{{raw `\n\tcode\n`}}", "> [!NOTE]\n> x",
		"| a |\n|---|\n| b |", "x[^1]\n\n[^1]: y", "- [x] t", "{{", "}}{{x(\"",
		"👨‍👩‍👧‍👦🇯🇵e\u0301", "\xff\xfe", "---\ntitle: x\n---\nbody",
	} {
		f.Add(s)
	}
	if limit <= 0 {
		return
	}
	for _, c := range readCorpusForFuzz(f) {
		if len(c) > limit {
			c = c[:limit]
		}
		f.Add(c)
	}
}

// readCorpusForFuzz returns the corpus articles (internal/corpus) as
// seeds; f fails when one is missing.
func readCorpusForFuzz(f *testing.F) []string {
	var out []string
	for _, a := range corpus.All(f) {
		out = append(out, a.Text)
	}
	return out
}

// fuzzTagName derives a tag name from a fuzz input: its start up to HTML
// white space, "/" or ">", at most 40 bytes; "" unless it starts with an
// ASCII letter.
func fuzzTagName(src string) string {
	if src == "" || !isASCIILetter(src[0]) {
		return ""
	}
	if i := strings.IndexAny(src, " \t\n\r\f/>"); i >= 0 {
		src = src[:i]
	}
	if len(src) > 40 {
		src = src[:40]
	}
	return src
}

// assertNoRawTextTokens tokenizes out and fails on an element whose content
// is not markup.
func assertNoRawTextTokens(t *testing.T, src, out string) {
	t.Helper()
	z := html.NewTokenizer(strings.NewReader(out))
	for {
		switch z.Next() {
		case html.ErrorToken:
			return
		case html.StartTagToken, html.SelfClosingTagToken, html.EndTagToken:
			if name, _ := z.TagName(); rawContentElements[string(name)] {
				t.Fatalf("<%s> element in output for %q: %q", name, src, out)
			}
		}
	}
}

// tokenText is the text of out as the HTML tokenizer reads it.
func tokenText(out string) string {
	var b strings.Builder
	z := html.NewTokenizer(strings.NewReader(out))
	for {
		switch z.Next() {
		case html.ErrorToken:
			return b.String()
		case html.TextToken:
			b.Write(z.Text())
		}
	}
}

func FuzzConvert(f *testing.F) {
	addCorpusSeeds(f, 4096)
	for _, s := range []string{
		"title", "textarea", "plaintext", "script", "style", "xmp", "iframe", "noscript",
		"math", "svg", "template", "center", "kbd", "details", "pre", "TiTlE", "my-widget",
		"The <title> element.\n\nNext.", "<math><mtext><table><mglyph><style>x",
		`<img src="https://x/?a=1&quot; onerror=&quot;alert(1)">`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		tagSrc := ""
		if tag := fuzzTagName(src); tag != "" {
			tagSrc = "<" + tag + "> WORD"
		}
		for _, opts := range []Options{{}, {Vertical: true}} {
			d := Convert(src, opts)
			if strings.Contains(strings.ToLower(d.HTML), "<script") {
				t.Fatalf("<script in output for %q: %q", src, d.HTML)
			}
			assertNoRawTextTokens(t, src, d.HTML)
			assertSafeHTML(t, d.HTML)
			if tagSrc != "" {
				out := Render(tagSrc, opts)
				assertNoRawTextTokens(t, tagSrc, out)
				if text := tokenText(out); !strings.Contains(text, "WORD") && !strings.Contains(text, fullWidth("WORD")) {
					t.Fatalf("vertical=%v: WORD lost for %q: %q", opts.Vertical, tagSrc, out)
				}
			}
			assertBalanced(t, d.HTML)
			if !utf8.ValidString(d.HTML) {
				t.Fatalf("invalid UTF-8 HTML for %q", src)
			}
			if !json.Valid([]byte(d.Snippet)) || utf8.RuneCountInString(d.Snippet) > SnippetMaxLen {
				t.Fatalf("bad snippet for %q: %q", src, d.Snippet)
			}
			if utf8.RuneCountInString(d.Title) > stgypub.TitleMaxLen || utf8.RuneCountInString(d.Description) > stgypub.DescriptionMaxLen {
				t.Fatalf("title/description too long for %q", src)
			}
			_ = RenderSnippet(d.Snippet, opts)
		}
	})
}

// FuzzSnippetRoundTrip: whatever Convert makes of any input is a snippet
// that RenderSnippet and the root's snippet rules read without failing.
func FuzzSnippetRoundTrip(f *testing.F) {
	addCorpusSeeds(f, 0)
	f.Fuzz(func(t *testing.T, s string) {
		snippet := Convert(s, Options{}).Snippet
		if _, ok := stgypub.DecodeSnippet(snippet); !ok {
			t.Fatalf("Convert(%q).Snippet does not decode: %q", s, snippet)
		}
		d := stgypub.SnippetDigest(snippet)
		if !utf8.ValidString(d) || utf8.RuneCountInString(d) > stgypub.DigestMaxLen {
			t.Fatalf("SnippetDigest(%q) = %q", snippet, d)
		}
		_ = RenderSnippet(snippet, Options{Vertical: true})
		_ = stgypub.SummarizeSnippet(snippet)
	})
}

func FuzzKWIC(f *testing.F) {
	f.Add("Hello World hello", "hello", 5, 3)
	f.Add("日本語のテキストで日本を検索", "日本", 3, 2)
	f.Add("e\u0301e\u0301", "e", 1, 9)
	f.Add("\xff\xfeabc", "\xfe", 2, 1)
	f.Fuzz(func(t *testing.T, text, query string, radius, max int) {
		radius %= 1000
		frags := KWIC(text, query, radius, max)
		if max <= 0 && frags != nil || len(frags) > max && max > 0 {
			t.Fatalf("%d fragments for max %d", len(frags), max)
		}
		for _, fr := range frags {
			if !utf8.ValidString(fr.Before) || !utf8.ValidString(fr.Match) || !utf8.ValidString(fr.After) {
				t.Fatalf("invalid UTF-8 fragment %+v", fr)
			}
			if fr.Match == "" {
				t.Fatalf("empty match %+v", fr)
			}
			r := maxInt(radius, 0)
			if utf8.RuneCountInString(fr.Before) > r || utf8.RuneCountInString(fr.After) > r {
				t.Fatalf("context longer than radius %d: %+v", radius, fr)
			}
		}
	})
}
