package stgypub

import (
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"
)

// snippetOf builds a one-paragraph snippet.
func snippetOf(t testing.TB, text string) string {
	t.Helper()
	b, err := json.Marshal([]SnippetBlock{{T: SnippetParagraph, C: text}})
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestSnippetDigest(t *testing.T) {
	tests := []struct {
		name string
		text string
	}{
		{"japanese", strings.Repeat("STGYの記事外部公開機能では、公開日時を正本として扱います。", 10)},
		{"family emoji at the boundary", strings.Repeat("a", 147) + family + "tail"},
		{"flags at the boundary", strings.Repeat("x", 149) + flagJP + flagJP},
		{"combining marks at the boundary", strings.Repeat("y", 149) + eAcute + "z"},
		{"zalgo", strings.Repeat(zalgo, 40)},
		{"kana with combining voiced mark", strings.Repeat(kanaGa, 100)},
		{"skin tones", strings.Repeat(thumbUp, 100)},
		{"only emoji", strings.Repeat(family, 30)},
		{"white space collapsed", "  a \n\t b\u3000\u3000c  "},
		{"short", "short text"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := SnippetDigest(snippetOf(t, tt.text))
			if !utf8.ValidString(d) {
				t.Fatalf("invalid UTF-8: %q", d)
			}
			if n := utf8.RuneCountInString(d); n > DigestMaxLen {
				t.Fatalf("digest has %d code points", n)
			}
			full := CollapseSpace(tt.text)
			assertWholeClusters(t, full, d)
			if utf8.RuneCountInString(full) > DigestMaxLen && utf8.RuneCountInString(d) < DigestMaxLen-7 {
				t.Errorf("digest %q shorter than needed", d)
			}
		})
	}
}

func TestSnippetDigestJoinsBlocks(t *testing.T) {
	snippet := `[{"t":"h","l":1,"c":"Title"},{"t":"img","src":"a.png"},{"t":"p","c":"First  para."},{"t":"li","c":"item"},{"t":"code","c":"x :=\n 1"}]`
	if got, want := SnippetDigest(snippet), "Title First para. item x := 1"; got != want {
		t.Errorf("SnippetDigest = %q, want %q", got, want)
	}
	p := &Post{Snippet: snippet}
	if p.Digest() != SnippetDigest(snippet) {
		t.Errorf("Post.Digest = %q", p.Digest())
	}
	for _, bad := range []string{"", "not json", `{"t":"p"}`, `[{"t":"h","l":"x"}]`} {
		if got := SnippetDigest(bad); got != "" {
			t.Errorf("SnippetDigest(%q) = %q, want empty", bad, got)
		}
	}
}

func TestSummarizeSnippet(t *testing.T) {
	long := strings.Repeat("長い段落です。", 60) // 420 code points
	tests := []struct {
		name, snippet string
		want          Summary
	}{
		{"all parts", `[{"t":"img","src":"a.png"},{"t":"p","c":"First para"},{"t":"h","l":2,"c":"Heading"},{"t":"p","c":"Second"}]`,
			Summary{"Heading", "First para", "a.png", ""}},
		{"title from first text line", `[{"t":"code","c":"\n  line one\nline two"},{"t":"p","c":"P"}]`, Summary{"line one", "P", "", ""}},
		{"unsafe image skipped", `[{"t":"img","src":"javascript:x"},{"t":"img","src":"https://e.com/b.png"}]`, Summary{"", "", "https://e.com/b.png", ""}},
		{"empty paragraph skipped", `[{"t":"p","c":"  "},{"t":"p","c":"Real"}]`, Summary{"Real", "Real", "", ""}},
		{"long title cut without ellipsis", `[{"t":"h","l":1,"c":"` + strings.Repeat("あ", 250) + `"}]`, Summary{strings.Repeat("あ", 200), "", "", ""}},
		{"long description ends with an ellipsis", snippetOf(t, long),
			Summary{Truncate(long, TitleMaxLen), Truncate(long, DescriptionMaxLen-1) + "…", "", ""}},
		{"description of exactly the limit is whole", snippetOf(t, long[:len(strings.Repeat("長い段落です。", 42))+len("長い段落です")]),
			Summary{Truncate(long, TitleMaxLen), string([]rune(long)[:DescriptionMaxLen]), "", ""}},
		{"image alt", `[{"t":"img","src":"javascript:x","alt":"no"},{"t":"img","src":"c.png","alt":"Why Go?"}]`, Summary{"", "", "c.png", "Why Go?"}},
		{"invalid", `nope`, Summary{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := SummarizeSnippet(tt.snippet)
			if got != tt.want {
				t.Errorf("SummarizeSnippet = %+v\nwant %+v", got, tt.want)
			}
			if p := (&Post{Snippet: tt.snippet}); p.Summary() != got {
				t.Errorf("Post.Summary = %+v", p.Summary())
			}
			if utf8.RuneCountInString(got.Title) > TitleMaxLen || utf8.RuneCountInString(got.Description) > DescriptionMaxLen {
				t.Errorf("too long: %+v", got)
			}
		})
	}
}

func FuzzSnippet(f *testing.F) {
	for _, s := range []string{
		`[{"t":"p","c":"👨‍👩‍👧‍👦"}]`, `[{"t":"p","c":"\ud800"}]`, `[]`, `[{"t":"h","l":9,"c":"x"}]`,
		`[{"t":"img","src":"javascript:x"}]`, `{"t":"p"}`, `[{"t":"p","c":"` + strings.Repeat("あ", 400) + `"}]`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, snippet string) {
		d := SnippetDigest(snippet)
		if !utf8.ValidString(d) || utf8.RuneCountInString(d) > DigestMaxLen {
			t.Fatalf("SnippetDigest(%q) = %q", snippet, d)
		}
		s := SummarizeSnippet(snippet)
		if !utf8.ValidString(s.Title) || !utf8.ValidString(s.Description) ||
			utf8.RuneCountInString(s.Title) > TitleMaxLen || utf8.RuneCountInString(s.Description) > DescriptionMaxLen {
			t.Fatalf("SummarizeSnippet(%q) = %+v", snippet, s)
		}
		if s.Image != "" && !SafeURL(s.Image) {
			t.Fatalf("unsafe image %q", s.Image)
		}
	})
}

func BenchmarkSnippetDigest(b *testing.B) {
	snippet := snippetOf(b, strings.Repeat("ETag レスポンスヘッダーは、リソースの特定のバージョンの識別子です。", 60))
	b.ReportAllocs()
	for b.Loop() {
		_ = SnippetDigest(snippet)
	}
}
