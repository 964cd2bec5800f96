package markdown

import (
	"bytes"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/util"
	"golang.org/x/net/html"
)

// Raw HTML filter. goldmark passes a post's raw HTML through (html.WithUnsafe)
// and the policy sanitizes the result, but the sanitizer reads a tag it
// does not allow like a browser would: after "<title>", "<style>" or
// "<iframe>" everything up to the matching end tag is the element's content
// and dropped, after "<textarea>" or "<plaintext>" it is escaped text, and
// "The <title> element sets…" loses the rest of the article.
//
// rawHTMLRenderer renders inline raw HTML (ast.RawHTML) and HTML blocks
// (ast.HTMLBlock) instead of goldmark's renderer so that only tags of
// elements the policy allows (allowedElements, policy.go) reach the
// sanitizer as markup; the sanitizer then checks their attributes. Nothing
// else does:
//
//   - In prose (inline raw HTML), any other tag (start, end or
//     self-closing), processing instruction, declaration or CDATA section is
//     written as escaped text, as a code-less mention of it reads.
//   - In an HTML block, where a post writes markup, a complete script,
//     style, title, iframe, noembed, noframes or noscript element (end tag
//     in the same block) is dropped with its content, as a browser shows
//     nothing of it; a complete textarea or xmp element shows its content
//     as text. Tags of other elements are paired across all the HTML blocks
//     of the post: a start tag with its end tag, and tags of void elements
//     or written self-closing, are dropped and their content stays (the
//     sanitizer's behaviour for "<center>…</center>"); a tag left unpaired,
//     as an unclosed "<title>" or "<iframe>", and everything that is not a
//     tag is written as escaped text.
//   - Comments are dropped everywhere (authors use them for notes that are
//     not meant to be published), as the sanitizer always did.
//
// The elements whose content the HTML tokenizer reads as raw text
// (rawTextElements) never pass as markup, even if elementRules listed one.
type rawHTMLRenderer struct {
	vertical bool // convert refused inline tags to full width, as prose
}

// tokenizerRawText are the elements after whose start tag the HTML
// tokenizer reads raw text, RCDATA or plaintext up to the matching end tag.
var tokenizerRawText = map[string]bool{
	"script": true, "style": true, "title": true, "textarea": true,
	"xmp": true, "iframe": true, "noembed": true, "noframes": true,
	"noscript": true, "plaintext": true,
}

// rawTextElements are tokenizerRawText plus template (inert content) and the
// roots of foreign content (math, svg): never markup.
var rawTextElements = func() map[string]bool {
	m := map[string]bool{"template": true, "math": true, "svg": true}
	for name := range tokenizerRawText {
		m[name] = true
	}
	return m
}()

// hiddenElements are the raw text elements a browser does not display;
// their content is dropped with them when complete in an HTML block.
var hiddenElements = map[string]bool{
	"script": true, "style": true, "title": true, "iframe": true,
	"noembed": true, "noframes": true, "noscript": true,
}

// maxAllowedNameLen is the length of the longest name in allowedElements
// (at most 16, the size of allowedTag's buffer: TestElementRules).
var maxAllowedNameLen = func() int {
	n := 0
	for name := range allowedElements {
		n = max(n, len(name))
	}
	return n
}()

// allowedTag reports whether the tag name (as written, any case) is one of
// allowedElements and not one of rawTextElements.
func allowedTag(name []byte) bool {
	if len(name) == 0 || len(name) > maxAllowedNameLen {
		return false
	}
	var buf [16]byte
	for i, c := range name {
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		buf[i] = c
	}
	lower := buf[:len(name)]
	return allowedElements[string(lower)] && !rawTextElements[string(lower)]
}

// tagNameOf returns the name of a start or end tag as the HTML tokenizer
// reads it: from after "<" or "</" up to white space, "/" or ">".
func tagNameOf(tag []byte) []byte {
	i := 1
	if len(tag) > 1 && tag[1] == '/' {
		i = 2
	}
	name := tag[min(i, len(tag)):]
	if j := bytes.IndexAny(name, " \n\r\t\f/>"); j >= 0 {
		name = name[:j]
	}
	return name
}

// RegisterFuncs implements renderer.NodeRenderer.
func (r rawHTMLRenderer) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(ast.KindRawHTML, r.renderRawHTML)
	reg.Register(ast.KindHTMLBlock, r.renderHTMLBlock)
}

var commentStart = []byte("<!--")

