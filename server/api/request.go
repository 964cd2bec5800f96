package api

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"net/http"
	"net/netip"
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
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *statusWriter) Write(b []byte) (int, error) {
	if !w.wroteHeader {
		w.WriteHeader(http.StatusOK)
	}
	return w.ResponseWriter.Write(b)
}
