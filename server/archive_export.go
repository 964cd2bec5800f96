package server

import (
	"fmt"
	"net/http"
	"time"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/archive"
	"github.com/stgy/stgypub/auth"
)

// ArchiveExport serves an owner's whole site as one archive (GET
// /publications/archive, docs/ARCHIVE.md). Auth and every store of Site
// are required; Site.Counts too, else the archive has no daily counters.
type ArchiveExport struct {
	Auth *auth.Service
	Site archive.Stores
}

// archiveExport serves GET /publications/archive?userId=…: the site of
// userId as archive.Write writes it, streamed to the client (the site is
// read first, so a failure is an error status, not a cut file). Owner or
// admin only, with the API's credentials: none is 401, another owner's
// site 403, a bad userId 400. "private, no-store".
func (s *ownerHandlers) archiveExport(w http.ResponseWriter, r *http.Request) error {
	h := w.Header()
	h.Set("Cache-Control", previewCacheControl)
	h.Set("X-Robots-Tag", "noindex")
	ex := s.export
	if ex == nil {
		return errNotFound
	}
	userID, err := stgypub.ParseID(r.URL.Query().Get("userId"))
	if err != nil {
		return stgypub.FieldErrorf("userId", "userId must be a user ID (16 hexadecimal digits)")
	}
	ctx, err := ownerDownload(r, ex.Auth, userID, errArchiveLogin, "archive export")
	if err != nil {
		return err
	}
	now := time.Now()
	site, loc, err := archive.Collect(ctx, ex.Site, userID, now)
	if err != nil {
		if stgypub.ErrorCode(err) == stgypub.CodeNotFound {
			return err
		}
		return fmt.Errorf("server: archive export of %s: %w", userID, err)
	}
	name := fmt.Sprintf("stgy-pub-%s-%s.tgz", site.Profile.LoginName, now.UTC().Format("2006-01-02"))
	h.Set("Content-Type", "application/gzip")
	h.Set("Content-Disposition", `attachment; filename="`+name+`"`)
	h.Set("X-Content-Type-Options", "nosniff")
	if err := archive.Write(w, site, loc); err != nil {
		s.log.Warn("server: archive export cut short", "owner", userID, "err", err)
	}
	return nil
}

// errArchiveLogin answers an archive request without credentials.
var errArchiveLogin = &stgypub.Error{Code: stgypub.CodeUnauthenticated, Message: "Log in at /publications (or send Authorization: Bearer <token>) to download your site archive."}
