package api

import (
	"bufio"
	"context"
	"net"
	"net/http"
	"strings"
	"time"

	"github.com/99designs/gqlgen/complexity"
	"github.com/99designs/gqlgen/graphql/handler"
	"github.com/99designs/gqlgen/graphql/handler/extension"
	"github.com/99designs/gqlgen/graphql/handler/transport"
	"github.com/coder/websocket"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/auth"
	"github.com/stgy/stgypub/graph"
	"github.com/stgy/stgypub/visitor"
)

// newLive returns the executor of the live transports: the schema with
// the same checks as queries (introspection, strict inputs, shape and
// complexity limits, persisted queries, error presentation), and
// liveGuard (subscriptions only, per-connection limit). It never touches
// the response cache or the compressor.
func (a *api) newLive() *handler.Server {
	srv := handler.New(graph.NewSchema(a.deps.Resolver))
	srv.AddTransport(transport.SSE{KeepAlivePingInterval: a.cfg.Live.KeepAlive})
	srv.AddTransport(transport.Websocket{
		// The Origin rule is serveLive's (the same as for queries):
		// an anonymous socket may come from anywhere, a cookie one only
		// from an allowed Origin.
		Implementation: transport.CoderWebsocketImplementation{AcceptOptions: websocket.AcceptOptions{InsecureSkipVerify: true}},
		// graphql-ws ("ka") and graphql-transport-ws (ping, answered by
		// pong within two periods or the socket closes) heartbeats.
		KeepAlivePingInterval: a.cfg.Live.KeepAlive,
		PingPongInterval:      a.cfg.Live.KeepAlive,
		InitTimeout:           10 * time.Second,
		InitFunc:              a.liveInit,
	})
	srv.SetQueryCache(a.cache)
	srv.SetParserTokenLimit(2 * a.cfg.MaxTokens)
	srv.Use(liveParams{a})
	if a.cfg.Introspection {
		srv.Use(extension.Introspection{})
	} else {
		srv.AroundFields(refuseIntrospection)
	}
	srv.Use(&strictInputs{})
	srv.Use(liveGuard{})
	srv.Use(shapeLimit{maxDepth: a.cfg.MaxDepth, maxAliases: a.cfg.MaxAliases})
	srv.Use(extension.FixedComplexityLimit(a.cfg.MaxComplexity, complexity.WithFixedScalarValue(0)))
	srv.Use(errorCap{max: a.cfg.MaxErrors})
	srv.SetErrorPresenter(a.presentError)
	srv.SetRecoverFunc(a.recoverPanic)
	return srv
}

// serveLive authenticates a subscription request as a query (cookie with
// an allowed Origin, or bearer token; docs/API.md "Authentication"),
// takes one of the address's and the server's live slots (429
// RATE_LIMITED when none is left) and hands it to the SSE or WebSocket
// transport; the slot is released when the connection ends.
func (a *api) serveLive(w http.ResponseWriter, r *http.Request) {
	rq := &request{id: newRequestID(), ip: visitor.ClientIP(r, a.cfg.TrustedProxies), media: mediaJSON}
	w.Header().Set("X-Request-ID", rq.id)
	w.Header().Set("Cache-Control", "no-store")
	ar := a.credentials(r, rq)
	ctx, err := a.deps.Auth.Authenticate(ar)
	if err != nil {
		a.authFailed(w, r, rq, err)
		return
	}
	if auth.ViewerMethod(ctx) == auth.Cookie && !a.origins[normalizeOrigin(r.Header.Get("Origin"))] {
		a.refuse(w, rq, &refusal{http.StatusForbidden, stgypub.CodeForbidden, "Origin is not allowed", nil})
		return
	}
	release, ok := a.slots.acquire(rq.ip)
	if !ok {
		w.Header().Set("Retry-After", "10")
		a.refuse(w, rq, &refusal{http.StatusTooManyRequests, stgypub.CodeRateLimited, "too many open subscriptions from this address or on this server", nil})
		return
	}
	defer release()
	ctx = graph.WithLoaders(ctx, a.deps.Resolver.NewLoaders())
	ctx = withLiveConn(ctx, a.cfg.Live.PerConnection)
	a.live.ServeHTTP(streamWriter(w), r.WithContext(ctx))
}

// liveInit reads a bearer token from a graphql-transport-ws
// connection_init payload ({"Authorization": "Bearer <token>"}), for
// clients that cannot set headers on the upgrade (browsers); an invalid
// token closes the socket. Without one the upgrade's credentials stay.
func (a *api) liveInit(ctx context.Context, p transport.InitPayload) (context.Context, *transport.InitPayload, error) {
	token := p.Authorization()
	if token == "" {
		token = p.GetString("authorization")
	}
	if token == "" {
		return ctx, nil, nil
	}
	r, err := http.NewRequestWithContext(ctx, http.MethodGet, "/graphql", nil)
	if err != nil {
		return ctx, nil, err
	}
	if !strings.HasPrefix(strings.ToLower(token), "bearer ") {
		token = "Bearer " + token
	}
	r.Header.Set("Authorization", token)
	actx, err := a.deps.Auth.Authenticate(r)
	if err != nil {
		return ctx, nil, stgypub.Errorf(stgypub.CodeUnauthenticated, "invalid bearer token")
	}
	return actx, nil, nil
}

// liveWriter gives the transports what the writer chain (access log,
// CORS) hides behind Unwrap: Flush for SSE, Hijack for the WebSocket.
type liveWriter struct {
	http.ResponseWriter
	rc *http.ResponseController
}

func (w liveWriter) Flush() { _ = w.rc.Flush() }

func (w liveWriter) Hijack() (net.Conn, *bufio.ReadWriter, error) { return w.rc.Hijack() }

func (w liveWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// streamWriter lifts the server's read and write timeouts (they bound
// one request, not a stream; the heartbeats find dead peers) and returns
// w with Flush and Hijack reachable.
func streamWriter(w http.ResponseWriter) http.ResponseWriter {
	rc := http.NewResponseController(w)
	_ = rc.SetReadDeadline(time.Time{})
	_ = rc.SetWriteDeadline(time.Time{})
	return liveWriter{ResponseWriter: w, rc: rc}
}
