package importer

import (
	"html"
	"strconv"
	"strings"

	"github.com/stgy/stgypub"
)

// Writers for macro expansions. The same expansion must read correctly in
// Markdown prose, inside a raw HTML block (where Markdown is not parsed) and
// inside a raw HTML tag (an attribute value). The result is stored as the
// post's Markdown, which its owner may edit, so prose stays readable:
// Markdown-significant punctuation gets a backslash; in HTML, the
// characters HTML needs are written as character references.

// outText writes s as literal text. Line breaks become spaces.
func outText(s string, ctx macroContext) string {
	var b strings.Builder
	b.Grow(len(s) + 8)
	lineStart := true // only digits so far: "1." could start a list
	for i, r := range s {
		switch {
		case r == '\n' || r == '\r' || r == '\t':
			b.WriteByte(' ')
		case ctx != ctxMarkdown:
			switch r {
			case '<', '>', '&', '"', '\'':
				b.WriteString("&#" + strconv.Itoa(int(r)) + ";")
			default:
				b.WriteRune(r)
			}
		case r < 0x80 && markdownSpecial(byte(r), i == 0, lineStart):
			b.WriteByte('\\')
			b.WriteRune(r)
		default:
			b.WriteRune(r)
		}
		lineStart = lineStart && r >= '0' && r <= '9'
	}
	return b.String()
}

// markdownSpecial reports whether c must be backslash-escaped to stay
// literal in Markdown prose: inline syntax anywhere, and the block markers
// (+, -, =, #, list numbers' "." and ")") at the start.
func markdownSpecial(c byte, first, digitsOnly bool) bool {
	switch c {
	case '\\', '`', '*', '_', '[', ']', '<', '>', '&', '!', '|', '~', '#':
		return true
	case '+', '-', '=':
		return first
	case '.', ')':
		return digitsOnly
	}
	return false
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
	if ctx == ctxMarkdown && !strings.ContainsAny(url, "<> \n") {
		if text == url && (strings.HasPrefix(url, "https://") || strings.HasPrefix(url, "http://")) {
			return "<" + url + ">" // an autolink: linkify leaves it alone
		}
		return "[" + outText(text, ctx) + "](<" + url + ">)"
	}
	return `<a href="` + html.EscapeString(url) + `">` + outText(text, ctx) + `</a>`
}
