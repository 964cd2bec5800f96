package server

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"net/http"
	"strconv"
	"time"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/templates"
)

// appHandler is a page handler: it writes a complete response or returns
// an error for handle to render.
type appHandler func(w http.ResponseWriter, r *http.Request) error

// errNotFound is the one 404 of the public pages: missing, unpublished,
// scheduled, deleted and malformed IDs all give this same body.
var errNotFound = &stgypub.Error{Code: stgypub.CodeNotFound, Message: "The page you are looking for does not exist or is not published."}

var errInternalPanic = errors.New("server: handler panicked")

// notFoundf is a 404 whose reason is shown (bad page numbers and the like).
func notFoundf(format string, args ...any) error {
	return stgypub.Errorf(stgypub.CodeNotFound, format, args...)
}

// handle runs h and renders its error: NOT_FOUND → 404, BAD_USER_INPUT →
// 400, RATE_LIMITED → 429 with the error's message; a dependency that is
// down or too slow (stgypub.IsUnavailable: PostgreSQL refused, reset,
// shutting down, timed out) → 503 with Retry-After; anything else is
// logged with the request ID and shown as a generic 500 page.
func (s *Server) handle(h appHandler) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		// One deadline for the page's reads (Config.PageDeadline): a
		// frozen database is a 503 after it, not after the driver's
		// read timeout.
		ctx, cancel := context.WithTimeout(r.Context(), s.cfg.PageDeadline)
		defer cancel()
		r = r.WithContext(ctx)
		if err := h(w, r); err != nil {
			s.writeError(w, r, err)
		}
	}
}

// DefaultPageDeadline is Config.PageDeadline's default: a page normally
// answers in milliseconds; a database that has not answered in 2.5 s is
// treated as unavailable.
const DefaultPageDeadline = 2500 * time.Millisecond

// statusOf maps an error code to an HTTP status (the wtf-style table).
func statusOf(code string) int {
	switch code {
	case stgypub.CodeNotFound:
		return http.StatusNotFound
	case stgypub.CodeBadUserInput:
		return http.StatusBadRequest
	case stgypub.CodeRateLimited:
		return http.StatusTooManyRequests
	case stgypub.CodeUnauthenticated:
		return http.StatusUnauthorized
	case stgypub.CodeForbidden:
		return http.StatusForbidden
	case stgypub.CodeConflict:
		return http.StatusConflict
	case stgypub.CodeUnavailable:
		return http.StatusServiceUnavailable
	}
	return http.StatusInternalServerError
}

// headings are the error pages' headings (message IDs of the chrome
// catalogs, templates/locales).
var headings = map[int]string{
	http.StatusNotFound:            "ErrNotFound",
	http.StatusBadRequest:          "ErrBadRequest",
	http.StatusTooManyRequests:     "ErrTooManyRequests",
	http.StatusUnauthorized:        "ErrUnauthorized",
	http.StatusForbidden:           "ErrForbidden",
	http.StatusConflict:            "ErrConflict",
	http.StatusInternalServerError: "ErrInternal",
	http.StatusServiceUnavailable:  "ErrUnavailable",
}

// RetryAfter is the Retry-After of a 503 (seconds): a dependency was down
// or too slow (stgypub.IsUnavailable).
const RetryAfter = "5"

// writeError renders the error page with robots noindex.
func (s *Server) writeError(w http.ResponseWriter, r *http.Request, err error) {
	if stgypub.ClientClosed(r.Context(), err) {
		// The reader hung up: nobody reads the answer, and it is no
		// server fault (499, logged at debug).
		s.log.LogAttrs(r.Context(), slog.LevelDebug, "client closed request",
			slog.String("request_id", RequestID(r.Context())),
			slog.String("path", r.URL.Path),
			slog.String("error", err.Error()))
		w.WriteHeader(stgypub.StatusClientClosedRequest)
		return
	}
	code := stgypub.ErrorCode(err)
	if code == stgypub.CodeInternal && stgypub.IsUnavailable(err) {
		code = stgypub.CodeUnavailable
	}
	status := statusOf(code)
	msg := stgypub.ErrorMessage(err)
	text := templates.TextFor(s.cfg.DefaultLang)
	if err == errNotFound {
		msg = text.T("NotFoundMessage")
	}
	heading := text.T(headings[status])
	if status == http.StatusServiceUnavailable {
		s.log.LogAttrs(r.Context(), slog.LevelWarn, "dependency unavailable",
			slog.String("request_id", RequestID(r.Context())),
			slog.String("path", r.URL.Path),
			slog.String("error", err.Error()))
		msg = text.T("ErrUnavailableMessage")
		w.Header().Set("Retry-After", RetryAfter)
	}
	if status == http.StatusInternalServerError {
		s.log.LogAttrs(r.Context(), slog.LevelError, "internal error",
			slog.String("request_id", RequestID(r.Context())),
			slog.String("path", r.URL.Path),
			slog.String("error", err.Error()))
		msg = text.T("ErrInternalMessage", "Request", RequestID(r.Context()))
	}
	page := &templates.ErrorPage{
		Page: templates.Page{
			Meta:  templates.Meta{Lang: s.cfg.DefaultLang, Title: heading, NoIndex: true},
			Theme: stgypub.DefaultTheme,
		},
		Status:  status,
		Heading: heading,
		Message: msg,
	}
	var buf bytes.Buffer
	if rerr := s.renderer.Error(&buf, page); rerr != nil {
		s.log.LogAttrs(r.Context(), slog.LevelError, "render error page",
			slog.String("request_id", RequestID(r.Context())), slog.String("error", rerr.Error()))
		http.Error(w, heading, status)
		return
	}
	h := w.Header()
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Content-Length", strconv.Itoa(buf.Len()))
	h.Set("Cache-Control", "no-store")
	h.Set("X-Robots-Tag", "noindex")
	h.Del("ETag")
	h.Del("Last-Modified")
	w.WriteHeader(status)
	if r.Method != http.MethodHead {
		_, _ = w.Write(buf.Bytes())
	}
}
