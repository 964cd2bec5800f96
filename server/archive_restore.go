package server

import (
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"mime"
	"net/http"
	"time"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/archive"
	"github.com/stgy/stgypub/auth"
	"github.com/stgy/stgypub/internal/httpbody"
)

// ArchiveRestore restores uploaded site archives (POST
// /publications/archive/restore, docs/ARCHIVE.md "Restore over HTTP"),
// through the same archive.Importer as `stgy-pub archive import`. Both
// fields are required; auth.Service implements Auth.
type ArchiveRestore struct {
	Auth     *auth.Service
	Importer archive.Importer
}

// RestoreUploadTime is how long an archive upload and its restore may
// take, in place of the server's read and write timeouts (a 256 MiB
// archive on a slow link takes minutes).
const RestoreUploadTime = 15 * time.Minute

// restoreTypes are the Content-Types a restore body may have: a gzip'd
// tar sent as it is. None of them can be sent by an HTML form, and a
// script of another origin needs a CORS preflight this route never
// grants, so with the SameSite=Lax session cookie no other site can make
// an administrator's browser upload one.
var restoreTypes = map[string]bool{"application/gzip": true, "application/x-gzip": true, "application/octet-stream": true}

// archiveRestore serves POST /publications/archive/restore?as=LOGIN: an
// administrator's upload of one archive as the request body, answered in
// JSON (restoreAnswer, or {"error":{code,message,field}}).
func (s *ownerHandlers) archiveRestore(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	h.Set("Cache-Control", previewCacheControl)
	h.Set("X-Robots-Tag", "noindex")
	ans, err := s.restoreArchive(w, r)
	if err != nil {
		s.writeJSONError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, ans)
}

// restoreArchive authorizes the upload and runs the import: 404 without
// Deps.ArchiveRestore, 401 without credentials (with where to log in),
// 403 for a viewer who is not an administrator, 415 for another
// Content-Type, 413 over STGY_ARCHIVE_MAX_BYTES (by Content-Length before
// reading, else when the reader reaches the limit), 400 for a bad as or
// an archive archive.Read refuses, 409 for a login, post or comment ID
// held by another account; nothing is written on any of them.
func (s *ownerHandlers) restoreArchive(w http.ResponseWriter, r *http.Request) (*restoreAnswer, error) {
	rs := s.restore
	if rs == nil {
		return nil, errNotFound
	}
	ctx, err := rs.Auth.Authenticate(r)
	if err != nil {
		if stgypub.ErrorCode(err) == stgypub.CodeUnauthenticated {
			return nil, err
		}
		return nil, fmt.Errorf("server: archive restore: authenticate: %w", err)
	}
	viewer := auth.Viewer(ctx)
	if viewer == nil {
		return nil, errRestoreLogin
	}
	if err := stgypub.RequireAdmin(viewer); err != nil {
		return nil, stgypub.Errorf(stgypub.CodeForbidden, "only an administrator may restore a site archive; owners download theirs at /publications/archive")
	}
	if mt, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type")); !restoreTypes[mt] {
		return nil, stgypub.Errorf(stgypub.CodeUnsupportedMediaType, "send the archive file itself as the body, with Content-Type: application/gzip")
	}
	limit := rs.Importer.MaxBytes
	if limit <= 0 {
		limit = archive.DefaultMaxBytes
	}
	if httpbody.Declared(r, limit) {
		return nil, stgypub.Errorf(stgypub.CodePayloadTooLarge, "archive refused: larger than %d bytes (STGY_ARCHIVE_MAX_BYTES)", limit)
	}
	// The upload and the one restore transaction take longer than a
	// page: the server's timeouts and the page read deadline give way.
	rc := http.NewResponseController(w)
	_ = rc.SetReadDeadline(time.Now().Add(RestoreUploadTime))
	_ = rc.SetWriteDeadline(time.Now().Add(RestoreUploadTime))
	ctx = stgypub.WithReadDeadline(ctx, time.Time{})
	as := r.URL.Query().Get("as")
	done, err := rs.Importer.Import(ctx, http.MaxBytesReader(w, r.Body, limit+1), archive.Target{As: as}, time.Now())
	if err != nil {
		switch stgypub.ErrorCode(err) {
		case stgypub.CodeInternal, stgypub.CodeUnavailable:
			return nil, fmt.Errorf("server: archive restore: %w", err)
		}
		return nil, err
	}
	s.log.LogAttrs(ctx, slog.LevelInfo, "site archive restored",
		slog.String("request_id", RequestID(ctx)), slog.String("admin", viewer.LoginName),
		slog.String("owner", done.Summary.OwnerID.String()), slog.String("login", done.Login),
		slog.String("result", done.Line()))
	if done.CountersErr != nil {
		s.log.Warn("server: archive restore: views restored as checkpoints only", "owner", done.Summary.OwnerID, "err", done.CountersErr)
	}
	return newRestoreAnswer(done, s.base), nil
}

// errRestoreLogin answers a restore without credentials.
var errRestoreLogin = &stgypub.Error{Code: stgypub.CodeUnauthenticated, Message: "Log in at /publications as an administrator (or send Authorization: Bearer <token>) to restore a site archive."}

// writeJSONError answers err as {"error":{"code","message","field"}} with
// its status (statusOf, plus 413 and 415); internal errors are logged and
// answered without their text.
func (s *ownerHandlers) writeJSONError(w http.ResponseWriter, r *http.Request, err error) {
	if stgypub.ClientClosed(r.Context(), err) {
		w.WriteHeader(stgypub.StatusClientClosedRequest)
		return
	}
	code := stgypub.ErrorCode(err)
	if code == stgypub.CodeInternal && stgypub.IsUnavailable(err) {
		code = stgypub.CodeUnavailable
	}
	status := statusOf(code)
	switch code {
	case stgypub.CodePayloadTooLarge:
		status = http.StatusRequestEntityTooLarge
	case stgypub.CodeUnsupportedMediaType:
		status = http.StatusUnsupportedMediaType
	}
	msg := stgypub.ErrorMessage(err)
	if err == errNotFound {
		msg = "not found"
	}
	var field string
	if se := (*stgypub.Error)(nil); errors.As(err, &se) {
		field = se.Field
	}
	switch status {
	case http.StatusInternalServerError:
		s.log.LogAttrs(r.Context(), slog.LevelError, "internal error",
			slog.String("request_id", RequestID(r.Context())), slog.String("path", r.URL.Path), slog.String("error", err.Error()))
		code, msg = stgypub.CodeInternal, "internal error (request "+RequestID(r.Context())+")"
	case http.StatusServiceUnavailable:
		s.log.LogAttrs(r.Context(), slog.LevelWarn, "dependency unavailable",
			slog.String("request_id", RequestID(r.Context())), slog.String("path", r.URL.Path), slog.String("error", err.Error()))
		code, msg = stgypub.CodeUnavailable, "a dependency is unavailable; try again shortly"
		w.Header().Set("Retry-After", RetryAfter)
	}
	type jsonError struct {
		Code    string `json:"code"`
		Message string `json:"message"`
		Field   string `json:"field,omitempty"`
	}
	writeJSON(w, status, map[string]jsonError{"error": {code, msg, field}})
}

// writeJSON writes v as a JSON answer with status.
func writeJSON(w http.ResponseWriter, status int, v any) {
	b, err := json.Marshal(v)
	if err != nil {
		http.Error(w, "internal error", http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.WriteHeader(status)
	_, _ = w.Write(append(b, '\n'))
}
