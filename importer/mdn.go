package importer

import (
	"html"
	"strings"
)

// expandMDN is the MDN Web Docs rewriter's macro table: what each
// KumaScript call becomes. Names are matched case-insensitively.
//
//   - Removed (no useful text): page furniture and widgets such as
//     *Sidebar, *_Header, JSRef/HTMLRef/CSSRef/APIRef, Compat,
//     Specifications, SeeCompatTable, EmbedLiveSample, InteractiveExample,
//     QuickLinksWithSubpages, Spec2, no_tag_omission, Previous/Next.
//   - Badges: *_inline status macros (optional_inline, deprecated_inline,
//     experimental_inline, non-standard_inline, ReadOnlyInline) become
//     <small class="badge">optional</small> and so on.
//   - Code-like cross references render their display text in <code>:
//     HTTPHeader, HTTPMethod, HTTPStatus, jsxref, domxref, cssxref,
//     htmlattrdef, htmlattrxref, SVGAttr; HTMLElement("q") renders "<q>"
//     (SVGElement, MathMLElement likewise). The display text is the second
//     argument if present, else the first (HTTPStatus(503) → "503", as MDN
//     shows it; pages spell the reason phrase out themselves).
//   - Plain-text references: Glossary, interwiki, anch, term (display text as
//     above), SpecName (the specification name, first argument), RFC
//     ("RFC 7231, section 7.1.3: Retry-After").
//   - Anything else renders as its own text without the braces:
//     {{Foo("bar")}} → Foo("bar").
//
// Expansion never fails: a call whose arguments do not fit the rule falls
// back to its own text.
func expandMDN(m macroCall, ctx macroContext) string {
	lower := strings.ToLower(m.name)
	arg := func(i int) string {
		if i < len(m.args) {
			return html.UnescapeString(m.args[i].text)
		}
		return ""
	}
	display := func() string {
		if s := arg(1); s != "" {
			return s
		}
		return arg(0)
	}
	switch {
	case removedMacros[lower] || strings.HasSuffix(lower, "sidebar") || strings.HasSuffix(lower, "_header"):
		return ""
	case badgeMacros[lower] != "":
		return outBadge(badgeMacros[lower], ctx)
	case strings.HasSuffix(lower, "_inline"):
		return outBadge(strings.ReplaceAll(strings.TrimSuffix(lower, "_inline"), "_", " "), ctx)
	case len(m.args) == 0:
		return outText(m.inner, ctx)
	case lower == "htmlelement" || lower == "svgelement" || lower == "mathmlelement":
		if s := arg(1); s != "" {
			return outCode(s, ctx)
		}
		return outCode("<"+arg(0)+">", ctx)
	case lower == "htmlattrxref" || lower == "svgattr" || lower == "htmlattrdef":
		return outCode(arg(0), ctx)
	case codeRefMacros[lower]:
		return outCode(display(), ctx)
	case lower == "specname":
		return outText(arg(0), ctx)
	case lower == "rfc":
		return outText(rfcText(arg(0), arg(1), arg(2)), ctx)
	case textRefMacros[lower]:
		return outText(display(), ctx)
	}
	return outText(m.inner, ctx)
}

var removedMacros = setOf(
	"compat", "specifications", "seecompattable", "embedlivesample",
	"embedinteractiveexample", "interactiveexample", "embedghlivesample",
	"embedyoutube", "jsfiddleembed", "quicklinkswithsubpages", "listsubpages",
	"listsubpagesgrouped", "subpageswithsummaries", "spec2", "no_tag_omission",
	"previous", "next", "previousnext", "previousmenu", "nextmenu",
	"previousmenunext", "jsref", "htmlref", "cssref", "apiref", "svgref",
	"mathmlref", "webextapiref", "glossarydisambiguation", "availableinworkers",
	"securecontext_header", "cssinfo", "csssyntax", "todo", "draft", "outdated",
	"includesubnav", "page", "livesamplelink", "defaultapisidebar",
)

var badgeMacros = map[string]string{
	"optional_inline":      "optional",
	"deprecated_inline":    "deprecated",
	"experimental_inline":  "experimental",
	"non-standard_inline":  "non-standard",
	"obsolete_inline":      "obsolete",
	"readonlyinline":       "read-only",
	"securecontext_inline": "secure context",
}

var codeRefMacros = setOf(
	"httpheader", "httpmethod", "httpstatus", "jsxref", "domxref", "cssxref", "event",
	"webextapiref", "svgxref",
)

var textRefMacros = setOf("glossary", "interwiki", "anch", "term", "xref")

func setOf(names ...string) map[string]bool {
	m := make(map[string]bool, len(names))
	for _, n := range names {
		m[n] = true
	}
	return m
}

// rfcText renders RFC(number[, title[, section]]) like MDN does.
func rfcText(num, title, section string) string {
	s := "RFC " + num
	if section != "" {
		s += ", section " + section
	}
	if title != "" {
		s += ": " + title
	}
	return s
}