// renderRawHTML writes one inline tag, comment, processing instruction,
// declaration or CDATA section (CommonMark 6.6): verbatim if it is a start
// or end tag of an allowed element, nothing for a comment, else as text.
func (r rawHTMLRenderer) renderRawHTML(w util.BufWriter, source []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	if !entering {
		return ast.WalkSkipChildren, nil
	}
	n := node.(*ast.RawHTML)
	segs := n.Segments.Sliced(0, n.Segments.Len())
	if len(segs) == 0 {
		return ast.WalkSkipChildren, nil
	}
	first := segs[0].Value(source)
	switch {
	case bytes.HasPrefix(first, commentStart):
		return ast.WalkSkipChildren, nil
	case len(first) > 1 && first[0] == '<' && first[1] != '!' && first[1] != '?' && allowedTag(tagNameOf(first)):
		for _, seg := range segs {
			_, _ = w.Write(seg.Value(source))
		}
		return ast.WalkSkipChildren, nil
	}
	for _, seg := range segs {
		if r.vertical {
			var buf bufWriter
			writeEscaped(&buf, seg.Value(source))
			writeFullWidthEscaped(w, buf.Bytes())
		} else {
			writeEscaped(w, seg.Value(source))
		}
	}
	return ast.WalkSkipChildren, nil
}

// htmlBlockKey is the attribute under which filterHTMLBlocks leaves each
// HTML block's *filteredBlock.
var htmlBlockKey = []byte("stgy-filtered-html")

// renderHTMLBlock writes an HTML block as filterHTMLBlocks decided; a block
// it did not see (a document rendered without it) is filtered alone.
func (r rawHTMLRenderer) renderHTMLBlock(w util.BufWriter, source []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	if !entering {
		return ast.WalkContinue, nil
	}
	n := node.(*ast.HTMLBlock)
	fb, ok := attributeBlock(n)
	if !ok {
		fb = tokenizeBlock(blockSource(n, source))
		pairTags([]*filteredBlock{fb})
	}
	fb.write(w)
	return ast.WalkContinue, nil
}

func attributeBlock(n *ast.HTMLBlock) (*filteredBlock, bool) {
	v, ok := n.Attribute(htmlBlockKey)
	if !ok {
		return nil, false
	}
	fb, ok := v.(*filteredBlock)
	return fb, ok
}

// filterHTMLBlocks tokenizes every HTML block of a parsed document and
// pairs the tags of disallowed elements across them, leaving the result
// on each block for renderHTMLBlock.
func filterHTMLBlocks(p parsed) {
	var blocks []*filteredBlock
	_ = ast.Walk(p.doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		if b, ok := n.(*ast.HTMLBlock); ok {
			fb := tokenizeBlock(blockSource(b, p.src))
			b.SetAttribute(htmlBlockKey, fb)
			blocks = append(blocks, fb)
		}
		if c := n.FirstChild(); c != nil && c.Type() == ast.TypeInline {
			return ast.WalkSkipChildren, nil // no blocks inside
		}
		return ast.WalkContinue, nil
	})
	pairTags(blocks)
}

// blockSource is the text of an HTML block (its lines and closure line) as
// goldmark would write it: U+0000 replaced with U+FFFD.
func blockSource(n *ast.HTMLBlock, source []byte) []byte {
	lines := n.Lines().Sliced(0, n.Lines().Len())
	if n.HasClosure() {
		lines = append(lines[:len(lines):len(lines)], n.ClosureLine)
	}
	if len(lines) == 0 {
		return nil
	}
	// Usually the lines follow each other in source: no copy.
	contiguous := true
	size := 0
	for i, line := range lines {
		size += line.Len()
		if line.Padding != 0 || i > 0 && line.Start != lines[i-1].Stop {
			contiguous = false
		}
	}
	if contiguous {
		b := source[lines[0].Start:lines[len(lines)-1].Stop:lines[len(lines)-1].Stop]
		if bytes.IndexByte(b, 0) < 0 {
			return b
		}
	}
	b := make([]byte, 0, size)
	for _, line := range lines {
		b = append(b, line.Value(source)...)
	}
	if bytes.IndexByte(b, 0) >= 0 {
		b = bytes.ReplaceAll(b, []byte{0}, replacementChar)
	}
	return b
}

// tokenAction is how one token of an HTML block is written.
type tokenAction uint8

const (
	actText   tokenAction = iota // text: verbatim with "<" escaped
	actMarkup                    // tag of an allowed element: verbatim
	actDrop                      // nothing
	actEscape                    // as escaped text
	actOpen                      // start tag to pair: actDrop if paired, else actEscape
	actClose                     // end tag to pair: same
)

type blockToken struct {
	start, end int
	act        tokenAction
	name       string // actOpen and actClose: lower-case tag name
}

// filteredBlock is one HTML block split into tokens as the sanitizer's
// tokenizer (golang.org/x/net/html) reads them.
type filteredBlock struct {
	src  []byte
	toks []blockToken
}

