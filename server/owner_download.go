package server

import (
	"context"
	"fmt"
	"net/http"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/auth"
)

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
