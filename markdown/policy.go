package markdown

import (
	"regexp"

	"github.com/microcosm-cc/bluemonday"
)

// attrRule allows the attributes names when their value matches value (nil:
// any value; URL attributes are then checked by the URL policy: http, https,
// mailto or relative only). Attributes that hold prose for people (alt,
// title, abbr, summary) take any value: bluemonday escapes every value
// it writes, so no pattern is needed for safety, and a pattern would drop
// an alt text with "?" or ":" (freeText).
type attrRule struct {
	names []string
	value *regexp.Regexp
}

// elementRule allows the elements names with the attributes attrs (beyond
// the global ones: dir, lang, id, title).
type elementRule struct {
	names []string
	attrs []attrRule
}

func attr(value *regexp.Regexp, names ...string) attrRule { return attrRule{names, value} }

// freeText marks attributes whose value is text for people: any value is
// kept (escaped on output).
var freeText *regexp.Regexp

// elementRules is the package's single allow-list of elements: the
// sanitizer policy allows exactly these elements (newPolicy), and raw HTML
// in a post passes to the sanitizer as markup only when its tag names one of
// them (allowedElements, rawhtml_filter.go); any other tag is written as
// text. It is bluemonday's UGC policy (no script, style, iframe, object,
// embed, form, svg, math or on* handlers) plus kbd and what goldmark's
// output needs:
//   - class "language-*" on code (fenced code blocks);
//   - class and role on footnote links and their container;
//   - class "callout <kind>" on blockquote and "callout-title" on p;
//     class "badge" on small (status badges the MDN importer writes);
//   - input type="checkbox" with checked/disabled for task lists (every
//     input is then forced to a disabled checkbox by finishHTML).
//
// Never add an element whose content the HTML tokenizer reads as raw text
// (script, style, title, textarea, xmp, iframe, noembed, noframes,
// noscript, plaintext) or template, svg or math: the raw HTML filter
// refuses them anyway (rawTextElements).
var elementRules = []elementRule{
	{names: []string{
		"article", "aside", "figure", "figcaption", "section", "summary", "hgroup",
		"h1", "h2", "h3", "h4", "h5", "h6", "br", "div", "hr", "p", "span", "wbr",
		"abbr", "acronym", "b", "cite", "code", "dfn", "em", "i", "kbd", "mark",
		"pre", "rp", "rt", "ruby", "s", "samp", "small", "strike", "strong",
		"sub", "sup", "tt", "u", "var", "dl", "dt", "dd", "caption",
	}},
	{names: []string{"details"}, attrs: []attrRule{attr(regexp.MustCompile(`(?i)^(|open)$`), "open")}},
	{names: []string{"blockquote"}, attrs: []attrRule{
		attr(nil, "cite"),
		attr(regexp.MustCompile(`^callout (note|tip|important|warning|caution)$`), "class"),
	}},
	{names: []string{"p"}, attrs: []attrRule{attr(regexp.MustCompile(`^callout-title$`), "class")}},
	{names: []string{"small"}, attrs: []attrRule{attr(regexp.MustCompile(`^badge$`), "class")}},
	{names: []string{"code"}, attrs: []attrRule{attr(regexp.MustCompile(`^language-[\w.+#\-]{1,40}$`), "class")}},
	{names: []string{"div"}, attrs: []attrRule{
		attr(regexp.MustCompile(`^footnotes$`), "class"),
		attr(regexp.MustCompile(`^doc-endnotes$`), "role"),
	}},
	{names: []string{"a"}, attrs: []attrRule{
		attr(nil, "href"),
		attr(regexp.MustCompile(`^footnote-(ref|backref)$`), "class"),
		attr(regexp.MustCompile(`^doc-(noteref|backlink)$`), "role"),
	}},
	{names: []string{"map"}, attrs: []attrRule{attr(regexp.MustCompile(`^([\p{L}\p{N}_-]+)$`), "name")}},
	{names: []string{"area"}, attrs: []attrRule{
		attr(freeText, "alt"),
		attr(regexp.MustCompile(`^([0-9]+,)+[0-9]+$`), "coords"),
		attr(nil, "href"),
		attr(bluemonday.SpaceSeparatedTokens, "rel"),
		attr(regexp.MustCompile(`(?i)^(default|circle|rect|poly)$`), "shape"),
	}},
	{names: []string{"img"}, attrs: []attrRule{
		attr(regexp.MustCompile(`(?i)^#[\p{L}\p{N}_-]+$`), "usemap"),
		attr(bluemonday.ImageAlign, "align"),
		attr(freeText, "alt"),
		attr(bluemonday.NumberOrPercent, "height", "width"),
		attr(nil, "src"),
	}},
	{names: []string{"q"}, attrs: []attrRule{attr(nil, "cite")}},
	{names: []string{"time"}, attrs: []attrRule{attr(bluemonday.ISO8601, "datetime")}},
	{names: []string{"bdi", "bdo"}, attrs: []attrRule{attr(bluemonday.Direction, "dir")}},
	{names: []string{"del", "ins"}, attrs: []attrRule{
		attr(nil, "cite"),
		attr(bluemonday.ISO8601, "datetime"),
	}},
	{names: []string{"ol", "ul"}, attrs: []attrRule{attr(bluemonday.ListType, "type")}},
	{names: []string{"li"}, attrs: []attrRule{
		attr(bluemonday.ListType, "type"),
		attr(bluemonday.Integer, "value"),
	}},
	{names: []string{"table"}, attrs: []attrRule{
		attr(bluemonday.NumberOrPercent, "height", "width"),
		attr(freeText, "summary"),
	}},
	{names: []string{"col", "colgroup"}, attrs: []attrRule{
		attr(bluemonday.CellAlign, "align"),
		attr(bluemonday.NumberOrPercent, "height", "width"),
		attr(bluemonday.Integer, "span"),
		attr(bluemonday.CellVerticalAlign, "valign"),
	}},
	{names: []string{"thead", "tbody", "tfoot", "tr"}, attrs: []attrRule{
		attr(bluemonday.CellAlign, "align"),
		attr(bluemonday.CellVerticalAlign, "valign"),
	}},
	{names: []string{"td", "th"}, attrs: []attrRule{
		attr(freeText, "abbr"),
		attr(bluemonday.CellAlign, "align"),
		attr(bluemonday.Integer, "colspan", "rowspan"),
		attr(bluemonday.SpaceSeparatedTokens, "headers"),
		attr(bluemonday.NumberOrPercent, "height", "width"),
		attr(regexp.MustCompile(`(?i)(?:row|col)(?:group)?`), "scope"),
		attr(bluemonday.CellVerticalAlign, "valign"),
		attr(regexp.MustCompile(`(?i)|nowrap`), "nowrap"),
	}},
	{names: []string{"meter"}, attrs: []attrRule{attr(bluemonday.Number, "value", "min", "max", "low", "high", "optimum")}},
	{names: []string{"progress"}, attrs: []attrRule{attr(bluemonday.Number, "value", "max")}},
	{names: []string{"input"}, attrs: []attrRule{
		attr(regexp.MustCompile(`^checkbox$`), "type"),
		attr(regexp.MustCompile(`^(|checked|disabled)$`), "checked", "disabled"),
	}},
}

