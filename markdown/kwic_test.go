package markdown

import (
	"reflect"
	"testing"
)

func TestKWIC(t *testing.T) {
	tests := []struct {
		name        string
		text, query string
		radius, max int
		want        []Fragment
	}{
		{
			name: "english case-insensitive", text: "The Go Programming Language and go tools",
			query: "GO", radius: 4, max: 5,
			want: []Fragment{{"The ", "Go", "", true, false}, {"and ", "go", "", false, false}}, // contexts end on word boundaries, without the space before the cut
		},
		{
			name: "japanese without word boundaries", text: "日本語の検索は日本の文章でも動きます",
			query: "日本", radius: 3, max: 5,
			want: []Fragment{{"", "日本", "語の検", true, false}, {"検索は", "日本", "の文章", false, false}},
		},
		{
			name: "context stops at neighbouring match", text: "ab go cd go ef",
			query: "go", radius: 10, max: 5,
			want: []Fragment{{"ab ", "go", " cd", true, false}, {"cd ", "go", " ef", false, true}},
		},
		{
			name: "max limits fragments", text: "x a x a x a x",
			query: "a", radius: 2, max: 2,
			want: []Fragment{{"x ", "a", " x", true, false}, {"x ", "a", " x", false, false}},
		},
		{
			name: "context stops at unreturned match", text: "a bb a",
			query: "a", radius: 9, max: 1,
			want: []Fragment{{"", "a", " bb", true, false}},
		},
		{
			name: "overlapping hits merged", text: "xaaay",
			query: "aa", radius: 1, max: 5,
			want: []Fragment{{"x", "aaa", "y", true, true}},
		},
		{
			name: "touching hits merged", text: "-abab-",
			query: "ab", radius: 1, max: 5,
			want: []Fragment{{"-", "abab", "-", true, true}},
		},
		{
			name: "unicode simple folding", text: "ΣΊΣΥΦΟΣ and the Kelvin sign \u212A",
			query: "σίσυφος", radius: 0, max: 5,
			want: []Fragment{{"", "ΣΊΣΥΦΟΣ", "", true, false}},
		},
		{
			name: "kelvin sign folds to k", text: "\u212A k K",
			query: "k", radius: 0, max: 5,
			// NFC turns KELVIN SIGN into K: fragments show the NFC text.
			want: []Fragment{{"", "K", "", true, false}, {"", "k", "", false, false}, {"", "K", "", false, true}},
		},
		{
			name: "full-width latin folds case", text: "ＧＯ言語",
			query: "ｇｏ", radius: 2, max: 1,
			want: []Fragment{{"", "ＧＯ", "言語", true, true}},
		},
		{
			// q + U+0301 has no precomposed form, so NFC keeps two code points.
			name: "match widened to grapheme", text: "ca" + qAcute + "!",
			query: "caq", radius: 1, max: 1,
			want: []Fragment{{"", "ca" + qAcute, "!", true, true}},
		},
		{
			name: "context cut on grapheme boundary", text: family + "x" + family,
			query: "x", radius: 3, max: 1,
			want: []Fragment{{"", "x", "", false, false}},
		},
		{
			name: "context keeps whole clusters", text: flagJP + "x" + qAcute + "y",
			query: "x", radius: 2, max: 1,
			want: []Fragment{{flagJP, "x", "", true, false}}, // "xq́y" is one word: no part of it
		},
		{name: "query longer than text", text: "go", query: "golang", radius: 3, max: 3},
		{name: "empty query", text: "text", query: "", radius: 3, max: 3},
		{name: "blank query", text: "a b", query: "  ", radius: 3, max: 3},
		{name: "no hit", text: "abc", query: "z", radius: 3, max: 3},
		{name: "zero max", text: "abc", query: "a", radius: 3, max: 0},
		{
			// Cut contexts lose the punctuation and white space at the
			// cut ("…. While" would read as a stray full stop).
			name: "punctuation and space at the cut dropped", text: "access became clear. While we initially prioritized the web interface",
			query: "initially", radius: 12, max: 1,
			want: []Fragment{{"While we ", "initially", " prioritized", false, false}},
		},
		{
			name: "whole text: no cut", text: "(see the FAQ)", query: "faq", radius: 20, max: 1,
			want: []Fragment{{"(see the ", "FAQ", ")", true, true}},
		},
		{
			name: "negative radius", text: "abc", query: "b", radius: -5, max: 1,
			want: []Fragment{{"", "b", "", false, false}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := KWIC(tt.text, tt.query, tt.radius, tt.max)
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("KWIC(%q, %q, %d, %d) = %+v, want %+v", tt.text, tt.query, tt.radius, tt.max, got, tt.want)
			}
		})
	}
}

