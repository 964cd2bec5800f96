package markdown

import (
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// linkGuardMinLine is the shortest line linkGuard looks at: on shorter
// lines goldmark's own scan is cheap. Tests set it to 0.
var linkGuardMinLine = 256

// linkGuard wraps goldmark's link parser to keep "[a](" repeated on one
// long line linear (issue 9 #6). For every "](", goldmark scans the rest
// of the line for the destination before it finds that the link does not
// close: quadratic in the line. linkGuard precomputes, once per line, what
// that scan would find (where it stops, what follows) and, when the inline
// form certainly fails, shows goldmark's parser a reader on which the "("
// is not there: goldmark then tries the reference forms exactly as after a
// failed inline link, without the scan. Equivalence with goldmark's own
// parser is checked by FuzzLinkGuard.
type linkGuard struct{ inner parser.InlineParser }

func (g linkGuard) Trigger() []byte { return g.inner.Trigger() }

func (g linkGuard) Parse(parent ast.Node, block text.Reader, pc parser.Context) ast.Node {
	line, seg := block.PeekLine()
	if len(line) >= linkGuardMinLine && len(line) >= 2 && line[0] == ']' && line[1] == '(' &&
		inlineLinkFails(block, seg, pc) {
		return g.inner.Parse(parent, hiddenParen{Reader: block, at: seg.Start + 1}, pc)
	}
	return g.inner.Parse(parent, block, pc)
}

// hiddenParen is a reader that shows any byte but "(" at source offset
// at.
type hiddenParen struct {
	text.Reader
	at int
}

func (r hiddenParen) Peek() byte {
	if _, pos := r.Position(); pos.Start == r.at && pos.Padding == 0 {
		return 0
	}
	return r.Reader.Peek()
}

// lineScan is linkGuard's per-line precomputation, over the line from
// offset base of the source to its end (n bytes, the final line break
// included when there is one).
type lineScan struct {
	base, stop int
	line       []byte
	nextLow    []int32 // first m > k with depth[m] < depth[k], else n+1
	nextSpace  []int32 // first i >= k where line[i] is a space, else n
	nextSolid  []int32 // first i >= k where line[i] is not a space, else n
	nextGT     []int32 // first i >= k with an unescaped '>', else n
	after      int     // first non-space byte after the line in the block, -1 for none; -2 unknown
}

var lineScanKey = parser.NewContextKey()

// scanFor returns the lineScan of the line holding seg, computing it when
// the cached one is for another line or starts after seg.
func scanFor(block text.Reader, seg text.Segment, pc parser.Context) *lineScan {
	if s, ok := pc.Get(lineScanKey).(*lineScan); ok && s.stop == seg.Stop && s.base <= seg.Start {
		return s
	}
	line := block.Value(seg)
	n := len(line)
	s := &lineScan{base: seg.Start, stop: seg.Stop, line: line, after: -2,
		nextLow: make([]int32, n+1), nextSpace: make([]int32, n+1), nextSolid: make([]int32, n+1), nextGT: make([]int32, n+1)}
	esc := make([]bool, n)
	for i := 0; i < n; i++ {
		if line[i] == '\\' && i+1 < n && util.IsPunct(line[i+1]) {
			esc[i+1] = true
			i++
		}
	}
	depth := make([]int32, n+1)
	for i := 0; i < n; i++ {
		d := depth[i]
		if !esc[i] && line[i] == '(' {
			d++
		} else if !esc[i] && line[i] == ')' {
			d--
		}
		depth[i+1] = d
	}
	stack := []int32{}
	for k := n; k >= 0; k-- {
		for len(stack) > 0 && depth[stack[len(stack)-1]] >= depth[k] {
			stack = stack[:len(stack)-1]
		}
		s.nextLow[k] = int32(n + 1)
		if len(stack) > 0 {
			s.nextLow[k] = stack[len(stack)-1]
		}
		stack = append(stack, int32(k))
	}
	s.nextSpace[n], s.nextSolid[n], s.nextGT[n] = int32(n), int32(n), int32(n)
	for i := n - 1; i >= 0; i-- {
		s.nextSpace[i], s.nextSolid[i], s.nextGT[i] = s.nextSpace[i+1], s.nextSolid[i+1], s.nextGT[i+1]
		if util.IsSpace(line[i]) {
			s.nextSpace[i] = int32(i)
		} else {
			s.nextSolid[i] = int32(i)
		}
		if line[i] == '>' && !esc[i] {
			s.nextGT[i] = int32(i)
		}
	}
	pc.Set(lineScanKey, s)
	return s
}

// inlineLinkFails reports whether goldmark's inline-link parse at the
// "](" starting at seg.Start certainly fails: it follows
// parser.parseLink and parseLinkDestination step by step on the
// precomputed scan, and answers false (let goldmark try) whenever the
// outcome depends on more than that scan shows.
func inlineLinkFails(block text.Reader, seg text.Segment, pc parser.Context) bool {
	s := scanFor(block, seg, pc)
	n := int32(len(s.line))
	p := int32(seg.Start-s.base) + 2 // after "]("
	q := s.nextSolid[p]
	if q == n {
		return false // the destination would start on another line
	}
	var end int32
	switch s.line[q] {
	case ')':
		return false // "[a]()": an empty destination, a link
	case '<':
		g := s.nextGT[q+1]
		if g == n {
			return true // no ">": the destination never closes
		}
		end = g + 1
	default:
		end = min(s.nextSpace[q], s.nextLow[q]-1)
		if end == q {
			return true // an empty destination is not a destination
		}
	}
	r := s.nextSolid[end]
	var c int
	if r < n {
		c = int(s.line[r])
	} else {
		c = s.nextByteAfter(block)
	}
	switch c {
	case ')', '"', '\'', '(':
		return false // a link, or a title that decides
	}
	return true
}

// nextByteAfter is the first non-space byte after the line in the block,
// -1 at its end (computed once per line, restoring the reader).
func (s *lineScan) nextByteAfter(block text.Reader) int {
	if s.after != -2 {
		return s.after
	}
	l, pos := block.Position()
	block.Advance(s.stop - pos.Start)
	block.SkipSpaces()
	s.after = int(block.Peek())
	if s.after == int(text.EOF) {
		s.after = -1
	}
	block.SetPosition(l, pos)
	return s.after
}

// CloseBlock passes goldmark's end-of-block work (unmatched "[" become
// text) to the wrapped parser.
func (g linkGuard) CloseBlock(parent ast.Node, block text.Reader, pc parser.Context) {
	if c, ok := g.inner.(parser.CloseBlocker); ok {
		c.CloseBlock(parent, block, pc)
	}
}
