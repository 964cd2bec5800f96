package markdown

import (
	"bytes"
	"testing"

	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
)

// goldmarkTagsMD is the engine with goldmark's own raw HTML parser only.
var goldmarkTagsMD = newGoldmark(false, false)

// renderBoth renders src with and without lineTagParser (unsanitized).
func renderBoth(t *testing.T, src string) (fast, slow string) {
	t.Helper()
	b := []byte(src)
	var out [2]bytes.Buffer
	for i, md := range []interface {
		Parser() parser.Parser
	}{horizontalMD, goldmarkTagsMD} {
		ctx := parser.NewContext(parser.WithIDs(newHeadingIDs()))
		doc := md.Parser().Parse(text.NewReader(b), parser.WithContext(ctx))
		r := horizontalMD.Renderer()
		if err := r.Render(&out[i], b, doc); err != nil {
			t.Fatal(err)
		}
	}
	return out[0].String(), out[1].String()
}

func TestLineTagParserMatchesGoldmark(t *testing.T) {
	tests := []struct{ name, src string }{
		{"one line", `a <img src="x.png" alt="y"> b`},
		{"across lines", "a <img src=\"x.png\" alt=\"Chart of\ncommunity\" class=\"c\" /> b"},
		{"in list item", "- a <span\n  title=\"t\">x</span> b"},
		{"in block quote", "> a <span\n> title=\"t\">x</span> b"},
		{"closing tag", "a </span > b"},
		{"quote holding >", `a <span title="x>y">z</span>`},
		{"unterminated", `a <span title="x>y`},
		{"not a tag", "a <3 b < c <-- d"},
		{"comment left to goldmark", "a <!-- c --> b"},
		{"long tag beyond window", "a <span\nb\nc\nd\ne\nf\ng\nh\ni\nj=\"k\">x</span>"},
		{"tab indentation", "- a\n\t<span\n\ttitle=\"t\">x</span>"},
		{"attribute without value", "<input checked disabled> x"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if fast, slow := renderBoth(t, tt.src); fast != slow {
				t.Errorf("lineTagParser:\n%q\ngoldmark:\n%q", fast, slow)
			}
		})
	}
}

func FuzzLineTagParser(f *testing.F) {
	f.Add("a <img src=\"x\"\nalt='y'> b")
	f.Add("- <a\n  href=x>y</a>")
	f.Add("> <b\n> c=\"d>e\">")
	f.Fuzz(func(t *testing.T, src string) {
		src = validUTF8(src) // as Convert and Render do
		if fast, slow := renderBoth(t, src); fast != slow {
			t.Fatalf("differs for %q:\nlineTagParser: %q\ngoldmark:      %q", src, fast, slow)
		}
	})
}
