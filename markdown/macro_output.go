package markdown

import (
	"html"
	"strconv"
	"strings"

	"github.com/stgy/stgypub"
)

// Writers for macro expansions. The same expansion must read correctly in
// Markdown prose, inside a raw HTML block (where Markdown is not parsed) and
// inside a raw HTML tag (an attribute value), so text is written with
// numeric character references for every ASCII punctuation character: both
// Markdown and HTML decode them, and neither can mistake them for syntax.

// outText writes s as literal text. Line breaks become spaces.
func outText(s string, _ macroContext) string {
	var b strings.Builder
	b.Grow(len(s) + 8)
	for _, r := range s {
		switch {
		case r == '\n' || r == '\r' || r == '\t':
			b.WriteByte(' ')
		case r < 0x80 && isASCIIPunct(byte(r)):
			b.WriteString("&#")
			b.WriteString(strconv.Itoa(int(r)))
			b.WriteByte(';')
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

func isASCIIPunct(c byte) bool {
	return c >= '!' && c <= '/' || c >= ':' && c <= '@' || c >= '[' && c <= '`' || c >= '{' && c <= '~'
}

// outCode writes s as inline code: a Markdown code span in prose (so the
// vertical-writing transform leaves it alone, as for any code span), <code>
// in raw HTML, plain text inside a tag.
func outCode(s string, ctx macroContext) string {
	s = strings.Join(strings.Fields(s), " ")
	switch {
	case s == "":
		return ""
	case ctx == ctxHTMLTag:
		return outText(s, ctx)
	case ctx == ctxMarkdown && !strings.Contains(s, "|"):
		return codeSpan(s)
	}
	return "<code>" + outText(s, ctx) + "</code>"
}

// codeSpan builds a CommonMark code span holding s literally: the fence is
// one backtick longer than the longest run inside, with padding spaces when
// s starts or ends with a backtick or a space.
func codeSpan(s string) string {
	longest, run := 0, 0
	for i := 0; i < len(s); i++ {
		if s[i] == '`' {
			run++
			longest = max(longest, run)
		} else {
			run = 0
		}
	}
	fence := strings.Repeat("`", longest+1)
	if s[0] == '`' || s[len(s)-1] == '`' || s[0] == ' ' || s[len(s)-1] == ' ' {
		s = " " + s + " "
	}
	return fence + s + fence
}

// outBadge writes a small status badge such as "optional".
func outBadge(label string, ctx macroContext) string {
	if ctx == ctxHTMLTag {
		return ""
	}
	return `<small class="badge">` + outText(label, ctx) + `</small>`
}

// outLink writes a link to url labelled with text; unsafe URLs give the
// text alone.
func outLink(url, text string, ctx macroContext) string {
	if ctx == ctxHTMLTag || !stgypub.SafeURL(url) {
		return outText(text, ctx)
	}
	return `<a href="` + html.EscapeString(url) + `">` + outText(text, ctx) + `</a>`
}
