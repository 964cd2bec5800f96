package stgypub

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

func TestNormalizeNickname(t *testing.T) {
	for _, tc := range []struct{ name, in, want string }{
		{"plain", "Gopher", "Gopher"},
		{"trimmed", "  Gopher \t", "Gopher"},
		{"runs collapse", "Go \t\n  pher", "Go pher"},
		{"crlf", "Go\r\npher\rX", "Go pher X"},
		{"ideographic space and nbsp", "山田\u3000\u3000太郎\u00a0さん", "山田 太郎 さん"},
		{"other unicode spaces", "a\u2003b\u205fc\u1680d", "a b c d"},
		{"controls removed", "Go\x00ph\x07er\x1b[31m\u0085", "Gopher[31m"},
		{"del and c1 removed", "a\x7fb\u009bc", "abc"},
		{"non-characters removed", "a\ufdd0b\ufffec\U0001FFFFd", "abcd"},
		{"invalid utf-8 removed", "a\xffb\xed\xa0\x80c", "abc"},
		{"nfc", "Cafe\u0301", "Café"},
		{"nfc across a removed control", "e\x01\u0301", "é"},
		{"format characters kept (emoji ZWJ)", "👩\u200d💻", "👩\u200d💻"},
		{"only spaces", " \t\u3000\n", ""},
		{"leading byte-order mark", "\uFEFFGopher", "Gopher"},
		{"only byte-order marks", "\uFEFF\uFEFF", ""},
		{"byte-order mark after spaces", " \uFEFF a", "a"},
		{"bidi override removed", "\u0645\u0631\u062d\u0628\u0627 \u202eevil", "\u0645\u0631\u062d\u0628\u0627 evil"},
		{"all bidi controls removed", "a\u202ab\u202bc\u202cd\u202de\u2066f\u2067g\u2068h\u2069i\u200ej\u200fk\u061cl", "abcdefghijkl"},
		{"only bidi controls", "\u2066\u2067\u2068", ""},
		{"marks capped at 4", "e" + strings.Repeat("\u0301", 500), "\u00e9" + strings.Repeat("\u0301", 3)},
		{"marks capped per base", "a" + strings.Repeat("\u0300", 9) + "b" + strings.Repeat("\u0316", 6), "\u00e0\u0300\u0300\u0300b\u0316\u0316\u0316\u0316"},
		{"zero-width joiner does not restart the count", "x\u0301\u0301\u0301\u0301\u200d\u0301\u0301", "x\u0301\u0301\u0301\u0301"},
		{"vietnamese kept", "Nguy\u1ec5n Th\u1ecb", "Nguy\u1ec5n Th\u1ecb"},
		{"keycap emoji kept", "1\ufe0f\u20e3", "1\ufe0f\u20e3"},
		// Combining marks beside white space: a space is a base, so a mark
		// after it is kept and no removal leaves an untrimmed or double space.
		{"fuzz: marks, spaces, mark", "\u0301\u0301\u0301\u0301  \u0301", "\u0301\u0301\u0301\u0301 \u0301"},
		{"marks alone then a trailing space", "\u0301\u0301\u0301\u0301\u0301 ", "\u0301\u0301\u0301\u0301"},
		{"space then marks", "  \u0308\u0308\u0308\u0308\u0308x", "\u0308\u0308\u0308\u0308x"},
		{"mark after a space after a full run", "e\u0301\u0301\u0301\u0301\u0301 \u0301 b", "\u00e9\u0301\u0301\u0301 \u0301 b"},
		{"ideographic space between mark runs", "\u0300\u0300\u0300\u0300\u0300\u3000\u3000\u0300", "\u0300\u0300\u0300\u0300 \u0300"},
		{"mark between tabs", "a\t\u0301\t b", "a \u0301 b"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := NormalizeNickname(tc.in); got != tc.want {
				t.Errorf("NormalizeNickname(%q) = %q, want %q", tc.in, got, tc.want)
			}
		})
	}
}

