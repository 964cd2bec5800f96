package markdown

import (
	"bytes"
	"strings"
	"testing"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/parser"
)

var unguardedMD = newGoldmarkWith(false, true, false)

// convertWith renders src with md (a fresh heading-ID set each time, as
// parseBody gives).
func convertWith(t testing.TB, md goldmark.Markdown, src string) string {
	var b bytes.Buffer
	ctx := parser.NewContext(parser.WithIDs(newHeadingIDs()))
	if err := md.Convert([]byte(src), &b, parser.WithContext(ctx)); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// guardCases are inputs where linkGuard decides.
var guardCases = []string{
	"[a](b) [c](d \"t\") [e](<f g>) ![h](i)",
	"[a]( b ) [a](\nb) [a](b\n) [a](b\n\"t\")",
	"[a]([a]([a](",
	"[a](b [a](b [a](b",
	"[a](<b [a](<b",
	"[a](b(c)d) [a](b(c) [a](b)c)",
	"[a](\\(x\\)) [a](\\) [a](b\\",
	"[a]\n\n[a]: /u",
	"[a](x\n\n[a]: /u",
	"[a] (x) [a](x y) [a](x 'y') [a](x (y))",
	"- [a](x\n  )",
	"> [a](x\n> )",
	"[a]()",
	"[a](<>) [a](< >)",
	"![a](b \"c\" ) ![[a](b)](c)",
	"[a](b\t\"t\"\t)",
	"[[a](b)](c)",
	"`[a](` [a](b)",
	"[a](b)" + strings.Repeat("[a](", 100) + ")",
}

func TestLinkGuardMatchesGoldmark(t *testing.T) {
	defer func(n int) { linkGuardMinLine = n }(linkGuardMinLine)
	linkGuardMinLine = 0
	for _, src := range guardCases {
		if got, want := convertWith(t, horizontalMD, src), convertWith(t, unguardedMD, src); got != want {
			t.Errorf("%q:\n guarded   %q\n goldmark  %q", src, got, want)
		}
	}
}

// FuzzLinkGuard: with the guard on every line, rendering is exactly
// goldmark's.
func FuzzLinkGuard(f *testing.F) {
	for _, s := range guardCases {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		if len(src) > 2048 {
			return
		}
		defer func(n int) { linkGuardMinLine = n }(linkGuardMinLine)
		linkGuardMinLine = 0
		if got, want := convertWith(t, horizontalMD, src), convertWith(t, unguardedMD, src); got != want {
			t.Fatalf("%q:\n guarded   %q\n goldmark  %q", src, got, want)
		}
	})
}