// tokenizeBlock splits an HTML block into tokens and decides how each is
// written, except for the tags pairTags decides. The tokens cover b
// entirely and in order; written as decided, they are complete tokens read
// in the tokenizer's data state, so whatever follows is read as before.
func tokenizeBlock(b []byte) *filteredBlock {
	if onlyAllowedTags(b) {
		return &filteredBlock{src: b, toks: []blockToken{{start: 0, end: len(b), act: actMarkup}}}
	}
	return tokenizeSlow(b)
}

// tokenizeSlow is tokenizeBlock without its fast path.
func tokenizeSlow(b []byte) *filteredBlock {
	fb := &filteredBlock{src: b}
	for base := 0; base < len(b); {
		base = fb.tokenizeFrom(base)
	}
	return fb
}

// onlyAllowedTags is the fast path of tokenizeBlock: it reports whether
// every "<" in b starts a start or end tag of an allowed element and the
// tags are complete (b does not end inside one), so that the tokenizer
// would read nothing but those tags and text without "<", which is
// written verbatim (FuzzFilterFastPath checks the two paths agree).
func onlyAllowedTags(b []byte) bool {
	// Every "<", wherever the tokenizer would read it (even in a quoted
	// attribute value), names an allowed element: so whatever it reads as
	// a tag is allowed.
	for i := 0; ; {
		j := bytes.IndexByte(b[i:], '<')
		if j < 0 {
			break
		}
		i += j
		k := i + 1
		if k < len(b) && b[k] == '/' {
			k++
		}
		if k >= len(b) || !isASCIILetter(b[k]) || !allowedTag(tagNameOf(b[i:])) {
			return false
		}
		i = k
	}
	// No tag is cut off by the end of b.
	for i := 0; ; {
		j := bytes.IndexByte(b[i:], '<')
		if j < 0 {
			return true
		}
		if i = tagEnd(b, i+j); i < 0 {
			return false
		}
	}
}

func isASCIILetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

func isHTMLSpace(c byte) bool { return c == ' ' || c == '\n' || c == '\r' || c == '\t' || c == '\f' }

// tagEnd returns the offset just past the start or end tag at b[i] ("<a",
// "</a") as golang.org/x/net/html's Tokenizer.readTag reads it, or -1 if b
// ends inside it.
func tagEnd(b []byte, i int) int {
	n := len(b)
	skipSpace := func(j int) int {
		for j < n && isHTMLSpace(b[j]) {
			j++
		}
		return j
	}
	j := i + 1
	if b[j] == '/' {
		j++
	}
	// Tag name: up to white space (consumed), "/" or ">".
	for j < n && b[j] != '/' && b[j] != '>' {
		j++
		if isHTMLSpace(b[j-1]) {
			break
		}
	}
	for j = skipSpace(j); j < n; j = skipSpace(j) {
		if b[j] == '>' {
			return j + 1
		}
		// Attribute name: a leading "=" is part of it; up to white
		// space, "/", ">" or "=".
		k := j
		for j < n {
			c := b[j]
			if c == '=' && j == k {
				j++
				continue
			}
			if isHTMLSpace(c) || c == '/' || c == '>' || c == '=' {
				break
			}
			j++
		}
		// Attribute value.
		if j = skipSpace(j); j >= n {
			return -1
		}
		if b[j] == '/' {
			j++
			continue
		}
		if b[j] != '=' {
			continue
		}
		if j = skipSpace(j + 1); j >= n {
			return -1
		}
		switch q := b[j]; q {
		case '>':
		case '"', '\'':
			e := bytes.IndexByte(b[j+1:], q)
			if e < 0 {
				return -1
			}
			j += e + 2
		default:
			for j < n && b[j] != '>' {
				j++
				if isHTMLSpace(b[j-1]) {
					break
				}
			}
		}
	}
	return -1
}

// tokenizeFrom appends the tokens of fb.src[base:] up to its end, or up to the
// end of the start tag of a raw text element left unclosed: that tag is
// written as text, and the caller tokenizes again from where it ends (the
// returned offset), reading what follows as markup.
func (fb *filteredBlock) tokenizeFrom(base int) int {
	b := fb.src
	z := html.NewTokenizer(bytes.NewReader(b[base:]))
	pos := base
	add := func(end int, act tokenAction, name string) {
		fb.toks = append(fb.toks, blockToken{start: pos, end: end, act: act, name: name})
		pos = end
	}
	for {
		tt := z.Next()
		if tt == html.ErrorToken {
			break
		}
		raw := z.Raw()
		end := pos + len(raw)
		switch tt {
		case html.TextToken:
			add(end, actText, "")
		case html.StartTagToken, html.SelfClosingTagToken:
			name := tagNameOf(raw)
			if allowedTag(name) {
				add(end, actMarkup, "")
				continue
			}
			lname := string(bytes.ToLower(name))
			if tokenizerRawText[lname] {
				return fb.rawTextElement(z, pos, end, lname)
			}
			switch {
			case tt == html.SelfClosingTagToken || voidElements[lname]:
				add(end, actDrop, "")
			default:
				add(end, actOpen, lname)
			}
		case html.EndTagToken:
			name := tagNameOf(raw)
			if allowedTag(name) {
				add(end, actMarkup, "")
			} else {
				add(end, actClose, string(bytes.ToLower(name)))
			}
		case html.CommentToken:
			if bytes.HasPrefix(raw, commentStart) {
				add(end, actDrop, "")
			} else {
				add(end, actEscape, "") // <?pi?>, <!x>, <![CDATA[…]]>, </ x>, </>
			}
		default: // html.DoctypeToken
			add(end, actEscape, "")
		}
	}
	if pos < len(b) { // a tag cut off by the end of the block
		add(len(b), actEscape, "")
	}
	return len(b)
}