func TestNormalizeBody(t *testing.T) {
	for _, tc := range []struct{ name, in, want string }{
		{"one trailing LF added", "hello", "hello\n"},
		{"trailing white space removed", "hello \t\n\n\u3000\n", "hello\n"},
		{"crlf and cr", "a\r\nb\rc", "a\nb\nc\n"},
		{"leading blank lines removed", "\n\n  \t\n\r\nhello", "hello\n"},
		{"leading indentation kept", "\n   code", "   code\n"},
		{"3 LF become 2", "a\n\n\nb", "a\n\nb\n"},
		{"many LF become 2", "a\n\n\n\n\n\n\nb", "a\n\nb\n"},
		{"2 LF kept", "a\n\nb", "a\n\nb\n"},
		{"white-space-only lines count as blank", "a\n \n\t\n\u3000\nb", "a\n\nb\n"},
		{"single white-space line becomes empty", "a\n  \nb", "a\n\nb\n"},
		{"tab kept", "a\tb", "a\tb\n"},
		{"inner trailing spaces kept", "a  \nb", "a  \nb\n"},
		{"controls removed", "a\x00b\x1bc\x0bd\x0ce", "abcde\n"},
		{"unicode line separators", "a\u2028b\u2029c\u0085d", "a\nb\nc\nd\n"},
		{"non-characters and invalid utf-8", "a\uffff\xc3b", "ab\n"},
		{"nfc", "A\u030a", "Å\n"},
		{"only white space", " \n\t\r\n\u3000", ""},
		{"japanese", "こんにちは\r\n\r\n\r\n世界", "こんにちは\n\n世界\n"},
		{"leading byte-order mark", "\uFEFF# not a heading\r\n", "# not a heading\n"},
		{"only a byte-order mark", "\uFEFF\n", ""},
		{"byte-order mark after blank lines", "\n\uFEFF\n\n\uFEFFx", "x\n"},
		{"bidi override removed", "\u202etxt.exe \u0645\u0631\u062d\u0628\u0627", "txt.exe \u0645\u0631\u062d\u0628\u0627\n"},
		{"isolates removed", "a\u2066b\u2069 c\u200f", "ab c\n"},
		{"zalgo capped", "e" + strings.Repeat("\u0301", 500) + " ok", "\u00e9\u0301\u0301\u0301 ok\n"},
		{"a mark starting a line is its own base", "a\u0301\u0301\u0301\u0301\u0301\n\u0301x", "\u00e1\u0301\u0301\u0301\n\u0301x\n"},
		{"marks then spaces then a mark", "\u0301\u0301\u0301\u0301  \u0301", "\u0301\u0301\u0301\u0301  \u0301\n"},
		{"trailing marks after spaces kept, spaces before them too", "x \u0301", "x \u0301\n"},
		{"only marks and white space is text", "\u0301 \n \u0301", "\u0301 \n \u0301\n"},
		{"marks capped on every line", "a" + strings.Repeat("\u0489", 8) + "\nb" + strings.Repeat("\u0489", 2), "a" + strings.Repeat("\u0489", 4) + "\nb\u0489\u0489\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := NormalizeBody(tc.in); got != tc.want {
				t.Errorf("NormalizeBody(%q) = %q, want %q", tc.in, got, tc.want)
			}
		})
	}
}

func TestCheckLimits(t *testing.T) {
	if _, err := CheckNickname(strings.Repeat("あ", 30), CommentNicknameMaxChars); err != nil {
		t.Errorf("30 characters: %v", err)
	}
	if _, err := CheckNickname(strings.Repeat("あ", 31), CommentNicknameMaxChars); ErrorCode(err) != CodeBadUserInput {
		t.Errorf("31 characters: %v, want BAD_USER_INPUT", err)
	}
	// Collapsed white space counts once: 30 letters with runs of spaces.
	if n, err := CheckNickname(strings.Repeat("ab   ", 6)+"   ", 30); err != nil || n != strings.TrimSpace(strings.Repeat("ab ", 6)) {
		t.Errorf("collapsed: %q, %v", n, err)
	}
	if _, err := CheckNickname(" \u3000 ", 30); ErrorCode(err) != CodeBadUserInput {
		t.Errorf("blank nickname: %v", err)
	}
	// The final LF is not counted; code points, not bytes or UTF-16 units.
	b, err := CheckBody(strings.Repeat("😀", 1000)+"\n\n", CommentBodyMaxChars)
	if err != nil || BodyLength(b) != 1000 {
		t.Errorf("1000 emoji: %v (length %d)", err, BodyLength(b))
	}
	if _, err := CheckBody(strings.Repeat("x", 1001), CommentBodyMaxChars); ErrorCode(err) != CodeBadUserInput {
		t.Errorf("1001 characters: %v", err)
	}
	// Normalization happens before the limit: 1000 letters plus blank lines.
	if _, err := CheckBody("\n\n\n"+strings.Repeat("x", 1000)+"\n\n\n\n", CommentBodyMaxChars); err != nil {
		t.Errorf("1000 letters with blank lines: %v", err)
	}
	if _, err := CheckBody("\r\n \t", CommentBodyMaxChars); ErrorCode(err) != CodeBadUserInput {
		t.Errorf("blank body: %v", err)
	}
}

