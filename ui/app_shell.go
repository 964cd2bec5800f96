package ui

import (
	"embed"
	"fmt"
	"html/template"
	"io"
)

//go:embed templates/app.html
var appShellFS embed.FS

var appShell = template.Must(template.ParseFS(appShellFS, "templates/app.html"))

// AppPage fills the HTML shell of a full-page app entry point.
type AppPage struct {
	// Entry is the entry point to run (ui/app/src/entries/{Entry}.tsx).
	Entry string
	// Title is the document title shown before the app starts.
	Title string
	// BasePath is the path prefix of the public base URL without a
	// trailing slash ("" at the root, "/blog" under a prefix); the app
	// calls BasePath+"/graphql".
	BasePath string
}

// WriteApp renders the static shell of a full-page app: the entry's
// content-hashed CSS and deferred script and an empty #app element
// carrying data-base. It holds no user data, so the same bytes serve
// every visitor, and no inline script or style (CSP-ready). It fails for
// an entry that is not built, or when w fails.
func WriteApp(w io.Writer, p AppPage) error {
	e, ok := LookupEntry(p.Entry)
	if !ok {
		return fmt.Errorf("ui: no entry point %q", p.Entry)
	}
	data := struct {
		AppPage
		Entry Entry
	}{p, e}
	if err := appShell.Execute(w, data); err != nil {
		return fmt.Errorf("ui: render %s shell: %w", p.Entry, err)
	}
	return nil
}
