package importer

import (
	"bytes"
	"strings"

	"github.com/stgy/stgypub/markdown"
)

// macroContext says where in the Markdown source a macro call starts, which
// decides how its expansion is written.
type macroContext int

const (
	ctxMarkdown  macroContext = iota // prose: Markdown inline syntax works
	ctxHTMLBlock                     // inside a raw HTML block: only HTML works
	ctxHTMLTag                       // inside an inline raw HTML tag: text only
	ctxCode                          // code span or code block: left alone
)

// contextOf maps the renderer's view of a source position to a context.
func contextOf(k markdown.RegionKind) macroContext {
	switch k {
	case markdown.RegionCode:
		return ctxCode
	case markdown.RegionHTMLBlock:
		return ctxHTMLBlock
	case markdown.RegionHTMLTag:
		return ctxHTMLTag
	}
	return ctxMarkdown
}

// expander writes one call's expansion for a context; it never fails (a
// call it does not know becomes its own text).
type expander func(m macroCall, ctx macroContext) string

// expandMacros replaces every macro call that starts outside code with
// expand's output. One parse of the source (markdown.SourceRegions) tells
// where code spans, code blocks and raw HTML are, so "{{.Name}}"-like text
// in code and Go composite literals such as "[]T{{1}, {2}}" in code blocks
// are never touched. changed is false when nothing was replaced. A source
// too complex to parse in time is markdown.ErrTooComplex.
//
// Expansion happens before the renderer ever sees the post, as on the Go
// website, where templates run before Markdown: {{raw `...`}} may
// therefore produce block structure such as an indented code listing.
func expandMacros(src string, expand expander) (out string, changed bool, err error) {
	first := strings.Index(src, "{{")
	if first < 0 {
		return src, false, nil
	}
	regions, err := markdown.SourceRegions(src)
	if err != nil {
		return src, false, err
	}
	b := []byte(src)
	var w bytes.Buffer
	last := 0
	for i := first; i >= 0 && i < len(b); {
		ctx := contextOf(markdown.RegionAt(regions, i))
		if ctx == ctxCode {
			i = nextMacro(b, i+2)
			continue
		}
		m, ok := scanMacro(b, i)
		if !ok {
			i = nextMacro(b, i+2)
			continue
		}
		if !changed {
			w.Grow(len(b))
			changed = true
		}
		out := expand(m, ctx)
		if out == "" {
			// A call alone on its line leaves no blank line behind: a blank
			// line would end the HTML block, paragraph or list item around it.
			if ls, next, ok := wholeLine(b, m, last); ok {
				w.Write(b[last:ls])
				last = next
				i = nextMacro(b, next)
				continue
			}
		}
		w.Write(b[last:m.start])
		w.WriteString(out)
		last = m.end
		i = nextMacro(b, m.end)
	}
	if !changed {
		return src, false, nil
	}
	w.Write(b[last:])
	return w.String(), true, nil
}

// wholeLine reports whether the call m is alone on its line (apart from
// blanks and block-quote markers), with the line starting at or after
// last. It returns the line's start and the offset just past its end.
func wholeLine(src []byte, m macroCall, last int) (start, next int, ok bool) {
	start = bytes.LastIndexByte(src[:m.start], '\n') + 1
	if start < last || len(bytes.Trim(src[start:m.start], " \t>")) != 0 {
		return 0, 0, false
	}
	end := bytes.IndexByte(src[m.end:], '\n')
	if end < 0 {
		end = len(src) - m.end
	} else {
		end++
	}
	if len(bytes.TrimSpace(src[m.end:m.end+end])) != 0 {
		return 0, 0, false
	}
	return start, m.end + end, true
}

func nextMacro(src []byte, from int) int {
	if from >= len(src) {
		return -1
	}
	j := bytes.Index(src[from:], []byte("{{"))
	if j < 0 {
		return -1
	}
	return from + j
}
