package server

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/auth"
)

// ownerHandlers serve the owners' and administrators' file routes under
// /publications: the Stats CSV (stats_csv.go), the site archive download
// (archive_export.go) and the archive restore upload
// (archive_restore.go). Each answers 404 when its Deps field is nil.
type ownerHandlers struct {
	stats   *StatsExport    // Deps.StatsExport
	export  *ArchiveExport  // Deps.ArchiveExport
	restore *ArchiveRestore // Deps.ArchiveRestore
	base    string          // Config.BaseURL without a trailing slash
	log     *slog.Logger
}

// ownerDownload authorizes an owner's download of userID's data (the Stats
// CSV, the site archive) with the API's credentials: none or stale is
// CodeUnauthenticated (login, when nothing was sent, says where to log
// in), another owner's data CodeForbidden; an admin may read any. what
// names the download in a failure's wrapping. It returns the viewer's
// context.
func ownerDownload(r *http.Request, a *auth.Service, userID stgypub.ID, login *stgypub.Error, what string) (context.Context, error) {
	ctx, err := a.Authenticate(r)
	if err != nil {
		if stgypub.ErrorCode(err) == stgypub.CodeUnauthenticated {
			return nil, err
		}
		return nil, fmt.Errorf("server: %s: authenticate: %w", what, err)
	}
	if auth.Viewer(ctx) == nil {
		return nil, login
	}
	if _, err := auth.RequireSelfOrAdmin(ctx, userID); err != nil {
		return nil, err
	}
	return ctx, nil
}
