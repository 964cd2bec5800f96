package api

import (
	"bytes"
	"errors"
	"io"
	"log/slog"
	"mime"
	"net/http"
	"strings"

	"github.com/99designs/gqlgen/graphql"
	"github.com/99designs/gqlgen/graphql/handler"
	"github.com/99designs/gqlgen/graphql/handler/extension"
	"github.com/99designs/gqlgen/graphql/handler/lru"
	"github.com/99designs/gqlgen/graphql/handler/transport"
	"github.com/vektah/gqlparser/v2/ast"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/auth"
	"github.com/stgy/stgypub/graph"
	"github.com/stgy/stgypub/visitor"
)

type api struct {
	cfg     Config
	deps    Deps
	origins map[string]bool
	gql     *handler.Server
	cache   graphql.Cache[*ast.QueryDocument]
	log     *slog.Logger
}

// New returns the POST /graphql handler. Requests are refused before
// anything executes when: the method is not POST (405), Content-Type is
// not application/json (415), the body is over cfg.MaxBodyBytes (413), the
// body is not valid UTF-8, has a \u escape of an unpaired surrogate, or
// is not exactly one JSON object with a string query (400; batching is
// off; a leading UTF-8 BOM is ignored), the query is over
// cfg.MaxQueryBytes (413) or over cfg.MaxTokens tokens or cfg.MaxFields
// field selections (400), an Authorization header is not a valid bearer
// token (401), or a request without a bearer token carries a foreign
// Origin, or a cookie-authenticated one carries none (403). Refusals are
// JSON {"errors":[{message, extensions.code}]}; a response carries at
// most cfg.MaxErrors errors.
func New(cfg Config, deps Deps) http.Handler {
	cfg.setDefaults()
	if deps.Logger == nil {
		deps.Logger = slog.Default()
	}
	if deps.Resolver.Logger == nil {
		deps.Resolver.Logger = deps.Logger
	}
	a := &api{cfg: cfg, deps: deps, origins: allowedOrigins(cfg), log: deps.Logger}

	srv := handler.New(graph.NewSchema(deps.Resolver))
	srv.AddTransport(transport.POST{})
	a.cache = lru.New[*ast.QueryDocument](cfg.QueryCacheSize)
	srv.SetQueryCache(a.cache)
	// checkQuery refuses over cfg.MaxTokens first; the parser's own limit
	// is a backstop with a margin, as it counts tokens slightly differently.
	srv.SetParserTokenLimit(2 * cfg.MaxTokens)
	if cfg.Introspection {
		srv.Use(extension.Introspection{})
	} else {
		srv.AroundFields(refuseIntrospection)
	}
	srv.Use(shapeLimit{maxDepth: cfg.MaxDepth, maxAliases: cfg.MaxAliases})
	srv.Use(extension.FixedComplexityLimit(cfg.MaxComplexity))
	srv.Use(newRateLimits(cfg, deps.Redis, deps.Logger))
	srv.Use(errorCap{max: cfg.MaxErrors})
	srv.SetErrorPresenter(a.presentError)
	srv.SetRecoverFunc(a.recoverPanic)
	a.gql = srv
	return a
}

func (a *api) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	rq := &request{id: newRequestID(), ip: visitor.ClientIP(r, a.cfg.TrustedProxies)}
	w.Header().Set("X-Request-ID", rq.id)
	w.Header().Set("Cache-Control", "no-store")
	if r.Method != http.MethodPost {
		w.Header().Set("Allow", http.MethodPost)
		refuse(w, http.StatusMethodNotAllowed, stgypub.CodeBadUserInput, "only POST is accepted")
		return
	}
	mt, params, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if err != nil || mt != "application/json" || (params["charset"] != "" && !strings.EqualFold(params["charset"], "utf-8")) {
		refuse(w, http.StatusUnsupportedMediaType, stgypub.CodeBadUserInput, "Content-Type must be application/json")
		return
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, a.cfg.MaxBodyBytes))
	var tooBig *http.MaxBytesError
	if errors.As(err, &tooBig) {
		refuse(w, http.StatusRequestEntityTooLarge, stgypub.CodeBadUserInput, "request body is too large")
		return
	}
	if err != nil {
		refuse(w, http.StatusBadRequest, stgypub.CodeBadUserInput, "could not read the request body")
		return
	}
	body, gq, bad := parseBody(body)
	if bad == nil && !a.cached(r, gq.Query) {
		bad = a.checkQuery(gq.Query)
	}
	if bad != nil {
		refuse(w, bad.status, stgypub.CodeBadUserInput, bad.message())
		return
	}
	ctx, err := a.deps.Auth.Authenticate(r)
	if err != nil {
		code := stgypub.ErrorCode(err)
		if code != stgypub.CodeUnauthenticated && stgypub.IsUnavailable(err) {
			a.log.WarnContext(r.Context(), "graphql: authenticate: dependency unavailable", "request_id", rq.id, "err", err)
			w.Header().Set("Retry-After", "5")
			refuse(w, http.StatusServiceUnavailable, stgypub.CodeUnavailable, "service temporarily unavailable; retry later")
			return
		}
		if code != stgypub.CodeUnauthenticated {
			a.log.ErrorContext(r.Context(), "graphql: authenticate", "request_id", rq.id, "err", err)
			refuse(w, http.StatusInternalServerError, stgypub.CodeInternal, "internal error")
			return
		}
		refuse(w, http.StatusUnauthorized, code, stgypub.ErrorMessage(err))
		return
	}
	if auth.ViewerMethod(ctx) != auth.Bearer && !a.originOK(r, auth.ViewerMethod(ctx) == auth.Cookie) {
		refuse(w, http.StatusForbidden, stgypub.CodeForbidden, "Origin is not allowed")
		return
	}
	sw := &statusWriter{ResponseWriter: w, rq: rq}
	ctx = auth.WithCookieSink(ctx, w)
	ctx = graph.WithLoaders(ctx, a.deps.Resolver.NewLoaders())
	ctx = withRequest(ctx, rq)
	ctx = withCommentClient(ctx, r, rq.ip)
	rq.w, rq.r = sw, r.WithContext(ctx)
	rq.r.Body = io.NopCloser(bytes.NewReader(body))
	a.gql.ServeHTTP(sw, rq.r)
}

// refuse writes a transport-level error in GraphQL's response shape.
func refuse(w http.ResponseWriter, status int, code, msg string) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(status)
	var b bytes.Buffer
	b.WriteString(`{"errors":[{"message":`)
	b.WriteString(jsonString(msg))
	b.WriteString(`,"extensions":{"code":`)
	b.WriteString(jsonString(code))
	b.WriteString("}}]}\n")
	_, _ = w.Write(b.Bytes())
}

// cached reports whether query is in the parsed-query cache: it was
// parsed, validated and passed checkQuery before, so it is not lexed
// again.
func (a *api) cached(r *http.Request, query string) bool {
	_, ok := a.cache.Get(r.Context(), query)
	return ok
}
