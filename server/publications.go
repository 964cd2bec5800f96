package server

import (
	"bytes"
	"net/http"
	"strings"
	"time"

	"github.com/stgy/stgypub/ui"
)

// publicationsCSP allows only the page's own scripts, styles and API
// calls: user text can never run as script even if a bug put it into
// markup. Images may also come over https, as the editor's preview shows
// the images a post links to, like the article page does.
const publicationsCSP = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: https:; " +
	"connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'; object-src 'none'"

// publications serves GET /publications and every app URL under it
// (/publications/stats, /publications/posts/{id}, ...): the static shell of
// the owners' Publications app (ui/app, entry "publications";
// docs/SPEC.md#stats, docs/SPEC.md#pub-config) that talks only to /graphql.
// The shell holds no user data; the login state is read by the app itself
// (the session cookie is HttpOnly). Unknown app URLs are the app's to answer,
// so a reload or a bookmark of any view works.
func (s *pageHandlers) publications(w http.ResponseWriter, r *http.Request) error {
	var buf bytes.Buffer
	base := strings.TrimRight(s.basePath, "/")
	if err := ui.WriteApp(&buf, ui.AppPage{Entry: "publications", Title: "Publications · STGY Pub", BasePath: base}); err != nil {
		return err
	}
	h := w.Header()
	h.Set("Content-Security-Policy", publicationsCSP)
	h.Set("X-Frame-Options", "DENY")
	h.Set("Referrer-Policy", "same-origin")
	h.Set("X-Robots-Tag", "noindex")
	writeBody(w, r, s.now(), htmlType, "no-cache", time.Time{}, buf.Bytes())
	return nil
}
