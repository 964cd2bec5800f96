package markdown

import (
	"html"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/yuin/goldmark/ast"

	"github.com/stgy/stgypub"
)

// Document is everything derived from one post's Markdown body (the body
// WITHOUT front matter; see [SplitFrontMatter]). It feeds the article page
// and its metadata (docs/SPEC.md#metadata: HTML title and description, OGP
// title/description/image, Twitter Card) and the snippet stored with the post
// (docs/SPEC.md#public-pages).
type Document struct {
	// HTML is the sanitized article HTML, safe to insert as template.HTML.
	HTML string
	// Title is the plain text of the first heading, else the first
	// non-empty line of the first text block: at most 200 code points, cut
	// on a grapheme boundary; "" for an empty body. A front-matter title is
	// the caller's business.
	Title string
	// Description is the plain text of the first paragraph (text of tables
	// and raw HTML blocks only if there is no Markdown paragraph), white space
	// collapsed, at most 300 code points cut on a grapheme boundary.
	Description string
	// FeaturedImage is the post's featured image (stgypub.FeaturedImage):
	// the first image of the whole body (Markdown image anywhere, <img> in
	// raw HTML) that stgypub.FeaturedImageURL accepts, as that absolute
	// URL; "" if none.
	FeaturedImage string
	// FeaturedImageAlt is that image's alternative text, white space
	// collapsed.
	FeaturedImageAlt string
	// Snippet is the JSON snippet (format in snippet.go), at most
	// SnippetMaxLen code points, always valid JSON.
	Snippet string
}

// Convert renders a Markdown body and extracts its metadata. It never fails
// or panics on any input; invalid UTF-8 is replaced by U+FFFD first. A
// body that does not parse within RenderBudget gets the degraded Document
// of unrendered (see ConvertWithin to refuse it instead).
func Convert(src string, opts Options) Document {
	d, err := ConvertWithin(src, opts, RenderBudget)
	if err != nil {
		return unrendered(src)
	}
	return d
}

// ConvertWithin is Convert with a parse budget: ErrTooComplex when the
// body does not parse within it (bounds.go), for writers that refuse such
// a body rather than store it.
func ConvertWithin(src string, opts Options, budget time.Duration) (Document, error) {
	p, err := parseBody(validUTF8(src), budget)
	if err != nil {
		return Document{}, err
	}
	raw, err := renderHTML(p, opts)
	if err != nil {
		return Document{}, err
	}
	blocks := collectBlocks(p, SnippetMaxLen, false)
	featured := featuredImage(p)
	return Document{
		HTML:             sanitize(raw),
		Title:            documentTitle(p, blocks),
		Description:      documentDescription(blocks),
		FeaturedImage:    featured.Src,
		FeaturedImageAlt: featured.Alt,
		Snippet:          buildSnippet(blocks),
	}, nil
}

// Render only produces the sanitized HTML (same as Convert(src, opts).HTML).
func Render(src string, opts Options) string {
	html, err := RenderWithin(src, opts, RenderBudget)
	if err != nil {
		return unrendered(src).HTML
	}
	return html
}

// RenderWithin is Render with a parse budget (ErrTooComplex when it runs
// out).
func RenderWithin(src string, opts Options, budget time.Duration) (string, error) {
	p, err := parseBody(validUTF8(src), budget)
	if err != nil {
		return "", err
	}
	raw, err := renderHTML(p, opts)
	if err != nil {
		return "", err
	}
	return sanitize(raw), nil
}

// unrendered is what a body that could not be parsed in time shows: its
// text as written in one preformatted block (escaped, so nothing in it is
// markup), titled by its first non-empty line. It costs one linear pass.
func unrendered(src string) Document {
	src = strings.TrimPrefix(validUTF8(src), "\uFEFF")
	title := stgypub.Truncate(firstNonEmptyLine(src), stgypub.TitleMaxLen)
	text := stgypub.TruncateEllipsis(stgypub.CollapseSpace(src), stgypub.DescriptionMaxLen)
	return Document{
		HTML:        `<pre class="unrendered">` + html.EscapeString(src) + "</pre>",
		Title:       title,
		Description: text,
		Snippet:     buildSnippet([]block{{kind: kindParagraph, text: text}}),
	}
}

