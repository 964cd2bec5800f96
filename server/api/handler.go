package api

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"mime"
	"net/http"
	"strings"
	"time"

	"github.com/99designs/gqlgen/complexity"
	"github.com/99designs/gqlgen/graphql"
	"github.com/99designs/gqlgen/graphql/handler"
	"github.com/99designs/gqlgen/graphql/handler/extension"
	"github.com/99designs/gqlgen/graphql/handler/lru"
	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/gqlerror"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/auth"
	"github.com/stgy/stgypub/comment"
	"github.com/stgy/stgypub/graph"
	"github.com/stgy/stgypub/internal/httpbody"
	"github.com/stgy/stgypub/pagecache"
	"github.com/stgy/stgypub/visitor"
)

type api struct {
	cfg     Config
	deps    Deps
	origins map[string]bool
	gql     *handler.Server
	cache   graphql.Cache[*ast.QueryDocument]
	apq     *apqStore
	log     *slog.Logger
	// norms maps a query text to its response-cache document digest
	// ("" for a text that does not lex), bounded as the query cache.
	norms graphql.Cache[string]
	// keys maps a request's media type and URL query or body to its
	// response-cache key (a zero Key: none), so a hit decodes nothing.
	keys graphql.Cache[pagecache.Key]
	// gz compresses responses that are not cache entries (entries write
	// their own variants); uncached is the full path behind it.
	gz       func(http.Handler) http.Handler
	uncached http.Handler
	// live serves subscriptions (live.go); slots bounds its connections.
	live  *handler.Server
	slots *liveSlots
	// kinds maps an operation name and query text to whether it is a
	// subscription (isLive), bounded as the query cache.
	kinds graphql.Cache[bool]
}

// New returns the /graphql handler (docs/API.md "Transport rules"): CORS
// (withCORS), queries over GET and POST, mutations over POST, Apollo's
// automatic persisted queries and the persisted-documents allow-list
// (persisted), and the GraphQL-over-HTTP statuses per response media type
// (finish). Requests are refused before anything executes, with a
// transport code of error.go, when: the method is not GET or POST (405),
// the Accept header allows no JSON media type (406), a POST's
// Content-Type is not application/json (415), the body is over
// cfg.MaxBodyBytes (413), the body or URL parameters are not one GraphQL
// request (not valid UTF-8, an unpaired surrogate escape, not exactly one
// JSON object with a string query or a persisted query: 400; batching is
// off; a leading UTF-8 BOM is ignored), the query is over
// cfg.MaxQueryBytes (413) or over cfg.MaxTokens tokens or cfg.MaxFields
// field selections (400 BAD_USER_INPUT), an Authorization header is not a
// valid bearer token (401), or a POST carrying a valid session cookie has
// no allowed Origin (403). Refusals are JSON {"errors":[{message,
// extensions.code}]}; a response carries at most cfg.MaxErrors errors.
func New(cfg Config, deps Deps) http.Handler {
	cfg.setDefaults()
	if deps.Logger == nil {
		deps.Logger = slog.Default()
	}
	if deps.Resolver.Logger == nil {
		deps.Resolver.Logger = deps.Logger
	}
	withReadCache(deps)
	a := &api{cfg: cfg, deps: deps, origins: allowedOrigins(cfg), log: deps.Logger}
	a.apq = newAPQStore(deps.Redis, cfg.RedisPrefix, cfg.APQMaxEntries, cfg.APQTTL, deps.Logger)

	srv := handler.New(graph.NewSchema(deps.Resolver))
	srv.AddTransport(jsonPOST{})
	a.cache = lru.New[*ast.QueryDocument](cfg.QueryCacheSize)
	a.norms = lru.New[string](cfg.QueryCacheSize)
	a.keys = lru.New[pagecache.Key](cfg.QueryCacheSize)
	a.gz = compressor()
	a.uncached = a.gz(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { a.serve(w, r, false) }))
	srv.SetQueryCache(a.cache)
	// checkQuery refuses over cfg.MaxTokens first; the parser's own limit
	// is a backstop with a margin, as it counts tokens slightly differently.
	srv.SetParserTokenLimit(2 * cfg.MaxTokens)
	srv.Use(persistedQueryFill{})
	if cfg.Introspection {
		srv.Use(extension.Introspection{})
	}
	srv.Use(&strictInputs{})
	srv.Use(operationGuard{api: a})
	srv.AroundOperations(mutationsUnbounded)
	srv.Use(deferInline{})
	srv.Use(shapeLimit{maxDepth: cfg.MaxDepth, maxAliases: cfg.MaxAliases})
	// Scalars cost nothing unless graph/complexity.go prices them.
	srv.Use(extension.FixedComplexityLimit(cfg.MaxComplexity, complexity.WithFixedScalarValue(0)))
	marks := requestMarks{ttl: cfg.ViewCountTTL, now: time.Now}
	if deps.Responses != nil {
		marks.now = deps.Responses.Now
	}
	srv.Use(marks) // its operation interceptor; its field part is in fieldGuards
	srv.Use(fieldGuards{refuseIntrospection: !cfg.Introspection, marks: marks, limits: newRateLimits(cfg, deps.Redis, deps.Logger)})
	srv.Use(errorCap{max: cfg.MaxErrors})
	srv.SetErrorPresenter(a.presentError)
	srv.SetRecoverFunc(a.recoverPanic)
	a.gql = srv
	a.live = a.newLive()
	a.slots = newLiveSlots(cfg.Live)
	a.kinds = lru.New[bool](cfg.QueryCacheSize)
	return withCORS(a.origins, a)
}