// rawTextElement handles the start tag [start, end) of the raw text element
// name, z positioned right after it in raw text mode. A complete element is
// dropped with its content (hiddenElements) or shows its content as text;
// an unclosed one has its start tag written as text and tokenizing resumes
// after it (the returned offset).
func (fb *filteredBlock) rawTextElement(z *html.Tokenizer, start, end int, name string) int {
	contentEnd := end
	tt := z.Next()
	if tt == html.TextToken {
		contentEnd += len(z.Raw())
		tt = z.Next()
	}
	if tt != html.EndTagToken { // EOF: no end tag
		fb.toks = append(fb.toks, blockToken{start: start, end: end, act: actEscape})
		return end
	}
	closeEnd := contentEnd + len(z.Raw())
	if hiddenElements[name] {
		fb.toks = append(fb.toks, blockToken{start: start, end: closeEnd, act: actDrop})
	} else {
		content := actText // textarea: RCDATA, references are decoded
		if name == "xmp" {
			content = actEscape
		}
		fb.toks = append(fb.toks,
			blockToken{start: start, end: end, act: actDrop},
			blockToken{start: end, end: contentEnd, act: content},
			blockToken{start: contentEnd, end: closeEnd, act: actDrop},
		)
	}
	return closeEnd
}

// pairTags decides the actOpen and actClose tokens of blocks (in document
// order): an end tag closes the latest unpaired start tag of the same name
// and both are dropped; the others are written as text.
func pairTags(blocks []*filteredBlock) {
	type ref struct{ block, tok int }
	var open map[string][]ref
	for bi, fb := range blocks {
		for ti := range fb.toks {
			t := &fb.toks[ti]
			switch t.act {
			case actOpen:
				if open == nil {
					open = make(map[string][]ref)
				}
				open[t.name] = append(open[t.name], ref{bi, ti})
			case actClose:
				stack := open[t.name]
				if len(stack) == 0 {
					t.act = actEscape
					continue
				}
				r := stack[len(stack)-1]
				open[t.name] = stack[:len(stack)-1]
				blocks[r.block].toks[r.tok].act = actDrop
				t.act = actDrop
			}
		}
	}
	for _, stack := range open {
		for _, r := range stack {
			blocks[r.block].toks[r.tok].act = actEscape
		}
	}
}

// write writes the block as decided.
func (fb *filteredBlock) write(w util.BufWriter) {
	for _, t := range fb.toks {
		s := fb.src[t.start:t.end]
		switch t.act {
		case actText:
			writeTextLT(w, s)
		case actMarkup:
			_, _ = w.Write(s)
		case actEscape, actOpen, actClose: // actOpen/actClose: never paired
			writeEscaped(w, s)
		}
	}
}

// writeEscaped writes b as HTML text: & < > " escaped.
func writeEscaped(w util.BufWriter, b []byte) {
	start := 0
	for i, c := range b {
		var esc string
		switch c {
		case '&':
			esc = "&amp;"
		case '<':
			esc = "&lt;"
		case '>':
			esc = "&gt;"
		case '"':
			esc = "&quot;"
		default:
			continue
		}
		_, _ = w.Write(b[start:i])
		_, _ = w.WriteString(esc)
		start = i + 1
	}
	_, _ = w.Write(b[start:])
}

// writeTextLT writes text the tokenizer read as text (references and all),
// escaping any "<" it left alone ("a < b", "<3") so that nothing written
// after it can complete it into a tag.
func writeTextLT(w util.BufWriter, b []byte) {
	for {
		i := bytes.IndexByte(b, '<')
		if i < 0 {
			_, _ = w.Write(b)
			return
		}
		_, _ = w.Write(b[:i])
		_, _ = w.WriteString("&lt;")
		b = b[i+1:]
	}
}
