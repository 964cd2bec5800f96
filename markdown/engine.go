package markdown

import (
	"strings"
	"time"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/renderer/html"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// The two goldmark instances are built once; goldmark.Markdown is safe for
// concurrent use. They differ only in the renderer for text nodes.
var (
	horizontalMD = newGoldmark(false, true)
	verticalMD   = newGoldmark(true, true)
)

// newGoldmark configures CommonMark plus GFM (tables with align attributes,
// strikethrough, linkify, task lists), footnotes, auto heading ids
// (headingid.go, with the Go blog's trailing "{#id}"), and AST transformers
// for callouts (callout.go) and MDN definition lists (deflist.go). Raw HTML
// is passed through (html.WithUnsafe) because everything is sanitized
// afterwards by the package policy, but only tags of elements the policy
// allows pass as markup; others are written as text or dropped
// (rawhtml_filter.go).
//
// fastTags installs lineTagParser (rawhtml_inline.go); tests turn it off to
// compare against goldmark's own raw HTML parser. The link parser is
// goldmark's, behind linkGuard (linkguard.go).
func newGoldmark(vertical, fastTags bool) goldmark.Markdown {
	return newGoldmarkWith(vertical, fastTags, true)
}

// newParser is goldmark's default parser with its link parser wrapped in
// linkGuard when guard is set (tests compare with guard off).
func newParser(guard bool) parser.Parser {
	inline := parser.DefaultInlineParsers()
	if guard {
		for i, v := range inline {
			if p, ok := v.Value.(parser.InlineParser); ok && v.Priority == 200 {
				inline[i] = util.Prioritized(linkGuard{inner: p}, v.Priority)
			}
		}
	}
	return parser.NewParser(
		parser.WithBlockParsers(parser.DefaultBlockParsers()...),
		parser.WithInlineParsers(inline...),
		parser.WithParagraphTransformers(parser.DefaultParagraphTransformers()...),
	)
}

func newGoldmarkWith(vertical, fastTags, guard bool) goldmark.Markdown {
	opts := []goldmark.Option{
		goldmark.WithParser(newParser(guard)), // first: later options apply to it
		goldmark.WithExtensions(
			guardedTable{opts: []extension.TableOption{extension.WithTableCellAlignMethod(extension.TableCellAlignAttribute)}},
			extension.Strikethrough,
			extension.Linkify,
			extension.TaskList,
			extension.Footnote,
		),
		goldmark.WithParserOptions(
			// First of all: stop an overdue parse (bounds.go).
			parser.WithBlockParsers(util.Prioritized(deadlineBlock{}, 0)),
			parser.WithInlineParsers(util.Prioritized(deadlineInline{}, 0)),
			parser.WithAutoHeadingID(),
			parser.WithASTTransformers(
				util.Prioritized(calloutTransformer{}, 100),
				util.Prioritized(mdnDefinitionLists{}, 100),
				util.Prioritized(explicitHeadingIDs{}, 100),
			),
		),
		goldmark.WithRendererOptions(
			html.WithUnsafe(),
			renderer.WithNodeRenderers(
				util.Prioritized(extension.NewDefinitionListHTMLRenderer(), 500),
				// Ahead of goldmark's own renderer (1000).
				util.Prioritized(rawHTMLRenderer{vertical: vertical}, 100),
			),
		),
	}
	if fastTags {
		// Just ahead of goldmark's raw HTML parser (400), after autolinks.
		opts = append(opts, goldmark.WithParserOptions(
			parser.WithInlineParsers(util.Prioritized(lineTagParser{}, 399)),
		))
	}
	if vertical {
		// A lower priority value wins: goldmark's own renderer is at 1000.
		opts = append(opts, goldmark.WithRendererOptions(renderer.WithNodeRenderers(
			util.Prioritized(&verticalTextRenderer{w: html.NewWriter()}, 100),
		)))
	}
	return goldmark.New(opts...)
}

// parsed is one parsed Markdown body: the source the AST points into and
// the document node.
type parsed struct {
	src []byte
	doc ast.Node
}

// parseBody parses a post body as CommonMark + GFM within budget
// (ErrTooComplex when it runs out; bounds.go). src must be valid UTF-8
// (callers use validUTF8); a leading byte-order mark is not content and
// is dropped (stored posts from before the input boundaries stripped it);
// lines nesting deeper than MaxNesting are cut back (limitNesting).
// Nothing is expanded: macros of imported sources ({{...}}) are the
// importer's business, so "{{Foo("bar")}}" written by an owner is text.
func parseBody(src string, budget time.Duration) (parsed, error) {
	for strings.HasPrefix(src, "\uFEFF") {
		src = src[len("\uFEFF"):]
	}
	b := []byte(limitNesting(src))
	doc, err := parseBytes(b, budget)
	return parsed{src: b, doc: doc}, err
}

// parseBytes parses b within budget; an overdue parse is abandoned
// (ErrTooComplex, doc nil).
func parseBytes(b []byte, budget time.Duration) (doc ast.Node, err error) {
	ctx := parser.NewContext(parser.WithIDs(newHeadingIDs()))
	ctx.Set(deadlineKey, time.Now().Add(budget))
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(errDeadline); !ok {
				panic(r)
			}
			doc, err = nil, ErrTooComplex
		}
	}()
	return horizontalMD.Parser().Parse(text.NewReader(b), parser.WithContext(ctx)), nil
}

// renderHTML renders the parsed document (unsanitized) for the given
// direction. Raw HTML is filtered on the way (rawhtml_filter.go). Output
// past MaxHTMLBytes stops the render at once: ErrTooLarge.
func renderHTML(p parsed, opts Options) (out []byte, err error) {
	md := horizontalMD
	if opts.Vertical {
		md = verticalMD
	}
	filterHTMLBlocks(p)
	defer adjustHeadings(p)()
	w := &cappedBuffer{limit: MaxHTMLBytes}
	w.buf.Grow(len(p.src) + len(p.src)/2)
	defer func() {
		if r := recover(); r != nil {
			if r != errOverCap {
				panic(r)
			}
			out, err = nil, ErrTooLarge
		}
	}()
	// goldmark's HTML renderer fails only when the writer does, and
	// cappedBuffer panics instead of failing.
	_ = md.Renderer().Render(w, p.src, p.doc)
	return w.buf.Bytes(), nil
}