func TestInvisibleIsEmpty(t *testing.T) {
	for _, in := range []string{
		"\u200b\u200b", "\u200d", "\u200c", "\u2060\ufeff", "\u2066\u2067\u2068", "\ufe0f",
		"\ufe0f\ufe0e\U000E0100", "\u202e", "\u034f", "\u3164\u115f", "\u2800 \u2800", "\u0301\u0301",
		"\u00ad", "\u200b \u3000\u200b", "\U000E0041\U000E007F", "\u180e",
	} {
		if _, err := CheckNickname(in, CommentNicknameMaxChars); ErrorCode(err) != CodeBadUserInput {
			t.Errorf("CheckNickname(%q) = %v, want BAD_USER_INPUT", in, err)
		}
		if _, err := CheckBody(in, CommentBodyMaxChars); ErrorCode(err) != CodeBadUserInput {
			t.Errorf("CheckBody(%q) = %v, want BAD_USER_INPUT", in, err)
		}
	}
	for in, want := range map[string]string{
		"\u200bGo\u200b": "\u200bGo\u200b",
		"👩\u200d💻":       "👩\u200d💻",
		"\u202e\u0627":   "\u0627",
		"e\u0301":        "\u00e9",
		"1\ufe0f\u20e3":  "1\ufe0f\u20e3",
	} {
		wantNick := want
		if in == "\u200bGo\u200b" {
			wantNick = "Go" // nicknames drop invisible characters no sequence needs
		}
		if got, err := CheckNickname(in, CommentNicknameMaxChars); err != nil || got != wantNick {
			t.Errorf("CheckNickname(%q) = %q, %v; want %q", in, got, err, wantNick)
		}
		if got, err := CheckBody(in, CommentBodyMaxChars); err != nil || got != want+"\n" {
			t.Errorf("CheckBody(%q) = %q, %v; want %q", in, got, err, want+"\n")
		}
	}
}

// Refused nicknames and bodies name their field (extensions.field), so
// clients can say it in their own language.
func TestCheckErrorField(t *testing.T) {
	for _, tc := range []struct {
		name, field string
		err         error
	}{
		{"blank nickname", "nickname", second(CheckNickname("\u200b", 30))},
		{"long nickname", "nickname", second(CheckNickname(strings.Repeat("n", 31), 30))},
		{"bidi-only nickname", "nickname", second(CheckNickname("\u202e\u2066", 30))},
		{"blank body", "body", second(CheckBody("\ufeff\u2060", 1000))},
		{"long body", "body", second(CheckBody(strings.Repeat("b", 1001), 1000))},
	} {
		var e *Error
		if !errors.As(tc.err, &e) || e.Code != CodeBadUserInput || e.Field != tc.field {
			t.Errorf("%s: %#v, want BAD_USER_INPUT on %s", tc.name, tc.err, tc.field)
		}
	}
}

func second(_ string, err error) error { return err }

// checkMarks asserts no bidi control and at most MaxCombiningMarks
// combining marks per base character.
func checkMarks(t *testing.T, in, got string) {
	t.Helper()
	marks := 0
	for _, r := range norm.NFD.String(got) {
		if IsBidiControl(r) {
			t.Fatalf("normalize(%q) = %q: contains bidi control %U", in, got, r)
		}
		switch {
		case unicode.In(r, unicode.Mn, unicode.Me):
			if marks++; marks > MaxCombiningMarks {
				t.Fatalf("normalize(%q) = %q: more than %d marks on a base", in, got, MaxCombiningMarks)
			}
		case IsInvisible(r) && !unicode.IsSpace(r): // white space is a base
		default:
			marks = 0
		}
	}
}

// checkNickname asserts the invariants of a normalized nickname.
func checkNickname(t *testing.T, in, got string) {
	t.Helper()
	if !utf8.ValidString(got) || !norm.NFC.IsNormalString(got) {
		t.Fatalf("NormalizeNickname(%q) = %q: not valid NFC UTF-8", in, got)
	}
	if strings.TrimSpace(got) != got || strings.Contains(got, "  ") {
		t.Fatalf("NormalizeNickname(%q) = %q: untrimmed or double space", in, got)
	}
	if strings.HasPrefix(got, "\uFEFF") {
		t.Fatalf("NormalizeNickname(%q) = %q: starts with a byte-order mark", in, got)
	}
	for _, r := range got {
		if (unicode.IsSpace(r) && r != ' ') || unicode.IsControl(r) || isNonCharacter(r) {
			t.Fatalf("NormalizeNickname(%q) = %q: contains %U", in, got, r)
		}
	}
	checkMarks(t, in, got)
	if again := NormalizeNickname(got); again != got {
		t.Fatalf("not idempotent: %q -> %q -> %q", in, got, again)
	}
}

