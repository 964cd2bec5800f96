package store

import (
	"embed"
	"fmt"
	"io/fs"
	"strings"
	"text/template"
)

// Statement families (docs/ARCHITECTURE.md "PostgreSQL"). A statement
// that comes in variants (newest or oldest first, with a tag, after a
// position) or shares a rule with other statements is written once, as a
// text/template in query/<family>.gotxt; the rules several families share
// are named fragments in query/fragments.gotxt ("published" for the
// publication rule, "settings" for a site's settings with their column
// defaults, ...). Each variant is rendered once, when the package is
// loaded, into one whole statement declared like a query/*.sql file, so
// PostgreSQL, EXPLAIN and bun's hooks see plain SQL; a template that does
// not parse or render panics then, and no test can pass with it.
// `go test ./store -run TestShowStatement -v -args -statement NAME` prints a
// rendered statement.

//go:embed query/*.gotxt
var queryTemplateFiles embed.FS

// queryTemplates holds every family and fragment, parsed at package load.
var queryTemplates = parseQueryTemplates(queryTemplateFiles)

// statementFamilies maps each statement rendered from a template to its
// family (tests check that no query/*.gotxt file lies unused and that
// shared rules come from the fragments).
var statementFamilies = map[string]string{}

// variant selects one statement of a family; each family's template
// says which of these it reads.
type variant struct {
	Oldest bool // oldest first (ASC) instead of newest first (DESC)
	Tag    bool // only posts carrying the tag key parameter
	After  bool // keyset paging: only posts past a (published_at, id) position
}

// Order is the sort direction of the variant: "ASC" oldest first,
// "DESC" newest first.
func (v variant) Order() string {
	if v.Oldest {
		return "ASC"
	}
	return "DESC"
}

// Past compares a (published_at, id) row with a position it must come
// after in the variant's order: ">" oldest first, "<" newest first.
func (v variant) Past() string {
	if v.Oldest {
		return ">"
	}
	return "<"
}

// postsAt is what the "published" fragment takes: the alias of the posts
// table ("" for the bare table) and n of the $n parameter holding now.
type postsAt struct {
	Posts string
	Now   int
}

// queryFuncs are the functions the templates call: at "p" 2 is the
// posts alias p read at the time in $2; newest and oldest are the two
// orders, for a template that holds both (pub_article's neighbours).
var queryFuncs = template.FuncMap{
	"at":     func(posts string, now int) postsAt { return postsAt{Posts: posts, Now: now} },
	"newest": func() variant { return variant{} },
	"oldest": func() variant { return variant{Oldest: true} },
}

// parseQueryTemplates parses query/*.gotxt of fsys; it panics when one
// does not parse.
func parseQueryTemplates(fsys fs.FS) *template.Template {
	t, err := template.New("query").Funcs(queryFuncs).Option("missingkey=error").ParseFS(fsys, "query/*.gotxt")
	if err != nil {
		panic("store: statement templates: " + err.Error())
	}
	return t
}

// sqlTemplate declares the statement name, family's template
// (query/<family>.gotxt) rendered with v.
func sqlTemplate(name, family string, v variant) *statement {
	st := declare(name, renderStatement(queryTemplates, family, v))
	statementFamilies[name] = family
	return st
}

// renderStatement executes family's template of t with data; it panics
// when the template is missing or fails.
func renderStatement(t *template.Template, family string, data any) string {
	var b strings.Builder
	if err := t.ExecuteTemplate(&b, family+".gotxt", data); err != nil {
		panic(fmt.Sprintf("store: statement template %s: %v", family, err))
	}
	return b.String()
}
