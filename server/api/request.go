package api

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"net/http"
	"net/netip"
	"sync/atomic"
	"time"

	"github.com/99designs/gqlgen/graphql"

	"github.com/stgy/stgypub/graph"
	"github.com/stgy/stgypub/pagecache"
)

// request is what the GraphQL layer needs of the HTTP exchange: the
// writer and request for the rate limiter, the client IP and the request
// ID for logs, and what finish needs to choose the response's status and
// caching. status overrides the response status (429, 403, 405).
type request struct {
	w        http.ResponseWriter
	r        *http.Request
	ip       netip.Addr
	id       string
	status   int
	limitErr error
	// media is the negotiated response media type (media.go).
	media string
	// get: the request came as GET (queries only; cacheable).
	get bool
	// foreign: the request carries an Origin that is not allowed, so its
	// cookies were not considered and only queries and the anonymous
	// view-recording mutations run (operationGuard).
	foreign bool
	// credentialed: a bearer token or cookies were considered.
	credentialed bool
	// query is the document persisted() resolved from a hash ("" when
	// the request carried its text).
	query string
	// params are the request's parameters as readRequest decoded them,
	// which jsonPOST takes instead of decoding the body again.
	params *graphql.RawParams
	// executed: the operation reached execution (requestMarks); a
	// response without it holds request errors only.
	executed bool
	// errored: an error was presented; private: a per-client field was
	// resolved (requestMarks). Either keeps the response out of caches.
	errored, private atomic.Bool
	// store: the response is built for the response cache; reads
	// records what it read, start is when its build started (the
	// cache's clock), mutation that the operation is not a query, and
	// page is what finish left to keep (nil: it wrote the response).
	store    bool
	reads    *graph.Reads
	start    time.Time
	mutation bool
	page     *pagecache.Page
	// unavailable is set by the error presenter when a field failed
	// because a dependency is down: the response is then 503.
	unavailable atomic.Bool
	// clientClosed is set by the error presenter when a field failed
	// because the client hung up: the response is then 499.
	clientClosed atomic.Bool
}

// CodeClientClosedRequest is the extensions.code of a field that failed
// because the client closed the request (recorded with HTTP status 499,
// stgypub.StatusClientClosedRequest; the client never reads it).
const CodeClientClosedRequest = "CLIENT_CLOSED_REQUEST"

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

// responseRequestID is the request ID already on w's response (the
// server's middleware sets one per request, kept from a well-formed
// incoming X-Request-ID or minted, and logs the request under it), else a
// new one: the API's logs and the response then name the same request.
func responseRequestID(w http.ResponseWriter) string {
	if v := w.Header()["X-Request-Id"]; len(v) == 1 && v[0] != "" {
		return v[0]
	}
	return newRequestID()
}

func newRequestID() string {
	var b [8]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}
