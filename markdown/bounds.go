package markdown

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
)

// Bounds on the cost of a render (docs/SPEC.md#bounded-rendering). No
// real article comes near them; hostile input such as a 99 KB post of
// "* " repeated 49,499 times costs seconds in any CommonMark parser
// (nesting is quadratic) unless it is bounded.
const (
	// MaxNesting is the deepest nesting of block containers (list items
	// and block quotes) that one line opens: markers beyond it are shown
	// as text (limitNesting), which is what a reader of such a line sees
	// anyway.
	MaxNesting = 32
	// RenderBudget is the default time a parse may take (ConvertWithin,
	// RenderWithin, and what Convert, Render and PlainText use). The
	// parser checks it at every block it tries to open and every inline
	// syntax character, so a super-linear shape stops within it plus one
	// step instead of running on.
	RenderBudget = 2 * time.Second
	// MaxHTMLBytes bounds the HTML one body renders to (before
	// sanitizing). Real articles render to about 1-1.5 times their
	// size (the largest demo article: 54 KB); a few Markdown shapes
	// multiply it (a reference definition with a long URL used
	// thousands of times, a footnote referenced thousands of times), so
	// a 99 KB post could otherwise render to hundreds of megabytes.
	MaxHTMLBytes = 2 << 20
)

// ErrTooComplex reports that a body exceeds the render bounds: its
// parse did not finish within its budget (ConvertWithin, RenderWithin),
// or its HTML would exceed MaxHTMLBytes (ErrTooLarge, which wraps it).
var ErrTooComplex = errors.New("markdown: the text is too complex to render in time")

// ErrTooLarge reports that a body renders to more than MaxHTMLBytes of
// HTML; errors.Is(ErrTooLarge, ErrTooComplex) holds, so callers that
// refuse or degrade a too complex body treat it alike.
var ErrTooLarge error = tooLarge{}

type tooLarge struct{}

func (tooLarge) Error() string {
	return fmt.Sprintf("markdown: the text renders to more than %d bytes of HTML", MaxHTMLBytes)
}

func (tooLarge) Is(target error) bool { return target == ErrTooComplex }

// errOverCap is the panic value of a cappedBuffer past its limit.
var errOverCap = errors.New("markdown: output over the cap")

// cappedBuffer is a bytes.Buffer that panics with errOverCap once more
// than limit bytes are written, which stops a render at once (renderHTML
// recovers it) instead of letting it write on.
type cappedBuffer struct {
	buf   bytes.Buffer
	limit int
}

func (w *cappedBuffer) Write(p []byte) (int, error) {
	if w.buf.Len()+len(p) > w.limit {
		panic(errOverCap)
	}
	return w.buf.Write(p)
}

// deadlineKey holds the parse's deadline (a time.Time) in the goldmark
// parser context.
var deadlineKey = parser.NewContextKey()

// errDeadline is the panic value that unwinds an overdue parse.
type errDeadline struct{}

// checkDeadline panics with errDeadline once pc's deadline has passed.
func checkDeadline(pc parser.Context) {
	if d, ok := pc.Get(deadlineKey).(time.Time); ok && time.Now().After(d) {
		panic(errDeadline{})
	}
}

// deadlineInline is an inline parser that never parses anything: it runs
// before goldmark's own on every inline syntax character and stops an
// overdue parse (goldmark's link parser, for one, rescans the rest of a
// line for every "](" of "[a](" repeated).
type deadlineInline struct{}

func (deadlineInline) Trigger() []byte { return []byte("[]!*_`<~\\&") }

func (deadlineInline) Parse(_ ast.Node, _ text.Reader, pc parser.Context) ast.Node {
	checkDeadline(pc)
	return nil
}

// deadlineBlock is a block parser that never opens a block: it is asked
// first at every position where a block could start and stops an overdue
// parse.
type deadlineBlock struct{}

func (deadlineBlock) Trigger() []byte { return nil }

func (deadlineBlock) Open(_ ast.Node, _ text.Reader, pc parser.Context) (ast.Node, parser.State) {
	checkDeadline(pc)
	return nil, parser.NoChildren
}

