package markdown

import (
	"regexp"

	"github.com/microcosm-cc/bluemonday"
)

// policy sanitizes every piece of HTML this package emits. It is built once;
// a built bluemonday policy is safe for concurrent use.
//
// Starting from bluemonday's UGC policy (no script, style, iframe, object,
// embed, form or on* handlers; URLs must parse and be http, https, mailto or
// relative, so javascript:, vbscript: and data: in any spelling are dropped)
// it adds what goldmark's output needs:
//   - id on any element, letters/digits/marks of any script plus "_-.:" (so
//     Japanese heading ids and footnote ids "fn:1" survive);
//   - class "language-*" on code (fenced code blocks);
//   - class and role on footnote links, lists and their container;
//   - class "callout <kind>" on blockquote and "callout-title" on p;
//     class "badge" on small (macro badges);
//   - input type="checkbox" with checked/disabled for task lists (every
//     input is then forced to a disabled checkbox by finishHTML);
//   - details/summary (already in UGC) and table cell alignment attributes.
//
// rel="nofollow noopener" is added to links by finishHTML (finish.go).
var policy = newPolicy()

func newPolicy() *bluemonday.Policy {
	p := bluemonday.UGCPolicy()
	p.RequireNoFollowOnLinks(false) // finishHTML adds rel="nofollow noopener"
	p.AllowAttrs("id").Matching(regexp.MustCompile(`^[\p{L}\p{M}\p{Nd}_.:\-]{1,200}$`)).Globally()
	p.AllowAttrs("class").Matching(regexp.MustCompile(`^language-[\w.+#\-]{1,40}$`)).OnElements("code")
	p.AllowAttrs("class").Matching(regexp.MustCompile(`^footnote-(ref|backref)$`)).OnElements("a")
	p.AllowAttrs("role").Matching(regexp.MustCompile(`^doc-(noteref|backlink)$`)).OnElements("a")
	p.AllowAttrs("class").Matching(regexp.MustCompile(`^footnotes$`)).OnElements("div")
	p.AllowAttrs("role").Matching(regexp.MustCompile(`^doc-endnotes$`)).OnElements("div")
	p.AllowAttrs("class").Matching(regexp.MustCompile(`^callout (note|tip|important|warning|caution)$`)).OnElements("blockquote")
	p.AllowAttrs("class").Matching(regexp.MustCompile(`^callout-title$`)).OnElements("p")
	p.AllowAttrs("class").Matching(regexp.MustCompile(`^badge$`)).OnElements("small")
	p.AllowAttrs("type").Matching(regexp.MustCompile(`^checkbox$`)).OnElements("input")
	p.AllowAttrs("checked", "disabled").Matching(regexp.MustCompile(`^(|checked|disabled)$`)).OnElements("input")
	p.AllowElements("details", "summary")
	p.AllowAttrs("open").Matching(regexp.MustCompile(`^(|open)$`)).OnElements("details")
	return p
}

// sanitize runs the policy and the fix-ups of finishHTML.
func sanitize(raw []byte) string {
	return finishHTML(policy.SanitizeBytes(raw))
}
