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
// markup.
const publicationsCSP = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; " +
	"connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'; object-src 'none'"

// publications serves GET /publications: the owners' page shell (seed 001
// "Publications Stats", "Public Site Settings") that the ui package's
// JavaScript hydrates over /graphql. The shell holds no user data; the
// login state is read by the page itself (the session cookie is HttpOnly).
func (s *Server) publications(w http.ResponseWriter, r *http.Request) error {
	var buf bytes.Buffer
	base := strings.TrimRight(s.cfg.BaseURL.Path, "/")
	if err := ui.WritePublications(&buf, ui.PublicationsData{BasePath: base}); err != nil {
		return err
	}
	h := w.Header()
	h.Set("Content-Security-Policy", publicationsCSP)
	h.Set("X-Frame-Options", "DENY")
	h.Set("Referrer-Policy", "same-origin")
	h.Set("X-Robots-Tag", "noindex")
	s.writeBody(w, r, htmlType, "no-cache", time.Time{}, buf.Bytes())
	return nil
}
