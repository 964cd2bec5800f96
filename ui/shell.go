package ui

import (
	"embed"
	"fmt"
	"html/template"
	"io"
)

//go:embed templates/publications.html
var shellFS embed.FS

// publicationsAssets are the files the Publications shell loads, in order;
// every one must be embedded (checked when the template is parsed).
var publicationsAssets = []string{
	"publications.css",
	"pubui-api.js", "pubui-chart.js", "pubui-stats.js",
	"pubui-posts.js", "pubui-settings.js", "publications.js",
}

// publicationsPage is parsed once; a missing asset or a template error
// panics at start-up (the template is a compile-time constant, so tests
// catch it before any deploy).
var publicationsPage = mustParseShell()

func mustParseShell() *template.Template {
	for _, a := range publicationsAssets {
		if URL(a) == "" {
			panic(fmt.Sprintf("ui: publications asset %q is not embedded", a))
		}
	}
	return template.Must(template.New("publications.html").
		Funcs(template.FuncMap{"asset": URL}).
		ParseFS(shellFS, "templates/publications.html"))
}

// PublicationsData fills the Publications shell.
type PublicationsData struct {
	// BasePath is the path prefix of the public base URL without a
	// trailing slash ("" at the root, "/blog" under a prefix). The page
	// calls BasePath+"/graphql" and links to BasePath+"/pub/{id}".
	BasePath string
}

// WritePublications renders the owners' Publications page shell (seed 001
// "Publications Stats", "Public Site Settings"): static markup for the
// login form, the Stats / Posts / Settings tabs and their forms, with the
// content-hashed CSS and JavaScript that hydrate it over the GraphQL API.
// It holds no user data, so the same bytes serve every visitor. Errors
// come only from w.
func WritePublications(w io.Writer, d PublicationsData) error {
	if err := publicationsPage.Execute(w, d); err != nil {
		return fmt.Errorf("ui: render publications: %w", err)
	}
	return nil
}
