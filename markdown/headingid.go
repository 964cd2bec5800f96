package markdown

import (
	"html"
	"regexp"
	"strconv"
	"strings"
	"unicode"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
)

// headingIDs generates heading ids for goldmark's parser.WithAutoHeadingID
// (installed per parse with parser.WithIDs). goldmark's default generator
// keeps ASCII only, so every Japanese heading would become "heading",
// "heading-1", ...; this one follows GitHub's slugger instead:
//
//   - entity references are resolved and obvious Markdown markup (link
//     destinations, tags, emphasis and code markers) is dropped;
//   - letters are lower-cased; letters, marks, digits, '_' and '-' are kept
//     in any script, so "## 理解を深める" gets id "理解を深める";
//   - each white-space run becomes '-'; other punctuation is dropped;
//   - duplicates get "-1", "-2", ... appended; an empty result becomes
//     "section" (or "id" for non-headings).
//
// Ids never contain ':' so they cannot collide with goldmark's footnote ids
// ("fn:1", "fnref:1"). One headingIDs serves one parse; it is not safe for
// concurrent use.
type headingIDs struct {
	used map[string]bool
	next map[string]int // next suffix to try per base, keeps repeats linear
}

func newHeadingIDs() *headingIDs {
	return &headingIDs{used: map[string]bool{}, next: map[string]int{}}
}

// maxIDRunes bounds ids of very long headings.
const maxIDRunes = 80

var (
	idLinkDest = regexp.MustCompile(`\]\([^)]*\)`)
	idTag      = regexp.MustCompile(`</?[A-Za-z][^>]*>`)
)

// Generate implements parser.IDs.
func (g *headingIDs) Generate(value []byte, kind ast.NodeKind) []byte {
	s := string(value)
	if strings.ContainsAny(s, "]<") {
		s = idLinkDest.ReplaceAllString(s, "")
		s = idTag.ReplaceAllString(s, "")
	}
	if strings.Contains(s, "&") {
		s = html.UnescapeString(s)
	}
	base := slug(s)
	if base == "" {
		base = "section"
		if kind != ast.KindHeading {
			base = "id"
		}
	}
	id := base
	for g.used[id] {
		g.next[base]++
		id = base + "-" + strconv.Itoa(g.next[base])
	}
	g.used[id] = true
	return []byte(id)
}

// Put implements parser.IDs.
func (g *headingIDs) Put(value []byte) { g.used[string(value)] = true }

// slug lower-cases s, keeps letters, marks, digits, '_' and '-', turns white
// space runs into '-' and drops everything else.
func slug(s string) string {
	var b strings.Builder
	n := 0
	pendingDash := false
	for _, r := range strings.TrimSpace(s) {
		if n >= maxIDRunes {
			break
		}
		switch {
		case unicode.IsSpace(r):
			pendingDash = true
			continue
		case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.IsMark(r) && b.Len() > 0:
		default:
			continue
		}
		if pendingDash && b.Len() > 0 {
			b.WriteByte('-')
			n++
		}
		pendingDash = false
		b.WriteRune(unicode.ToLower(r))
		n++
	}
	return b.String()
}

// explicitHeadingIDs honours a trailing "{#id}" on a heading, as the Go
// blog writes them ("## Making a Build Reproducible {#how}"): the marker is
// removed from the text and becomes the id. Only this form is recognized;
// goldmark's general heading attributes are not enabled, because they
// would also eat "{}" from a heading such as "Generic JSON with
// interface{}" and accept arbitrary attributes.
type explicitHeadingIDs struct{}

var explicitID = regexp.MustCompile(`[ \t]+\{#([A-Za-z][A-Za-z0-9_\-.]{0,79})\}[ \t]*$`)

// Transform implements parser.ASTTransformer.
func (explicitHeadingIDs) Transform(doc *ast.Document, reader text.Reader, pc parser.Context) {
	src := reader.Source()
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		h, ok := n.(*ast.Heading)
		if !ok || !entering {
			return ast.WalkContinue, nil
		}
		if t, ok := h.LastChild().(*ast.Text); ok {
			v := t.Segment.Value(src)
			if m := explicitID.FindSubmatchIndex(v); m != nil {
				id := v[m[2]:m[3]]
				t.Segment = t.Segment.WithStop(t.Segment.Start + m[0])
				h.SetAttribute([]byte("id"), []byte(string(id)))
				pc.IDs().Put(id)
			}
		}
		return ast.WalkSkipChildren, nil
	})
}