// ServeHTTP answers subscriptions by the live transports (serveLive), an
// anonymous read with a response key from the response cache
// (serveCached), everything else by the full path.
func (a *api) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if a.isLive(r) { // never cached, never compressed (live.go)
		a.serveLive(w, r)
		return
	}
	if key, ok := a.responseKey(r); ok {
		a.serveCached(w, r, key)
		return
	}
	a.uncached.ServeHTTP(w, r)
}

// serve runs r the full way and writes the response to w; with store, a
// response the cache may keep is not written but left in the returned
// request's page (finish). It returns nil when r was refused before it
// ran.
func (a *api) serve(w http.ResponseWriter, r *http.Request, store bool) *request {
	rq := &request{id: responseRequestID(w), ip: visitor.ClientIP(r, a.cfg.TrustedProxies), get: r.Method == http.MethodGet, store: store}
	w.Header()["X-Request-Id"] = []string{rq.id}
	w.Header()["Cache-Control"] = noStoreH
	acc := negotiate(r)
	switch {
	case acc.json != "":
		rq.media = acc.json
	case acc.multipart:
		rq.media = mediaMultipart // @defer clients that take nothing else
	default:
		rq.media = mediaJSON // for a refusal (406 below)
	}
	body, gq, bad := a.readRequest(w, r, acc)
	if bad == nil {
		var register string
		if register, bad = a.persisted(r.Context(), gq); bad == nil && !a.cached(r, gq.Query) {
			bad = a.checkQuery(gq.Query)
		}
		if bad == nil && register != "" {
			a.apq.Add(r.Context(), register, gq.Query)
		}
	}
	if bad != nil {
		a.refuse(w, rq, bad)
		return nil
	}
	rq.query, rq.params = gq.Query, gq
	ar := a.credentials(r, rq)
	ctx, err := a.deps.Auth.Authenticate(ar)
	if err != nil {
		a.authFailed(w, r, rq, err)
		return nil
	}
	method := auth.ViewerMethod(ctx)
	if method == auth.Bearer {
		rq.foreign = false // a bearer request's Origin is not checked
	}
	rq.credentialed = method != auth.Anonymous || (!rq.foreign && len(ar.Cookies()) > 0)
	if method == auth.Cookie && !a.origins[normalizeOrigin(r.Header.Get("Origin"))] && !sameOriginGET(r) {
		a.refuseGQL(w, rq, http.StatusForbidden, a.originError(r.Header.Get("Origin")))
		return nil
	}
	if acc.json == "" && !acc.multipart {
		a.refuse(w, rq, &refusal{http.StatusNotAcceptable, stgypub.CodeNotAcceptable, "Accept must allow application/json or application/graphql-response+json", nil})
		return nil
	}
	ctx = auth.WithCookieSink(ctx, w)
	ctx = graph.WithLoaders(ctx, a.deps.Resolver.NewLoaders())
	ctx = withRequest(ctx, rq)
	ctx = withCommentClient(ctx, ar, rq.ip)
	ctx = graph.WithViewRequest(ctx, graph.ViewRequest{IP: rq.ip, Countable: !visitor.IsBot(r.UserAgent()) && !visitor.IsSpeculative(r.Header)})
	if store {
		rq.start = a.deps.Responses.Now()
		rq.reads = &graph.Reads{}
		ctx = graph.WithReads(ctx, rq.reads)
		ctx = comment.WithoutPublicCache(ctx)
	}
	gr := r.Clone(ctx)
	gr.Method = http.MethodPost
	gr.Header.Set("Content-Type", mediaJSON)
	gr.Body = io.NopCloser(bytes.NewReader(body))
	gr.Header.Set("Accept", mediaJSON)
	bw := &bufWriter{h: w.Header()}
	rq.w, rq.r = bw, gr
	a.gql.ServeHTTP(bw, gr)
	a.finish(w, r, rq, bw)
	return rq
}

// noStoreH is the Cache-Control value of every response but a cacheable
// one (a shared one-element slice: Header.Set replaces it, Add copies).
var noStoreH = []string{"no-store"}