func validUTF8(s string) string {
	if utf8.ValidString(s) {
		return s
	}
	return strings.ToValidUTF8(s, "\uFFFD")
}

// documentTitle is the first heading anywhere in the document, else the
// first non-empty line of the first text block.
func documentTitle(p parsed, blocks []block) string {
	var title string
	_ = ast.Walk(p.doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if h, ok := n.(*ast.Heading); ok && entering {
			var b strings.Builder
			inlineText(&b, h, p.src, nil)
			if title = stgypub.CollapseSpace(b.String()); !stgypub.IsBlank(title) {
				return ast.WalkStop, nil
			}
			title = ""
		}
		return ast.WalkContinue, nil
	})
	if title == "" {
		for _, b := range blocks {
			if b.kind != kindImage {
				if title = firstNonEmptyLine(b.text); title != "" {
					break
				}
			}
		}
	}
	return stgypub.Truncate(title, stgypub.TitleMaxLen)
}

// documentDescription is the first Markdown paragraph, else the first
// paragraph-like text of a raw HTML block.
func documentDescription(blocks []block) string {
	fallback := ""
	for _, b := range blocks {
		if b.kind != kindParagraph && b.kind != kindTable {
			continue
		}
		if !b.secondary {
			return stgypub.Truncate(stgypub.CollapseSpace(b.text), stgypub.DescriptionMaxLen)
		}
		if fallback == "" {
			fallback = b.text
		}
	}
	return stgypub.Truncate(stgypub.CollapseSpace(fallback), stgypub.DescriptionMaxLen)
}

// featuredImage applies stgypub.FeaturedImage to the images of the whole
// document in source order: Markdown images wherever they are (links,
// tables, lists, quotes) and <img> elements of raw HTML, inline or block.
// It stops at the first that qualifies.
func featuredImage(p parsed) stgypub.Image {
	var found stgypub.Image
	_ = ast.Walk(p.doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		var imgs []image
		switch n := n.(type) {
		case *ast.Image:
			var alt strings.Builder
			inlineText(&alt, n, p.src, nil)
			imgs = append(imgs, image{src: string(n.Destination), alt: alt.String()})
		case *ast.RawHTML:
			htmlImages(segmentsText(n.Segments, p.src), &imgs)
		case *ast.HTMLBlock:
			htmlImages(blockLines(n, p.src), &imgs)
		}
		candidates := make([]stgypub.Image, len(imgs))
		for i, im := range imgs {
			candidates[i] = stgypub.Image{Src: im.src, Alt: im.alt}
		}
		if found = stgypub.FeaturedImage(candidates); found.Src != "" {
			return ast.WalkStop, nil
		}
		return ast.WalkContinue, nil
	})
	return found
}

// htmlImages appends the images of an HTML fragment that mentions <img.
func htmlImages(fragment string, imgs *[]image) {
	if strings.Contains(fragment, "<img") || strings.Contains(strings.ToLower(fragment), "<img") {
		htmlContent(fragment, nil, imgs)
	}
}

// firstNonEmptyLine returns the first line of s holding more than white
// space, collapsed (as the title stgypub.SummarizeSnippet falls back to).
func firstNonEmptyLine(s string) string {
	for line := range strings.SplitSeq(s, "\n") {
		if l := stgypub.CollapseSpace(line); l != "" {
			return l
		}
	}
	return ""
}

// LeadingHeading returns the level (1-6) and plain text of the body's
// first block when it is a heading (ATX or setext), else 0 and "". The
// importer uses it to decide whether a front-matter title is already the
// article's heading.
func LeadingHeading(src string) (level int, text string) {
	p, err := parseBody(validUTF8(src), RenderBudget)
	if err != nil {
		return 0, ""
	}
	h, ok := p.doc.FirstChild().(*ast.Heading)
	if !ok {
		return 0, ""
	}
	var b strings.Builder
	inlineText(&b, h, p.src, nil)
	return h.Level, stgypub.CollapseSpace(b.String())
}

// Derived is what a write stores with the post besides the snippet
// (stgypub.DerivePost): d's featured image and the reading time of
// plainText, the post's PlainText.
func (d Document) Derived(plainText string) stgypub.PostDerived {
	return stgypub.DerivePost(stgypub.Image{Src: d.FeaturedImage, Alt: d.FeaturedImageAlt}, plainText)
}
