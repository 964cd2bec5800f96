package importer

import (
	"errors"
	"fmt"
	"net/url"
	"sort"
	"strings"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/markdown"
)

// A source is where a file's Markdown comes from. Each source has a
// rewriter, run once at import time (as miniflux rewrites content per
// site when it fetches it), that turns the source's own syntax into plain
// CommonMark + GFM and makes relative references absolute; the renderer
// then treats every post alike and never expands anything
// (docs/API.md "Import").
type source struct {
	// expand writes one macro call ({{...}}); nil: the source has none.
	expand expander
	// base is the URL the file's relative references resolve against when
	// neither the file's base_url nor Options.BaseURL gives one.
	base func(fm markdown.FrontMatter, locale string) string
}

// Source names for Options.Source, Options.Sources and the front-matter
// "source" key.
const (
	SourcePlain  = "plain"  // CommonMark + GFM as written
	SourceGoBlog = "goblog" // the Go blog (golang/website _content/blog)
	SourceMDN    = "mdn"    // MDN Web Docs (mdn/content, mdn/translated-content)
)

var sources = map[string]source{
	SourcePlain: {},
	SourceGoBlog: {
		expand: expandGo,
		base:   func(markdown.FrontMatter, string) string { return "https://go.dev/blog/" },
	},
	SourceMDN: {
		expand: expandMDN,
		base:   mdnBase,
	},
}

// SourceNames lists the known source names, sorted.
func SourceNames() []string {
	names := make([]string, 0, len(sources))
	for n := range sources {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// mdnBase is the page's own URL on developer.mozilla.org with a trailing
// slash (MDN serves a page's images under it): /{locale}/docs/{slug}/.
// The locale is MDN's spelling of the import locale ("ja", "en-US",
// "zh-CN"); a bare "en" is "en-US".
func mdnBase(fm markdown.FrontMatter, locale string) string {
	if fm.Slug == "" {
		return "https://developer.mozilla.org/"
	}
	if locale == "" || locale == "en" {
		locale = "en-US"
	}
	return "https://developer.mozilla.org/" + locale + "/docs/" + strings.Trim(fm.Slug, "/") + "/"
}

// checkSource returns BAD_USER_INPUT for an unknown source name ("" is
// plain).
func checkSource(name string) error {
	if _, ok := sources[name]; ok || name == "" {
		return nil
	}
	return stgypub.FieldErrorf("source", "source %q is unknown; use one of %s", name, strings.Join(SourceNames(), ", "))
}

// parseBase checks a base URL: absolute http(s) with a host; "" is none.
func parseBase(field, s string) (*url.URL, error) {
	if s == "" {
		return nil, nil
	}
	u, err := url.Parse(s)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.User != nil {
		return nil, stgypub.FieldErrorf(field, "%s %q must be an absolute http(s) URL such as https://go.dev/blog/", field, s)
	}
	return u, nil
}

// rewrite turns one file's body into the Markdown stored for the post:
// the source's macros expanded, then relative references resolved. The
// source is the file's front-matter "source", else Options.Sources[name],
// else Options.Source, else plain; the base URL the file's "base_url",
// else Options.BaseURL, else the source's default. An unknown source or
// a malformed base URL in the front matter is BAD_USER_INPUT naming the
// file's key.
func rewrite(name, body string, fm markdown.FrontMatter, opts *Options) (string, error) {
	srcName := firstNonEmpty(fm.Source, opts.Sources[name], opts.Source, SourcePlain)
	if err := checkSource(srcName); err != nil {
		return "", err
	}
	src := sources[srcName]
	base, err := parseBase("base_url", fm.BaseURL)
	if err != nil {
		return "", err
	}
	if base == nil && opts.BaseURL != "" {
		base, _ = parseBase("BaseURL", opts.BaseURL) // checked by Import
	}
	if base == nil && src.base != nil {
		base, _ = url.Parse(src.base(fm, opts.Locale))
	}
	if src.expand != nil {
		if body, _, err = expandMacros(body, src.expand); err != nil {
			return "", tooComplex(err)
		}
	}
	if base == nil {
		// Nothing to resolve against: a relative reference would point at
		// this server, which does not have the file (README "Import").
		refs, err := relativeRefs(body)
		if err != nil {
			return "", tooComplex(err)
		}
		if len(refs) > 0 {
			return "", stgypub.FieldErrorf("base_url", "%d relative link(s) or image(s) would point at files this server does not have: %s; pass -base-url URL (or base_url: in the front matter) to resolve them against the site they come from, or make them absolute",
				len(refs), quoteList(refs, 5))
		}
		return body, nil
	}
	body, err = resolveURLs(body, base)
	return body, tooComplex(err)
}

// quoteList quotes the first n items of refs, then says how many more.
func quoteList(refs []string, n int) string {
	var b strings.Builder
	for i, r := range refs {
		if i == n {
			fmt.Fprintf(&b, " and %d more", len(refs)-n)
			break
		}
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "%q", r)
	}
	return b.String()
}

// tooComplex turns markdown.ErrTooComplex (and ErrTooLarge) into
// BAD_USER_INPUT.
func tooComplex(err error) error {
	if errors.Is(err, markdown.ErrTooLarge) {
		return stgypub.Errorf(stgypub.CodeBadUserInput, "the file renders to more than %d bytes of HTML (docs/SPEC.md#bounded-rendering)", markdown.MaxHTMLBytes)
	}
	if errors.Is(err, markdown.ErrTooComplex) {
		return stgypub.Errorf(stgypub.CodeBadUserInput, "the file is too complex to render within %v (docs/SPEC.md#bounded-rendering)", markdown.RenderBudget)
	}
	return err
}

func firstNonEmpty(ss ...string) string {
	for _, s := range ss {
		if s != "" {
			return s
		}
	}
	return ""
}