// readRequest checks the method, media types and body or URL parameters
// and returns the request as a JSON body with its decoded parameters.
func (a *api) readRequest(w http.ResponseWriter, r *http.Request, acc accepts) ([]byte, *graphql.RawParams, *refusal) {
	switch r.Method {
	case http.MethodGet:
		return getParams(r.URL.RawQuery)
	case http.MethodPost:
	default:
		w.Header().Set("Allow", "GET, POST")
		return nil, nil, &refusal{http.StatusMethodNotAllowed, stgypub.CodeMethodNotAllowed, "only GET and POST are accepted", nil}
	}
	mt, params, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if err != nil || mt != "application/json" || (params["charset"] != "" && !strings.EqualFold(params["charset"], "utf-8")) {
		return nil, nil, &refusal{http.StatusUnsupportedMediaType, stgypub.CodeUnsupportedMediaType, "Content-Type must be application/json", nil}
	}
	body, err := httpbody.Read(r, a.cfg.MaxBodyBytes)
	if errors.Is(err, httpbody.ErrTooLarge) {
		return nil, nil, &refusal{http.StatusRequestEntityTooLarge, stgypub.CodePayloadTooLarge, "request body is too large", nil}
	}
	if err != nil {
		return nil, nil, badRequest("could not read the request body")
	}
	return parseBody(body)
}

// credentials decides whether r's cookies count (docs/API.md
// "Authentication"): they do when its Origin is allowed, when it has no
// Origin and is a POST (the Origin rule then refuses a valid session
// cookie), or when it is a same-origin GET (browsers send no Origin
// there); otherwise (a foreign Origin, a cross-site or scripted GET) the
// request is read without its cookies. It returns the request to
// authenticate.
func (a *api) credentials(r *http.Request, rq *request) *http.Request {
	origin := r.Header.Get("Origin")
	rq.foreign = origin != "" && !a.origins[normalizeOrigin(origin)]
	if !rq.foreign && (origin != "" || r.Method == http.MethodPost || sameOriginGET(r)) {
		return r
	}
	ar := r.Clone(r.Context())
	ar.Header.Del("Cookie")
	return ar
}

// sameOriginGET reports a browser's same-origin GET (Sec-Fetch-Site).
func sameOriginGET(r *http.Request) bool {
	return r.Method == http.MethodGet && r.Header.Get("Sec-Fetch-Site") == "same-origin"
}

// authFailed answers a request whose credentials could not be checked.
func (a *api) authFailed(w http.ResponseWriter, r *http.Request, rq *request, err error) {
	code := stgypub.ErrorCode(err)
	switch {
	case stgypub.ClientClosed(r.Context(), err):
		a.log.DebugContext(r.Context(), "graphql: authenticate: client closed request", "request_id", rq.id, "err", err)
		a.refuse(w, rq, &refusal{stgypub.StatusClientClosedRequest, CodeClientClosedRequest, "client closed request", nil})
	case code != stgypub.CodeUnauthenticated && stgypub.IsUnavailable(err):
		a.log.WarnContext(r.Context(), "graphql: authenticate: dependency unavailable", "request_id", rq.id, "err", err)
		w.Header().Set("Retry-After", "5")
		a.refuse(w, rq, &refusal{http.StatusServiceUnavailable, stgypub.CodeUnavailable, "service temporarily unavailable; retry later", nil})
	case code != stgypub.CodeUnauthenticated:
		a.log.ErrorContext(r.Context(), "graphql: authenticate", "request_id", rq.id, "err", err)
		a.refuse(w, rq, &refusal{http.StatusInternalServerError, stgypub.CodeInternal, "internal error", nil})
	default:
		a.refuse(w, rq, &refusal{http.StatusUnauthorized, code, stgypub.ErrorMessage(err), nil})
	}
}

// refuse writes a refusal in GraphQL's response shape, without data; a
// status of 0 is a request error (requestErrorStatus).
func (a *api) refuse(w http.ResponseWriter, rq *request, bad *refusal) {
	status := bad.status
	if status == 0 {
		status = requestErrorStatus(rq.media)
	}
	w.Header().Set("Content-Type", contentType(rq.media))
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	var b bytes.Buffer
	b.WriteString(`{"errors":[{"message":`)
	b.WriteString(jsonString(bad.message()))
	b.WriteString(`,"extensions":{"code":`)
	b.WriteString(jsonString(bad.code))
	b.WriteString("}}]}\n")
	_, _ = w.Write(b.Bytes())
}

// refuseGQL answers status with the one GraphQL error e (its extensions
// included) and no data.
func (a *api) refuseGQL(w http.ResponseWriter, rq *request, status int, e *gqlerror.Error) {
	w.Header().Set("Content-Type", contentType(rq.media))
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	b, _ := json.Marshal(map[string]any{"errors": gqlerror.List{e}})
	_, _ = w.Write(append(b, '\n'))
}

// cached reports whether query is in the parsed-query cache: it was
// parsed, validated and passed checkQuery before, so it is not lexed
// again.
func (a *api) cached(r *http.Request, query string) bool {
	_, ok := a.cache.Get(r.Context(), query)
	return ok
}

// mutationsUnbounded lifts the request's read deadline
// (stgypub.WithReadDeadline) off a mutation: its reads come with its
// writes, and one cut after a write committed would report a failure
// that did not happen. Queries keep it.
func mutationsUnbounded(ctx context.Context, next graphql.OperationHandler) graphql.ResponseHandler {
	if oc := graphql.GetOperationContext(ctx); oc != nil && oc.Operation != nil && oc.Operation.Operation == ast.Mutation {
		ctx = stgypub.WithReadDeadline(ctx, time.Time{})
	}
	return next(ctx)
}
