package markdown

import (
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/rivo/uniseg"
)

// unisegBounds is graphemeBounds computed by uniseg alone.
func unisegBounds(text string) []int {
	var bounds []int
	pos := 0
	g := uniseg.NewGraphemes(text)
	for g.Next() {
		bounds = append(bounds, pos)
		pos += len(g.Runes())
	}
	return append(bounds, pos)
}

func TestGraphemeFastPathMatchesUniseg(t *testing.T) {
	tests := []string{
		"", "plain ASCII text.", "日本語のテキスト、です。", "か\u3099が", "ｶﾞ", "ＡＢＣ　ａｂｃ",
		family + "a" + flagJP + flagJP + flagJP + "b", "e\u0301\u0302 x", "\r\n\n\r", "a\u200db",
		"#\ufe0f\u20e3", "한국어", "\u0915\u094d\u0937", "x" + thumbUp + "y", strings.Repeat(zalgo, 3),
	}
	for _, s := range tests {
		t.Run(s, func(t *testing.T) {
			if got, want := graphemeBounds(s, utf8.RuneCountInString(s)), unisegBounds(s); !reflect.DeepEqual(got, want) {
				t.Errorf("graphemeBounds(%q) = %v, want %v", s, got, want)
			}
		})
	}
}

func FuzzGraphemeBounds(f *testing.F) {
	f.Add("日本語" + family + "abc\u0301")
	f.Add("か\u3099" + flagJP)
	f.Fuzz(func(t *testing.T, s string) {
		s = strings.ToValidUTF8(s, "\uFFFD")
		if got, want := graphemeBounds(s, utf8.RuneCountInString(s)), unisegBounds(s); !reflect.DeepEqual(got, want) {
			t.Fatalf("graphemeBounds(%q) = %v, want %v", s, got, want)
		}
	})
}