// qAcute is q + COMBINING ACUTE ACCENT: one grapheme, two code points in
// every normalization form.
const qAcute = "q\u0301"

// TestKWICCanonicalEquivalence (issue 9 #4): composed and decomposed
// spellings find each other, in both directions.
func TestKWICCanonicalEquivalence(t *testing.T) {
	nfd := "\u30DB\u309A\u30C3\u30D5\u309A" // ポップ decomposed
	nfc := "ポップ"
	tests := []struct{ text, query, match string }{
		{"J-" + nfd + "の歴史", nfc, nfc},
		{"J-" + nfc + "の歴史", nfd, nfc},
		{"caf" + eAcute + " au lait", "caf\u00e9", "caf\u00e9"},
		{"caf\u00e9 au lait", "caf" + eAcute, "caf\u00e9"},
		{"\u1112\u1161\u11ab\u1100\u1173\u11af 문자", "한글", "한글"}, // Hangul jamo vs syllables
		{"Vi\u1EC7t Nam", "Vie\u0323\u0302t", "Vi\u1EC7t"},      // two marks, canonical order
		{"Vie\u0302\u0323t Nam", "Vi\u1EC7t", "Vi\u1EC7t"},      // marks in the other order
		{"\u212Aelvin", "kelvin", "Kelvin"},
	}
	for _, tt := range tests {
		got := KWIC(tt.text, tt.query, 2, 3)
		if len(got) != 1 || got[0].Match != tt.match {
			t.Errorf("KWIC(%q, %q) = %+v, want one match %q", tt.text, tt.query, got, tt.match)
		}
	}
	if pt := PlainText("# " + nfd); pt != nfc {
		t.Errorf("PlainText keeps %q, want NFC %q", pt, nfc)
	}
}

func TestKWICOnPlainText(t *testing.T) {
	text := PlainText("# 見出し\n\n`ETag` は **HTTP** のレスポンスヘッダーです。\n\n```\ncode ETag\n```")
	if want := "見出し ETag は HTTP のレスポンスヘッダーです。 code ETag"; text != want {
		t.Fatalf("PlainText = %q, want %q", text, want)
	}
	got := KWIC(text, "etag", 3, 5)
	want := []Fragment{{"出し ", "ETag", " は", false, false}, {"", "ETag", "", false, true}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("KWIC = %+v, want %+v", got, want)
	}
}

// TestKWICWordBoundaries (issue 9 #13): contexts start and end between
// words, never inside one, in any script.
func TestKWICWordBoundaries(t *testing.T) {
	tests := []struct {
		text, query string
		radius      int
		want        Fragment
	}{
		{"Promise.all() Promise.all() は、入力として反復可能なプロミスを受け取ります。", "入力", 10, Fragment{"は、", "入力", "として反復可能な", false, false}}, // "プロミス" is one word; "() " at the cut dropped
		{"the quick brown fox jumps over the lazy dog", "jumps", 8, Fragment{"fox ", "jumps", " over", false, false}},
		{"supercalifragilistic word here", "word", 5, Fragment{"", "word", " here", false, true}},
		{"naïve café résumé here", "café", 4, Fragment{"", "café", "", false, false}},
	}
	for _, tt := range tests {
		got := KWIC(tt.text, tt.query, tt.radius, 1)
		if len(got) != 1 || got[0] != tt.want {
			t.Errorf("KWIC(%q, %q, %d) = %+v, want %+v", tt.text, tt.query, tt.radius, got, tt.want)
		}
	}
}
