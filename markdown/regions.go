package markdown

import (
	"sort"
	"strings"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/text"
)

// RegionKind says what a byte range of a Markdown source is, for tools
// that rewrite the source (the importer's per-source rewriters).
type RegionKind int

// Region kinds. Outside every region the source is Markdown prose.
const (
	RegionCode      RegionKind = iota + 1 // code span, fenced or indented code block, fence info string
	RegionHTMLBlock                       // raw HTML block: only HTML works there
	RegionHTMLTag                         // inline raw HTML tag: an attribute value at most
)

// Region is a byte range [Start, Stop) of a source with a non-prose kind.
type Region struct {
	Start, Stop int
	Kind        RegionKind
}

// SourceRegions parses src as CommonMark + GFM (the renderer's parser)
// and lists its code and raw-HTML ranges in source order; regions never
// overlap. src must be valid UTF-8. ErrTooComplex when the parse does not
// finish within RenderBudget.
func SourceRegions(src string) ([]Region, error) {
	b := []byte(src)
	doc, err := parseBytes(b, RenderBudget)
	if err != nil {
		return nil, err
	}
	var rs []Region
	addLines := func(lines *text.Segments, kind RegionKind) {
		if lines.Len() == 0 {
			return
		}
		rs = append(rs, Region{lines.At(0).Start, lines.At(lines.Len() - 1).Stop, kind})
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
					rs = append(rs, Region{first.Segment.Start, last.Segment.Stop, RegionCode})
				}
			}
			return ast.WalkSkipChildren, nil
		case *ast.FencedCodeBlock:
			if n.Info != nil {
				rs = append(rs, Region{n.Info.Segment.Start, n.Info.Segment.Stop, RegionCode})
			}
			addLines(n.Lines(), RegionCode)
		case *ast.CodeBlock:
			addLines(n.Lines(), RegionCode)
		case *ast.HTMLBlock:
			addLines(n.Lines(), RegionHTMLBlock)
			if n.HasClosure() {
				rs = append(rs, Region{n.ClosureLine.Start, n.ClosureLine.Stop, RegionHTMLBlock})
			}
		case *ast.RawHTML:
			addLines(n.Segments, RegionHTMLTag)
		}
		return ast.WalkContinue, nil
	})
	sort.Slice(rs, func(i, j int) bool { return rs[i].Start < rs[j].Start })
	return rs, nil
}

// RegionAt finds the kind of byte offset i in rs (SourceRegions' result),
// 0 for prose.
func RegionAt(rs []Region, i int) RegionKind {
	k := sort.Search(len(rs), func(k int) bool { return rs[k].Start > i }) - 1
	if k >= 0 && i < rs[k].Stop {
		return rs[k].Kind
	}
	return 0
}

// LinkDestinations lists the destinations of every link and image of src
// (inline and reference style, after reference resolution), in document
// order, as the renderer will write them. Autolinks are not included.
// A source too complex to parse within RenderBudget gives nil.
func LinkDestinations(src string) []string {
	b := []byte(src)
	doc, err := parseBytes(b, RenderBudget)
	if err != nil {
		return nil
	}
	var out []string
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *ast.Link:
			out = append(out, string(n.Destination))
		case *ast.Image:
			out = append(out, string(n.Destination))
		}
		return ast.WalkContinue, nil
	})
	return out
}

// LinkSites describes where a source's links are, for rewriting their
// destinations in place:
//
//   - Inline maps the byte offset of the "](" that may open the
//     destination of a link or image whose text holds at least one
//     character (a link with empty text, "[](x)", is not listed) to the
//     destination the parser gave that link: a reference link followed
//     by "(" text has a different one, so callers compare;
//   - Text holds the byte ranges of paragraph and heading lines: a line
//     there that looks like a link reference definition "[a]: /b" is only
//     text (real definitions are consumed by the parser).
//
// src must be valid UTF-8.
type LinkSites struct {
	Inline map[int]string
	Text   []Region
}

// FindLinkSites parses src and returns its LinkSites (ErrTooComplex when
// the parse does not finish within RenderBudget).
func FindLinkSites(src string) (LinkSites, error) {
	b := []byte(src)
	doc, err := parseBytes(b, RenderBudget)
	if err != nil {
		return LinkSites{}, err
	}
	sites := LinkSites{Inline: map[int]string{}}
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		var dest []byte
		switch n := n.(type) {
		case *ast.Link:
			dest = n.Destination
		case *ast.Image:
			dest = n.Destination
		}
		switch n.(type) {
		case *ast.Link, *ast.Image:
			if stop := lastStop(n); stop >= 0 {
				if i := strings.Index(src[stop:], "]("); i >= 0 {
					sites.Inline[stop+i] = string(dest)
				}
			}
		case *ast.Paragraph, *ast.Heading, *ast.TextBlock:
			lines := n.Lines()
			for i := 0; i < lines.Len(); i++ {
				seg := lines.At(i)
				sites.Text = append(sites.Text, Region{seg.Start, seg.Stop, 0})
			}
		}
		return ast.WalkContinue, nil
	})
	sort.Slice(sites.Text, func(i, j int) bool { return sites.Text[i].Start < sites.Text[j].Start })
	return sites, nil
}

// InText reports whether byte offset i lies in one of s.Text's ranges.
func (s LinkSites) InText(i int) bool {
	k := sort.Search(len(s.Text), func(k int) bool { return s.Text[k].Start > i }) - 1
	return k >= 0 && i < s.Text[k].Stop
}

// lastStop is the end offset of the last source text inside n (text,
// code span or raw HTML segments), -1 when n holds none.
func lastStop(n ast.Node) int {
	stop := -1
	_ = ast.Walk(n, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch c := c.(type) {
		case *ast.Text:
			stop = max(stop, c.Segment.Stop)
		case *ast.RawHTML:
			if l := c.Segments.Len(); l > 0 {
				stop = max(stop, c.Segments.At(l-1).Stop)
			}
		}
		return ast.WalkContinue, nil
	})
	return stop
}
