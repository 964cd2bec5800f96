package stgypub

import (
	"reflect"
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

func TestTruncateEllipsis(t *testing.T) {
	tests := []struct {
		name string
		s    string
		n    int
		want string
	}{
		{"fits: no ellipsis", "hello", 5, "hello"},
		{"cut", "hello world", 8, "hello w…"},
		{"space before the ellipsis dropped", "hello world", 7, "hello…"},
		{"japanese", "日本語のテキスト", 4, "日本語…"},
		{"cluster kept whole", "ab" + family + "cd", 9, "ab…"},
		{"zero", "hello", 0, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := TruncateEllipsis(tt.s, tt.n)
			if got != tt.want {
				t.Errorf("TruncateEllipsis(%q, %d) = %q, want %q", tt.s, tt.n, got, tt.want)
			}
			if n := utf8.RuneCountInString(got); n > max(tt.n, 0) {
				t.Errorf("%d code points, limit %d", n, tt.n)
			}
		})
	}
}

func TestCollapseSpace(t *testing.T) {
	for in, want := range map[string]string{
		"":                          "",
		"  a \n\t b\u3000\u3000c  ": "a b c",
		"one":                       "one",
		"x\xffy":                    "x\uFFFDy",
	} {
		if got := CollapseSpace(in); got != want {
			t.Errorf("CollapseSpace(%q) = %q, want %q", in, got, want)
		}
	}
}

// clusterBounds splits s with NextGraphemeCluster (fast path included).
func clusterBounds(s string) []int {
	bounds := []int{0}
	for off := 0; off < len(s); {
		size, _ := NextGraphemeCluster(s[off:])
		off += size
		bounds = append(bounds, off)
	}
	return bounds
}

// unisegBounds is clusterBounds computed by uniseg alone.
func unisegBounds(s string) []int {
	bounds := []int{0}
	for rest := s; rest != ""; {
		var c string
		c, rest, _, _ = uniseg.FirstGraphemeClusterInString(rest, -1)
		bounds = append(bounds, bounds[len(bounds)-1]+len(c))
	}
	return bounds
}

func TestNextGraphemeClusterMatchesUniseg(t *testing.T) {
	for _, s := range []string{
		"", "plain ASCII text.", "日本語のテキスト、です。", "か\u3099が", "ｶﾞ", "ＡＢＣ　ａｂｃ",
		family + "a" + flagJP + flagJP + flagJP + "b", "e\u0301\u0302 x", "\r\n\n\r", "a\u200db",
		"#\ufe0f\u20e3", "한국어", "\u0915\u094d\u0937", "x" + thumbUp + "y", strings.Repeat(zalgo, 3), kanaGa + kanaGa,
	} {
		if got, want := clusterBounds(s), unisegBounds(s); !reflect.DeepEqual(got, want) {
			t.Errorf("clusters of %q = %v, want %v", s, got, want)
		}
	}
}

func FuzzTruncate(f *testing.F) {
	f.Add("👨‍👩‍👧‍👦 family", 3)
	f.Add("🇯🇵🇺🇸", 3)
	f.Add("e\u0301\u0302x", 2)
	f.Add("\xff\xfe", 1)
	f.Fuzz(func(t *testing.T, s string, n int) {
		for _, got := range []string{Truncate(s, n), TruncateEllipsis(s, n)} {
			if !utf8.ValidString(got) {
				t.Fatalf("cut of (%q, %d) = %q: invalid UTF-8", s, n, got)
			}
			if c := utf8.RuneCountInString(got); c > max(n, 0) {
				t.Fatalf("cut of (%q, %d) has %d code points", s, n, c)
			}
		}
		valid := strings.ToValidUTF8(s, "\uFFFD")
		if got := Truncate(s, n); !strings.HasPrefix(valid, got) {
			t.Fatalf("Truncate(%q, %d) = %q is not a prefix", s, n, got)
		}
		if got, want := clusterBounds(valid), unisegBounds(valid); !reflect.DeepEqual(got, want) {
			t.Fatalf("clusters of %q = %v, want %v", valid, got, want)
		}
	})
}

func TestIsBlank(t *testing.T) {
	blank := []string{"", "   ", "\t\n", "\u3000", "\u00a0", "\u200b\u200b", "\u200d", "\u2060\ufeff",
		"\u2066\u2067\u2068\u2069", "\u202e", "\u200e\u200f", "\u034f", "\u3164", "\u115f", "\ufe0f", "\ufffe\uffff", "\u2800", " \u200b \u00ad "}
	for _, s := range blank {
		if !IsBlank(s) {
			t.Errorf("IsBlank(%q) = false", s)
		}
		if got := NormalizeSettingText(s); got != "" {
			t.Errorf("NormalizeSettingText(%q) = %q, want empty", s, got)
		}
	}
	visible := []string{"a", " a ", "\u200bx", "مرحبا", "日本", "e\u0301", "\ufffd", "-", "\u202eevil", "👍"}
	for _, s := range visible {
		if IsBlank(s) {
			t.Errorf("IsBlank(%q) = true", s)
		}
		if got := NormalizeSettingText(s); got != s {
			t.Errorf("NormalizeSettingText(%q) = %q, want it kept", s, got)
		}
	}
	if got := NormalizeSettingText("\ufeffName"); got != "Name" {
		t.Errorf("BOM: %q", got)
	}
}