// checkBody asserts the invariants of a normalized body.
func checkBody(t *testing.T, in, got string) {
	t.Helper()
	if got == "" {
		// Only white space, and the byte-order marks that would start
		// the text, may vanish.
		if strings.TrimFunc(cleanUserText(in), func(r rune) bool { return unicode.IsSpace(r) || r == '\uFEFF' }) != "" {
			t.Fatalf("NormalizeBody(%q) = \"\" but text remains", in)
		}
		return
	}
	if strings.HasPrefix(got, "\uFEFF") {
		t.Fatalf("NormalizeBody(%q) = %q: starts with a byte-order mark", in, got)
	}
	if !utf8.ValidString(got) || !norm.NFC.IsNormalString(got) {
		t.Fatalf("NormalizeBody(%q) = %q: not valid NFC UTF-8", in, got)
	}
	if !strings.HasSuffix(got, "\n") || strings.HasSuffix(got, "\n\n") || strings.HasPrefix(got, "\n") {
		t.Fatalf("NormalizeBody(%q) = %q: bad leading/trailing line ends", in, got)
	}
	if strings.Contains(got, "\n\n\n") || strings.ContainsAny(got, "\r\u2028\u2029") {
		t.Fatalf("NormalizeBody(%q) = %q: 3 LF or a non-LF line end", in, got)
	}
	if unicode.IsSpace([]rune(strings.TrimSuffix(got, "\n"))[utf8.RuneCountInString(got)-2]) {
		t.Fatalf("NormalizeBody(%q) = %q: trailing white space", in, got)
	}
	for _, r := range got {
		if (unicode.IsControl(r) && r != '\n' && r != '\t') || isNonCharacter(r) {
			t.Fatalf("NormalizeBody(%q) = %q: contains %U", in, got, r)
		}
	}
	checkMarks(t, in, got)
	if again := NormalizeBody(got); again != got {
		t.Fatalf("not idempotent: %q -> %q -> %q", in, got, again)
	}
}

var fuzzSeeds = []string{
	"", "Gopher", " \t\r\n", "a\r\n\r\n\r\nb", "Cafe\u0301", "e\x01\u0301", "\xed\xa0\x80",
	"\ufdd0\U0010FFFF", "山田\u3000太郎", "👩\u200d💻 \u00a0x", "\n\n \n\tx\n \n \ny  \n", "\u0085\u2028",
	"\uFEFFx", " \uFEFF a", "\n\uFEFF\n\uFEFFx",
	"\u200b\u200b", "\u2060\ufeff", "\u2066\u2067\u2068", "\u0645 \u202eevil", "e\u0301\u0301\u0301\u0301\u0301\u0301",
	"x\u0301\u200d\u0301\u0301\u0301\u0301", "\u01d8\u0316\u0316\u0316\u0316", "a\u0300\u034f\u0300\u0300\u0300\u0300\u0300",
}

func FuzzNormalizeNickname(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) { checkNickname(t, s, NormalizeNickname(s)) })
}

func FuzzNormalizeBody(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) { checkBody(t, s, NormalizeBody(s)) })
}

// invisibleRunes lists every code point that IsInvisible reports
// and that is not white space or a control character (clean removes
// those): the Unicode properties Cf, Other_Default_Ignorable_Code_Point,
// Variation_Selector and the fillers, as found by scanning all planes.
func invisibleRunes() []rune {
	var out []rune
	for r := rune(0); r <= unicode.MaxRune; r++ {
		if r >= 0xD800 && r <= 0xDFFF || !IsInvisible(r) || unicode.IsSpace(r) || unicode.Is(unicode.Cc, r) || isNonChar(r) {
			continue
		}
		out = append(out, r)
	}
	return out
}

func isNonChar(r rune) bool { return r >= 0xFDD0 && r <= 0xFDEF || r&0xFFFE == 0xFFFE }

