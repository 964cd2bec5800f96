// Package templates holds the html/template pages of the public site (/,
// /sites/{userId}, /pub/{postId} and the error page) and their partials,
// parsed once at start-up from an embed.FS (docs/SPEC.md#public-pages,
// docs/SPEC.md#metadata). Handlers in package server fill the page models of
// model.go; every value is escaped by html/template except the sanitized HTML
// the markdown package produces.
package templates

import (
	"embed"
	"fmt"
	"html/template"
	"io"
	"strings"
	"sync/atomic"

	"github.com/stgy/stgypub/ui"
)

//go:embed templates
var templateFS embed.FS

// Page names: one templates/NAME.html per page, executed through
// templates/layout.html with the partials.
const (
	PagePub   = "pub"
	PageSite  = "site"
	PageError = "error"
	PageHome  = "home"
)

// Pages is the explicit table of page templates; New fails if one is
// missing.
var Pages = []string{PagePub, PageSite, PageError, PageHome}

// assetsUsed are the ui files the templates reference; New fails if one is
// not embedded.
var assetsUsed = []string{"base.css", "themes.css", "pub.js"}

// renderCounts counts executions per page across all Renderers, so tests
// can check that every page template is rendered by some test.
var renderCounts = func() map[string]*atomic.Int64 {
	m := map[string]*atomic.Int64{}
	for _, p := range Pages {
		m[p] = new(atomic.Int64)
	}
	return m
}()

// RenderCounts returns how many times each page has been rendered in this
// process.
func RenderCounts() map[string]int64 {
	out := make(map[string]int64, len(renderCounts))
	for k, v := range renderCounts {
		out[k] = v.Load()
	}
	return out
}

// Renderer executes the parsed pages. It is safe for concurrent use.
type Renderer struct {
	pages map[string]map[string]*template.Template // chrome language -> page -> template
}

// New parses every page of Pages with layout.html and the partials. It
// fails when a page, partial or referenced ui asset is missing or a
// template does not parse.
func New() (*Renderer, error) {
	for _, a := range assetsUsed {
		if ui.URL(a) == "" {
			return nil, fmt.Errorf("templates: ui asset %q is not embedded", a)
		}
	}
	r := &Renderer{pages: map[string]map[string]*template.Template{}}
	for _, tag := range ChromeLanguages {
		text := TextFor(tag.String())
		// t and n are the page chrome in this language (i18n.go); dir is
		// a language's writing direction.
		// chromeLang is the catalog language of the chrome; the page's
		// direction is the chrome's (English or Japanese: left to right),
		// and an article's body gets its own (contentDir), so an Arabic
		// post on an English page does not flip the English chrome
		// (new-user report item 16).
		funcs := template.FuncMap{"asset": ui.URL, "t": text.T, "n": text.N, "num": text.Number, "dir": Direction,
			"chromeLang": text.Lang, "contentDir": ContentDirection}
		set := map[string]*template.Template{}
		for _, p := range Pages {
			t, err := template.New("layout.html").Funcs(funcs).ParseFS(templateFS,
				"templates/layout.html", "templates/partials/*.html", "templates/"+p+".html")
			if err != nil {
				return nil, fmt.Errorf("templates: parse page %s: %w", p, err)
			}
			if t.Lookup("content") == nil {
				return nil, fmt.Errorf("templates: page %s defines no \"content\" template", p)
			}
			set[p] = t
		}
		r.pages[text.Lang()] = set
	}
	return r, nil
}

// CardKind names the list a Card is rendered for.
type CardKind string

// The three list entry templates (templates/partials/cards.html).
const (
	SideCard  CardKind = "side-card"  // sidebar Recent posts and Popular entries
	PlainCard CardKind = "plain-card" // site list, Plain view
	RichCard  CardKind = "rich-card"  // site list, Rich view
)

// Card renders one list entry exactly as the page templates of a page in
// language lang would (same partial, same HTML-text context, same chrome
// language), for Card.Rendered.
func (r *Renderer) Card(kind CardKind, lang string, c Card) (template.HTML, error) {
	switch kind {
	case SideCard, PlainCard, RichCard:
	default:
		return "", fmt.Errorf("templates: unknown card kind %q", kind)
	}
	var b strings.Builder
	c.Rendered = ""
	if err := r.pages[TextFor(lang).Lang()][PageSite].ExecuteTemplate(&b, string(kind), c); err != nil {
		return "", fmt.Errorf("templates: render %s: %w", kind, err)
	}
	return template.HTML(b.String()), nil //nolint:gosec // output of html/template
}

// Pub renders /pub/{postId}.
func (r *Renderer) Pub(w io.Writer, p *PubPage) error { return r.execute(w, PagePub, p) }

// Site renders /sites/{userId}.
func (r *Renderer) Site(w io.Writer, p *SitePage) error { return r.execute(w, PageSite, p) }

// Home renders the home page, /.
func (r *Renderer) Home(w io.Writer, p *HomePage) error { return r.execute(w, PageHome, p) }

// Error renders the error page.
func (r *Renderer) Error(w io.Writer, p *ErrorPage) error { return r.execute(w, PageError, p) }

// execute renders page into w. Callers pass a buffer (server hashes the
// bytes for ETag), so a template error never reaches a client half-written.
func (r *Renderer) execute(w io.Writer, page string, data interface{ language() string }) error {
	if err := r.pages[TextFor(data.language()).Lang()][page].Execute(w, data); err != nil {
		return fmt.Errorf("templates: render %s: %w", page, err)
	}
	renderCounts[page].Add(1)
	return nil
}
