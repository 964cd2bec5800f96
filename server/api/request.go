package api

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"net/http"
	"net/netip"
	"sync/atomic"
)

// request is what the GraphQL layer needs of the HTTP exchange: the
// writer and request for the rate limiter, the client IP and the request
// ID for logs. status overrides the response status (429).
type request struct {
	w        http.ResponseWriter
	r        *http.Request
	ip       netip.Addr
	id       string
	status   int
	limitErr error
	// unavailable is set by the error presenter when a field failed
	// because a dependency is down: the response is then 503.
	unavailable atomic.Bool
}

type requestKey struct{}

func withRequest(ctx context.Context, rq *request) context.Context {
	return context.WithValue(ctx, requestKey{}, rq)
}

func requestFrom(ctx context.Context) *request {
	rq, _ := ctx.Value(requestKey{}).(*request)
	return rq
}

// requestID returns ctx's request ID, "" outside a request.
func requestID(ctx context.Context) string {
	if rq := requestFrom(ctx); rq != nil {
		return rq.id
	}
	return ""
}

func newRequestID() string {
	var b [8]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// statusWriter applies request.status to the first WriteHeader/Write.
type statusWriter struct {
	http.ResponseWriter
	rq          *request
	wroteHeader bool
}

func (w *statusWriter) WriteHeader(code int) {
	if w.wroteHeader {
		return
	}
	w.wroteHeader = true
	if w.rq.status != 0 {
		code = w.rq.status
	} else if w.rq.unavailable.Load() {
		code = http.StatusServiceUnavailable
		w.Header().Set("Retry-After", "5")
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *statusWriter) Write(b []byte) (int, error) {
	if !w.wroteHeader {
		w.WriteHeader(http.StatusOK)
	}
	return w.ResponseWriter.Write(b)
}