// Every invisible character between visible ones is removed from a
// nickname, by Unicode property, in several scripts: Latin, Japanese,
// digits, an emoji pair that is no ZWJ sequence context for it, and
// around a space.
func TestNicknameDropsInvisibleBetweenVisible(t *testing.T) {
	rs := invisibleRunes()
	byProp := map[string]int{}
	for _, r := range rs {
		switch {
		case unicode.Is(unicode.Cf, r):
			byProp["Cf"]++
		case unicode.Is(unicode.Variation_Selector, r):
			byProp["Variation_Selector"]++
		case unicode.Is(unicode.Other_Default_Ignorable_Code_Point, r):
			byProp["Other_Default_Ignorable_Code_Point"]++
		default:
			byProp["other"]++
		}
	}
	if byProp["Cf"] < 150 || byProp["Variation_Selector"] < 250 || byProp["Other_Default_Ignorable_Code_Point"] < 3000 {
		t.Fatalf("scan found too few invisible characters: %v", byProp)
	}
	for _, r := range rs {
		x := string(r)
		han := "山田" // a variation sequence of an ideograph is no look-alike: kept
		if r >= 0xFE00 && r <= 0xFE0D || r >= 0xE0100 && r <= 0xE01EF {
			han = "山" + x + "田"
		}
		for in, want := range map[string]string{
			"Go" + x + "pher":       "Gopher",
			"山" + x + "田":           han,
			"12" + x + "34":         "1234",
			x + "Gopher" + x:        "Gopher",
			"Go " + x + " pher":     "Go pher",
			"Go" + x + x + "pher":   "Gopher",
			"Ann" + x + "a" + x + x: "Anna",
		} {
			if got := NormalizeNickname(in); got != want {
				t.Fatalf("U+%04X: NormalizeNickname(%+q) = %+q, want %q", r, in, got, want)
			}
		}
	}
	// U+FEFF, U+200B, U+2060, U+00AD, U+180E, U+3164, U+2800 and a tag
	// between emoji: also removed.
	for _, x := range []string{"\uFEFF", "\u200B", "\u2060", "\u00AD", "\u180E", "\u3164", "\u2800", "\U000E0041"} {
		if got := NormalizeNickname("😀" + x + "😀"); got != "😀😀" {
			t.Errorf("%+q between emoji: %+q", x, got)
		}
	}
}

// Sequences that need an invisible character keep it.
func TestNicknameKeepsNeededInvisible(t *testing.T) {
	for name, s := range map[string]string{
		"emoji ZWJ sequence":          "👩\u200d💻",
		"family":                      "👨\u200d👩\u200d👧",
		"skin tone ZWJ":               "👩🏽\u200d🚀",
		"emoji presentation":          "❤\ufe0f",
		"heart ZWJ":                   "❤\ufe0f\u200d🔥",
		"keycap":                      "1\ufe0f\u20e3",
		"text presentation":           "☺\ufe0e",
		"ideographic variation":       "葛\U000E0100城",
		"persian ZWNJ":                "می\u200cخواهم",
		"devanagari ZWJ after virama": "क्\u200dष",
		"devanagari ZWNJ":             "क्\u200cष",
		"flag of England":             "🏴\U000E0067\U000E0062\U000E0065\U000E006E\U000E0067\U000E007F",
		"mongolian FVS":               "ᠠ\u180bᠨ",
	} {
		if got := NormalizeNickname(s); got != norm.NFC.String(s) {
			t.Errorf("%s: NormalizeNickname(%+q) = %+q", name, s, got)
		}
	}
}

// Idempotence on random mixtures of the characters whose neighbours the
// invisible-character rule reads (joiners, selectors, tags, viramas,
// marks that reorder, spaces): normalizing twice changes nothing.
func TestNicknameIdempotentAroundInvisible(t *testing.T) {
	pool := []rune{'\u0300', '\u0316', 0x3164, 'e', '\u00e9', 'a', 'G', ' ', '\u3000', '\u200d', '\u200c', '\ufe0f', '\ufe0e',
		'\ufe00', 0xE0100, 0xE0067, 0xE007F, 0x1F3F4, '😀', '👩', '💻', '\u0301', '\u094d', 'क', 'ष', 'م', 'ی', '山',
		'\u180b', 'ᠠ', '1', '\u20e3', '\ufeff', '\u200b', '\u2060', '\u0489', '#'}
	r := rand.New(rand.NewPCG(4, uint64(len(pool))))
	for range 200000 {
		rs := make([]rune, r.IntN(14))
		for j := range rs {
			rs[j] = pool[r.IntN(len(pool))]
		}
		a := NormalizeNickname(string(rs))
		if b := NormalizeNickname(a); a != b {
			t.Fatalf("%+q -> %+q -> %+q", string(rs), a, b)
		}
	}
}
