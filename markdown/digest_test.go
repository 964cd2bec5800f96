package markdown

import (
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/rivo/uniseg"
)

const (
	family  = "👨‍👩‍👧‍👦" // 7 code points, one cluster
	flagJP  = "🇯🇵"      // 2 code points, one cluster
	eAcute  = "e\u0301" // 2 code points, one cluster
	zalgo   = "a\u0300\u0301\u0302\u0303"
	kanaGa  = "\u304b\u3099" // か + combining voiced mark
	thumbUp = "👍🏽"           // emoji + skin tone modifier
)

// snippetOf builds a one-paragraph snippet.
func snippetOf(t *testing.T, text string) string {
	t.Helper()
	b, err := json.Marshal([]snippetBlock{{T: "p", C: text}})
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// assertWholeClusters fails when cut is not a prefix of whole grapheme
// clusters of full.
func assertWholeClusters(t *testing.T, full, cut string) {
	t.Helper()
	if !strings.HasPrefix(full, cut) {
		t.Fatalf("%q is not a prefix of %q", cut, full)
	}
	rest := full
	for rest != "" && len(full)-len(rest) < len(cut) {
		_, rest, _, _ = uniseg.FirstGraphemeClusterInString(rest, -1)
	}
	if len(full)-len(rest) != len(cut) {
		t.Fatalf("cut %q splits a grapheme cluster of %q", cut, full)
	}
}

func TestDigest(t *testing.T) {
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
			d := Digest(snippetOf(t, tt.text))
			if !utf8.ValidString(d) {
				t.Fatalf("invalid UTF-8: %q", d)
			}
			if n := utf8.RuneCountInString(d); n > DigestMaxLen {
				t.Fatalf("digest has %d code points", n)
			}
			full := collapseSpace(tt.text)
			assertWholeClusters(t, full, d)
			if utf8.RuneCountInString(full) > DigestMaxLen && utf8.RuneCountInString(d) < DigestMaxLen-7 {
				t.Errorf("digest %q shorter than needed", d)
			}
		})
	}
}

func TestDigestJoinsBlocks(t *testing.T) {
	snippet := `[{"t":"h","l":1,"c":"Title"},{"t":"img","src":"a.png"},{"t":"p","c":"First  para."},{"t":"li","c":"item"},{"t":"code","c":"x :=\n 1"}]`
	if got, want := Digest(snippet), "Title First para. item x := 1"; got != want {
		t.Errorf("Digest = %q, want %q", got, want)
	}
	for _, bad := range []string{"", "not json", `{"t":"p"}`, `[{"t":"h","l":"x"}]`} {
		if got := Digest(bad); got != "" {
			t.Errorf("Digest(%q) = %q, want empty", bad, got)
		}
	}
}

func TestTruncate(t *testing.T) {
	tests := []struct {
		name string
		s    string
		n    int
		want string
	}{
		{"ascii", "hello", 3, "hel"},
		{"fits", "hello", 5, "hello"},
		{"zero", "hello", 0, ""},
		{"negative", "hello", -1, ""},
		{"japanese", "日本語のテキスト", 3, "日本語"},
		{"family not split", "ab" + family, 8, "ab"},
		{"family fits", "ab" + family, 9, "ab" + family},
		{"flag not split", flagJP + flagJP, 3, flagJP},
		{"combining mark not split", "x" + eAcute, 2, "x"},
		{"invalid utf-8 replaced", "a\xffb", 2, "a\uFFFD"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Truncate(tt.s, tt.n); got != tt.want {
				t.Errorf("Truncate(%q, %d) = %q, want %q", tt.s, tt.n, got, tt.want)
			}
		})
	}
}
