package markdown

import (
	"bytes"
	"regexp"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
)

// Inline raw HTML, fast path. goldmark recognizes inline tags by running
// its tag regexp over a rune reader, which takes the slow NFA path of the
// regexp package (about a fifth of the conversion time of an article with
// a few dozen inline <img> tags). lineTagParser runs the same expressions
// (CommonMark 6.6 open and closing tags) on the next few lines of the
// block copied into a byte slice, which the regexp package matches far
// faster, and builds the node exactly as goldmark does. Anything it does
// not match (comments, declarations, tags longer than the window) is left
// to goldmark's parser, which follows it in priority.
//
// A match inside the window is the match goldmark would find on the whole
// block: quotes always open or close a quoted value, so the '>' ending the
// match lies outside quotes and no other path can get past it.
type lineTagParser struct{}

// Copied from goldmark/parser/raw_html.go (v1.8.7), anchored the same way.
var (
	lineTagName  = `([A-Za-z][A-Za-z0-9-]*)`
	lineTagSpace = `(?:[ \t]|(?:\r\n|\n){0,1})`
	lineTagAttr  = `(?:[\r\n \t]+[a-zA-Z_:][a-zA-Z0-9:._-]*(?:[\r\n \t]*=[\r\n \t]*(?:[^\"'=<>` + "`" + `\x00-\x20]+|'[^']*'|"[^"]*"))?)`
	lineOpenTag  = regexp.MustCompile("^<" + lineTagName + lineTagAttr + `*` + lineTagSpace + `*/?>`)
	lineCloseTag = regexp.MustCompile("^</" + lineTagName + lineTagSpace + `*>`)
)

// Trigger implements parser.InlineParser.
func (lineTagParser) Trigger() []byte { return []byte{'<'} }

var replacementChar = []byte("\uFFFD")

// tagWindowLines and tagWindowBytes bound the text matched at once.
const (
	tagWindowLines = 8
	tagWindowBytes = 4 << 10
)

// Parse implements parser.InlineParser.
func (lineTagParser) Parse(_ ast.Node, block text.Reader, _ parser.Context) ast.Node {
	line, _ := block.PeekLine()
	if len(line) < 3 {
		return nil
	}
	var re *regexp.Regexp
	switch {
	case isASCIIAlnum(line[1]):
		re = lineOpenTag
	case line[1] == '/' && isASCIIAlnum(line[2]):
		re = lineCloseTag
	default:
		return nil
	}
	sline, ssegment := block.Position()
	var window []byte
	var ends []int // window offset where each line ends
	for range tagWindowLines {
		l, seg := block.PeekLine()
		if seg.Padding != 0 { // tab-expanded container indentation: rare
			block.SetPosition(sline, ssegment)
			return nil
		}
		if l == nil || len(window)+len(l) > tagWindowBytes {
			break
		}
		window = append(window, l...)
		ends = append(ends, len(window))
		block.AdvanceLine()
	}
	block.SetPosition(sline, ssegment)
	// goldmark's rune reader stops at U+FFFD as if at the end of input.
	if i := bytes.Index(window, replacementChar); i >= 0 {
		window = window[:i]
	}
	m := re.FindIndex(window)
	if m == nil {
		return nil // not a tag, or longer than the window: goldmark decides
	}
	node := ast.NewRawHTML()
	for i, lineEnd := 0, 0; i < len(ends); i++ {
		_, seg := block.PeekLine()
		lineStart := lineEnd
		lineEnd = ends[i]
		if m[1] <= lineEnd {
			n := m[1] - lineStart
			node.Segments.Append(text.NewSegment(seg.Start, seg.Start+n))
			block.Advance(n)
			break
		}
		node.Segments.Append(text.NewSegment(seg.Start, seg.Stop))
		block.AdvanceLine()
	}
	return node
}

func isASCIIAlnum(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}
