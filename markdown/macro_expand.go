package markdown

import (
	"bytes"
	"sort"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/text"
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

// region is a byte range of the source with a non-Markdown context.
type region struct {
	start, stop int
	ctx         macroContext
}

// expandMacros replaces every macro call that starts outside code with its
// expansion (macro_table.go). The first parse of the unexpanded source
// tells where code spans, code blocks and raw HTML are, so
// "{{.Name}}"-like text in code and Go composite literals such as
// "[]T{{1}, {2}}" in code blocks are never touched. changed is false when
// nothing was replaced (the caller then keeps the first parse).
//
// Expansion happens before the final parse, as on the Go website, where
// templates run before Markdown: {{raw `...`}} may therefore produce block
// structure such as an indented code listing.
func expandMacros(src []byte, doc ast.Node) (out []byte, changed bool) {
	first := bytes.Index(src, []byte("{{"))
	if first < 0 {
		return src, false
	}
	regions := nonMarkdownRegions(doc, src)
	var b bytes.Buffer
	last := 0
	for i := first; i >= 0 && i < len(src); {
		ctx := contextAt(regions, i)
		if ctx == ctxCode {
			i = nextMacro(src, i+2)
			continue
		}
		m, ok := scanMacro(src, i)
		if !ok {
			i = nextMacro(src, i+2)
			continue
		}
		if !changed {
			b.Grow(len(src))
			changed = true
		}
		out := expandMacro(m, ctx)
		if out == "" {
			// A call alone on its line leaves no blank line behind: a blank
			// line would end the HTML block, paragraph or list item around it.
			if ls, next, ok := wholeLine(src, m, last); ok {
				b.Write(src[last:ls])
				last = next
				i = nextMacro(src, next)
				continue
			}
		}
		b.Write(src[last:m.start])
		b.WriteString(out)
		last = m.end
		i = nextMacro(src, m.end)
	}
	if !changed {
		return src, false
	}
	b.Write(src[last:])
	return b.Bytes(), true
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

// nonMarkdownRegions lists code and raw-HTML ranges in source order.
func nonMarkdownRegions(doc ast.Node, src []byte) []region {
	var rs []region
	addLines := func(lines *text.Segments, ctx macroContext) {
		if lines.Len() == 0 {
			return
		}
		rs = append(rs, region{lines.At(0).Start, lines.At(lines.Len() - 1).Stop, ctx})
	}
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *ast.CodeSpan:
			if n.FirstChild() != nil && n.LastChild() != nil {
				first, ok1 := n.FirstChild().(*ast.Text)
				last, ok2 := n.LastChild().(*ast.Text)
				if ok1 && ok2 {
					rs = append(rs, region{first.Segment.Start, last.Segment.Stop, ctxCode})
				}
			}
			return ast.WalkSkipChildren, nil
		case *ast.FencedCodeBlock:
			if n.Info != nil {
				rs = append(rs, region{n.Info.Segment.Start, n.Info.Segment.Stop, ctxCode})
			}
			addLines(n.Lines(), ctxCode)
		case *ast.CodeBlock:
			addLines(n.Lines(), ctxCode)
		case *ast.HTMLBlock:
			addLines(n.Lines(), ctxHTMLBlock)
			if n.HasClosure() {
				rs = append(rs, region{n.ClosureLine.Start, n.ClosureLine.Stop, ctxHTMLBlock})
			}
		case *ast.RawHTML:
			addLines(n.Segments, ctxHTMLTag)
		}
		return ast.WalkContinue, nil
	})
	sort.Slice(rs, func(i, j int) bool { return rs[i].start < rs[j].start })
	return rs
}

// contextAt finds the context of byte offset i. Regions never overlap.
func contextAt(rs []region, i int) macroContext {
	k := sort.Search(len(rs), func(k int) bool { return rs[k].start > i }) - 1
	if k >= 0 && i < rs[k].stop {
		return rs[k].ctx
	}
	return ctxMarkdown
}