// allowedElements is the set of element names of elementRules.
var allowedElements = func() map[string]bool {
	m := make(map[string]bool)
	for _, r := range elementRules {
		for _, name := range r.names {
			m[name] = true
		}
	}
	return m
}()

// policy sanitizes every piece of HTML this package emits. It is built once;
// a built bluemonday policy is safe for concurrent use.
//
// It allows the elements and attributes of elementRules and, on any of
// them, dir (ltr, rtl, auto), lang (a language tag), title (any text,
// escaped) and id; id takes letters, digits and marks of any script plus
// "_-.:" (so Japanese heading ids and footnote ids "fn:1" survive). URLs must parse and be http, https, mailto or relative, so
// javascript:, vbscript: and data: in any spelling are dropped.
//
// rel="nofollow noopener" is added to links by finishHTML (finish.go).
var policy = newPolicy()

func newPolicy() *bluemonday.Policy {
	p := bluemonday.NewPolicy()
	p.AllowAttrs("dir").Matching(regexp.MustCompile(`(?i)^(ltr|rtl|auto)$`)).Globally()
	p.AllowAttrs("lang").Matching(regexp.MustCompile(`^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$`)).Globally()
	p.AllowAttrs("title").Globally()
	p.AllowStandardURLs()
	p.RequireNoFollowOnLinks(false) // finishHTML adds rel="nofollow noopener"
	p.AllowAttrs("id").Matching(regexp.MustCompile(`^[\p{L}\p{M}\p{Nd}_.:\-]{1,200}$`)).Globally()
	for _, r := range elementRules {
		p.AllowElements(r.names...)
		for _, a := range r.attrs {
			b := p.AllowAttrs(a.names...)
			if a.value != nil {
				b.Matching(a.value)
			}
			b.OnElements(r.names...)
		}
	}
	return p
}

// sanitize runs the policy and the fix-ups of finishHTML.
func sanitize(raw []byte) string {
	return finishHTML(policy.SanitizeBytes(raw))
}