func (deadlineBlock) Continue(ast.Node, text.Reader, parser.Context) parser.State {
	return parser.Close
}
func (deadlineBlock) Close(ast.Node, text.Reader, parser.Context) {}
func (deadlineBlock) CanInterruptParagraph() bool                 { return false }
func (deadlineBlock) CanAcceptIndentedLine() bool                 { return true }

// limitNesting rewrites the lines that open more than MaxNesting block
// containers at their start ("* * * … a", "> > > … a", "1. 1. … a"):
// the markers beyond the limit get a backslash before their first
// character, so they read as the text they look like instead of opening
// more containers. Lines inside fenced code blocks are left alone. The
// scan is linear; a source with no such line is returned unchanged.
func limitNesting(src string) string {
	if len(src) <= MaxNesting {
		return src
	}
	var b strings.Builder
	fence := ""
	changed := false
	last := 0
	for start := 0; start < len(src); {
		end := strings.IndexByte(src[start:], '\n')
		if end < 0 {
			end = len(src)
		} else {
			end += start
		}
		line := src[start:end]
		if fence != "" {
			if t := strings.TrimLeft(line, " >"); strings.HasPrefix(t, fence) {
				fence = ""
			}
		} else if f := fenceOpener(line); f != "" {
			fence = f
		} else if cuts := deepMarkers(line); len(cuts) > 0 {
			if !changed {
				b.Grow(len(src) + len(cuts))
				changed = true
			}
			for _, c := range cuts {
				b.WriteString(src[last : start+c])
				b.WriteByte('\\')
				last = start + c
			}
		}
		start = end + 1
	}
	if !changed {
		return src
	}
	b.WriteString(src[last:])
	return b.String()
}

// fenceOpener returns the fence ("```" or "~~~", as long as written) when
// line, after block-quote markers and indentation, opens a fenced code
// block; "" otherwise.
func fenceOpener(line string) string {
	t := strings.TrimLeft(line, " >-*+")
	for _, c := range []byte{'`', '~'} {
		n := 0
		for n < len(t) && t[n] == c {
			n++
		}
		if n >= 3 {
			return t[:n]
		}
	}
	return ""
}

// deepMarkers returns the byte offsets in line of the container markers
// past the MaxNesting-th one at the line's start: "*", "-", "+" or a
// number with "." or ")" followed by a space or tab, or ">" (optionally
// followed by one).
func deepMarkers(line string) []int {
	var cuts []int
	depth := 0
	i := 0
	for i < len(line) {
		for i < len(line) && (line[i] == ' ' || line[i] == '\t') {
			i++
		}
		if i >= len(line) {
			break
		}
		next, esc, ok := containerMarker(line, i)
		if !ok {
			break
		}
		depth++
		if depth > MaxNesting {
			cuts = append(cuts, esc)
		}
		i = next
	}
	return cuts
}

// containerMarker reports whether a container marker starts at line[i]
// and returns the offset just past it and the offset of the punctuation a
// backslash must precede to make it text (the "." or ")" of "12.").
func containerMarker(line string, i int) (next, esc int, ok bool) {
	switch c := line[i]; {
	case c == '>':
		return i + 1, i, true
	case c == '*' || c == '-' || c == '+':
		if i+1 < len(line) && (line[i+1] == ' ' || line[i+1] == '\t') {
			return i + 2, i, true
		}
	case c >= '0' && c <= '9':
		j := i
		for j < len(line) && j-i < 9 && line[j] >= '0' && line[j] <= '9' {
			j++
		}
		if j+1 < len(line) && (line[j] == '.' || line[j] == ')') && (line[j+1] == ' ' || line[j+1] == '\t') {
			return j + 2, j, true
		}
	}
	return i, i, false
}

// RenderVersion numbers the renderer's output. Stored renderings of an
// older version are rendered again (article.Articles): raise it whenever a
// change here alters the HTML of existing posts.
const RenderVersion = 4 // 2: focusable <pre>; 3: alt="" on captioned figures' images; 4: table cell bound, HTML cap
