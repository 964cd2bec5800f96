package server

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"log/slog"
	"net/http"
	"runtime/debug"
	"strconv"
	"time"

	"github.com/go-chi/chi/v5"

	"github.com/stgy/stgypub"
)

type ctxKey int

const requestIDKey ctxKey = iota

// RequestIDHeader carries the request ID in both directions.
const RequestIDHeader = "X-Request-ID"

// requestIDKeyH is RequestIDHeader's canonical form, as header maps key it.
const requestIDKeyH = "X-Request-Id"

// RequestID returns the request ID that the server's middleware put in
// ctx, "" outside a request.
func RequestID(ctx context.Context) string {
	id, _ := ctx.Value(requestIDKey).(string)
	return id
}

// readDeadline sets the request's read deadline (Config.ReadDeadline)
// on its context, and ends that context when the handler returns, as
// net/http does for its own requests: a context derived from it for one
// query (the store's read deadline hook) is released with the request,
// not held with everything the request reached until its timer fires,
// also when the handler is called directly (an embedding, a test).
func (s *Server) readDeadline(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ctx, cancel := context.WithCancel(r.Context())
		defer cancel()
		ctx = stgypub.WithReadDeadline(ctx, time.Now().Add(s.cfg.ReadDeadline))
		next.ServeHTTP(w, r.WithContext(ctx))
	})
}

// requestID keeps a well-formed incoming X-Request-ID (1-64 of
// [A-Za-z0-9._-], as a proxy sets it) or mints 16 random hex digits, and
// echoes it in the response.

func (s *Server) requestID(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		// The canonical key (http.CanonicalHeaderKey(RequestIDHeader))
		// indexes the maps directly: Get and Set would allocate it anew.
		var id string
		if v := r.Header[requestIDKeyH]; len(v) > 0 {
			id = v[0]
		}
		if !validRequestID(id) {
			var b [8]byte
			_, _ = rand.Read(b[:])
			id = hex.EncodeToString(b[:])
		}
		w.Header()[requestIDKeyH] = []string{id}
		next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), requestIDKey, id)))
	})
}

func validRequestID(id string) bool {
	if id == "" || len(id) > 64 {
		return false
	}
	for i := 0; i < len(id); i++ {
		c := id[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '.' || c == '_' || c == '-') {
			return false
		}
	}
	return true
}

// statusWriter records the status and size written.
type statusWriter struct {
	http.ResponseWriter
	status int
	bytes  int
}

func (w *statusWriter) WriteHeader(code int) {
	if w.status == 0 {
		w.status = code
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *statusWriter) Write(b []byte) (int, error) {
	if w.status == 0 {
		w.status = http.StatusOK
	}
	n, err := w.ResponseWriter.Write(b)
	w.bytes += n
	return n, err
}

// Unwrap lets http.ResponseController reach the underlying writer.
func (w *statusWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// logRequests logs one line per request (method, path, route, status,
// bytes, duration, request ID; never the client IP or query string) and
// feeds the HTTP metrics.
func (s *Server) logRequests(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		sw := &statusWriter{ResponseWriter: w}
		next.ServeHTTP(sw, r)
		if sw.status == 0 {
			sw.status = http.StatusOK
		}
		d := time.Since(start)
		route := "unmatched"
		if rc := chi.RouteContext(r.Context()); rc != nil && rc.RoutePattern() != "" {
			route = rc.RoutePattern()
		}
		s.metrics.observe(route, r.Method, sw.status, d)
		switch s.cfg.AccessLog {
		case "off":
			return
		case "errors":
			if sw.status < 500 && d < time.Second {
				return
			}
		}
		level := slog.LevelInfo
		if sw.status == stgypub.StatusClientClosedRequest {
			level = slog.LevelDebug // a hang-up, not worth a line per request
		}
		s.log.LogAttrs(r.Context(), level, "http request",
			slog.String("request_id", RequestID(r.Context())),
			slog.String("method", r.Method),
			slog.String("path", r.URL.Path),
			slog.String("route", route),
			slog.Int("status", sw.status),
			slog.Int("bytes", sw.bytes),
			slog.Duration("duration", d))
	})
}

// recoverPanics turns a handler panic into a logged internal error and the
// generic error page (unless the response had already started).
func (s *Server) recoverPanics(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		sw, ok := w.(*statusWriter)
		defer func() {
			v := recover()
			if v == nil || v == http.ErrAbortHandler {
				if v != nil {
					panic(v)
				}
				return
			}
			s.log.LogAttrs(r.Context(), slog.LevelError, "panic",
				slog.String("request_id", RequestID(r.Context())),
				slog.String("panic", strconv.Quote(toString(v))),
				slog.String("stack", string(debug.Stack())))
			if ok && sw.status != 0 {
				return
			}
			s.writeError(w, r, errInternalPanic)
		}()
		next.ServeHTTP(w, r)
	})
}

func toString(v any) string {
	if err, ok := v.(error); ok {
		return err.Error()
	}
	if s, ok := v.(string); ok {
		return s
	}
	return "non-string panic value"
}
