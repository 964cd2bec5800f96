package importer

import (
	"bytes"
	"strings"
)

// A macroCall is one "{{name args}}" occurrence in a Markdown source: an MDN
// KumaScript call ({{HTTPHeader("ETag")}}, {{Glossary("HTML", "label")}},
// {{Compat}}) or a Go website template call ({{raw "<"}},
// {{image "x.png" 850}}, {{raw (file "t.html")}}).
type macroCall struct {
	start, end int    // byte offsets of "{{" and just past "}}"
	name       string // as written, e.g. "HTTPHeader"
	inner      string // text between the braces, trimmed
	args       []macroArg
}

// A macroArg is one argument: a string, number or bare word, or for Go's
// nested calls "(file "x")" the nested function name in call and its first
// argument in text.
type macroArg struct {
	text string
	call string
}

// maxMacroLen bounds one macro call (Go's {{raw `...`}} wraps whole code
// listings) so a stray "{{" never makes the scanner read far.
const maxMacroLen = 32 << 10

// scanMacro parses the macro call starting at src[i:] ("{{" at i). ok is
// false when the text there is not a well-formed call: braces with no name
// ("{{.Title}}", "{{ }}"), an unterminated string, or no closing "}}" within
// maxMacroLen bytes. Newlines are allowed only inside quoted strings.
func scanMacro(src []byte, i int) (m macroCall, ok bool) {
	limit := min(len(src), i+maxMacroLen)
	p := i + 2
	if p < limit && src[p] == '-' { // Go's "{{- " trim marker
		p++
	}
	p = skipBlank(src, p, limit)
	nameStart := p
	for p < limit && isNameByte(src[p], p == nameStart) {
		p++
	}
	if p == nameStart {
		return m, false
	}
	m.name = string(src[nameStart:p])
	args, end, ok := scanArgs(src, p, limit)
	if !ok {
		return m, false
	}
	m.start, m.end, m.args = i, end, args
	m.inner = strings.TrimSpace(strings.TrimSuffix(strings.TrimPrefix(string(src[i+2:end-2]), "-"), "-"))
	return m, true
}

func isNameByte(c byte, first bool) bool {
	switch {
	case c >= 'A' && c <= 'Z', c >= 'a' && c <= 'z', c == '_':
		return true
	case c >= '0' && c <= '9', c == '-':
		return !first
	}
	return false
}

func skipBlank(src []byte, p, limit int) int {
	for p < limit && (src[p] == ' ' || src[p] == '\t') {
		p++
	}
	return p
}

// scanArgs reads arguments up to and including the closing "}}" and returns
// the offset just past it. It accepts both the KumaScript form "Name(a, b)"
// and the Go template form "name a (call b)".
func scanArgs(src []byte, p, limit int) (args []macroArg, end int, ok bool) {
	if p < limit && src[p] == '(' {
		args, p, ok = scanList(src, p+1, limit, ')', 0)
	} else {
		args, p, ok = scanList(src, p, limit, '}', 0)
	}
	if !ok {
		return nil, 0, false
	}
	p = skipBlank(src, p, limit)
	if p < limit && src[p] == '-' {
		p++
	}
	if !bytes.HasPrefix(src[p:limit], []byte("}}")) {
		return nil, 0, false
	}
	return args, p + 2, true
}

// maxMacroDepth bounds nested "(call ...)" groups.
const maxMacroDepth = 4

// scanList reads blank- or comma-separated arguments until the byte end:
// ')' is consumed, '}' is left for the caller. A parenthesized group is a
// nested call: its first word is the call name, its next argument the text.
func scanList(src []byte, p, limit int, end byte, depth int) ([]macroArg, int, bool) {
	var args []macroArg
	for p < limit {
		c := src[p]
		switch {
		case c == ' ' || c == '\t' || c == ',':
			p++
		case c == end && end == ')':
			return args, p + 1, true
		case c == end || end == '}' && c == '-' && bytes.HasPrefix(src[p:limit], []byte("-}}")):
			return args, p, true
		case c == '(':
			if depth >= maxMacroDepth {
				return nil, 0, false
			}
			sub, next, ok := scanList(src, p+1, limit, ')', depth+1)
			if !ok {
				return nil, 0, false
			}
			var a macroArg
			if len(sub) > 0 {
				a.call = sub[0].text
			}
			if len(sub) > 1 {
				a.text = sub[1].text
			}
			args = append(args, a)
			p = next
		case c == '"' || c == '\'' || c == '`':
			s, next, ok := scanString(src, p, limit)
			if !ok {
				return nil, 0, false
			}
			args = append(args, macroArg{text: s})
			p = next
		case c == ')' || c == '}' || c == '{' || c == '\n' || c == '\r':
			return nil, 0, false
		default:
			start := p
			for p < limit && !strings.ContainsRune(" \t,(){}\"'`\n\r", rune(src[p])) {
				p++
			}
			args = append(args, macroArg{text: string(src[start:p])})
		}
	}
	return nil, 0, false
}

// scanString reads a quoted string at src[p]: "…" and '…' with backslash
// escapes (\n, \t, \r, others literal), `…` raw. It returns the decoded text
// and the offset past the closing quote.
func scanString(src []byte, p, limit int) (string, int, bool) {
	q := src[p]
	var b strings.Builder
	for i := p + 1; i < limit; i++ {
		c := src[i]
		switch {
		case c == q:
			return b.String(), i + 1, true
		case c == '\\' && q != '`' && i+1 < limit:
			i++
			switch src[i] {
			case 'n':
				b.WriteByte('\n')
			case 't':
				b.WriteByte('\t')
			case 'r':
				b.WriteByte('\r')
			default:
				b.WriteByte(src[i])
			}
		case (c == '\n' || c == '\r') && q != '`':
			return "", 0, false
		default:
			b.WriteByte(c)
		}
	}
	return "", 0, false
}
