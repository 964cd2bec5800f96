package api_test

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strconv"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/auth"
	"github.com/stgy/stgypub/counter"
	"github.com/stgy/stgypub/internal/apptest"
	"github.com/stgy/stgypub/internal/wiring"
	"github.com/stgy/stgypub/owner"
	"github.com/stgy/stgypub/server/api"
	"github.com/stgy/stgypub/store"
)

const (
	baseURL  = "https://pub.example.com"
	password = "correct horse battery"
)

var viewSecret = []byte("test-view-secret")

// env is one test's server: its own database, its own Redis key prefix,
// the app wired as cmd/stgy-pub wires it (apptest's Wire) on the wall
// clock, three accounts (owner, other, admin) with sessions. h is the
// API built from cfg and deps (the wiring's without the response cache,
// changed by newEnv's mod).
type env struct {
	st      *store.Store
	rdb     redis.UniversalClient
	app     *wiring.App
	cfg     api.Config
	deps    api.Deps
	h       http.Handler
	counter *counter.Counter
	owner   *stgypub.User
	other   *stgypub.User
	admin   *stgypub.User
	cookies map[string]string // login name -> session token
}

func newEnv(t testing.TB, mod func(*api.Config, *api.Deps)) *env {
	t.Helper()
	return newWiredEnv(t, nil, mod)
}

// newWiredEnv is newEnv with the wiring's configuration changed by wire
// (nil: none) before the app is built.
func newWiredEnv(t testing.TB, wire func(*wiring.Config), mod func(*api.Config, *api.Deps)) *env {
	t.Helper()
	ctx := context.Background()
	a := apptest.NewRealTime(t)
	e := &env{st: a.Store, rdb: a.Redis, cookies: map[string]string{}}
	e.app = a.Wire(t, baseURL, func(c *wiring.Config) {
		c.ViewSecret, c.API.AddressSecret = viewSecret, []byte("address-secret")
		if wire != nil {
			wire(c)
		}
		e.cfg = c.API
	})
	e.counter = e.app.Counter
	e.deps = e.app.APIDeps
	// The API's own tests run without the response cache (and its read
	// cache): they count statements and check ETags of the full path.
	// server's cluster tests run with it, as serve does.
	e.deps.Responses, e.deps.Versions = nil, nil
	if mod != nil {
		mod(&e.cfg, &e.deps)
	}
	e.h = api.New(e.cfg, e.deps)
	for _, u := range []**stgypub.User{&e.owner, &e.other, &e.admin} {
		login := map[**stgypub.User]string{&e.owner: "owner", &e.other: "other", &e.admin: "admin"}[u]
		usr, err := auth.CreateUser(ctx, e.st.Users, login, login+" nick", password)
		if err != nil {
			t.Fatalf("create %s: %v", login, err)
		}
		*u = usr
	}
	if err := auth.MakeAdmin(ctx, e.st.Users, "admin", true); err != nil {
		t.Fatal(err)
	}
	e.admin.IsAdmin = true
	for _, login := range []string{"owner", "other", "admin"} {
		sess, err := e.app.Auth.Login(ctx, login, password)
		if err != nil {
			t.Fatalf("login %s: %v", login, err)
		}
		e.cookies[login] = sess.Token
	}
	return e
}

// as says who sends a request: "" anonymous, else a login name whose
// session cookie is sent with the base URL's Origin.
type req struct {
	as        string
	bearer    string
	origin    string // overrides the default Origin ("-" sends none)
	ip        string
	query     string
	variables map[string]any
	// operationName is sent when set.
	operationName string
}

type gqlError struct {
	Message    string         `json:"message"`
	Path       []any          `json:"path"`
	Extensions map[string]any `json:"extensions"`
}

type resp struct {
	status int
	header http.Header
	Data   map[string]json.RawMessage `json:"data"`
	Errors []gqlError                 `json:"errors"`
	raw    string
}

// code is the first error's extensions.code, "" when there is none.
func (r *resp) code() string {
	if len(r.Errors) == 0 {
		return ""
	}
	c, _ := r.Errors[0].Extensions["code"].(string)
	return c
}

func (e *env) do(t *testing.T, q req) *resp {
	t.Helper()
	params := map[string]any{"query": q.query, "variables": q.variables}
	if q.operationName != "" {
		params["operationName"] = q.operationName
	}
	body, _ := json.Marshal(params)
	r := httptest.NewRequest(http.MethodPost, "/graphql", bytes.NewReader(body))
	r.Header.Set("Content-Type", "application/json")
	if q.as != "" {
		r.AddCookie(&http.Cookie{Name: auth.CookieName, Value: e.cookies[q.as]})
		r.Header.Set("Origin", baseURL)
	}
	if q.bearer != "" {
		r.Header.Set("Authorization", "Bearer "+q.bearer)
	}
	switch q.origin {
	case "":
	case "-":
		r.Header.Del("Origin")
	default:
		r.Header.Set("Origin", q.origin)
	}
	if q.ip != "" {
		r.RemoteAddr = q.ip + ":40000"
	}
	return e.serve(t, r)
}

func (e *env) serve(t *testing.T, r *http.Request) *resp {
	t.Helper()
	w := httptest.NewRecorder()
	e.h.ServeHTTP(w, r)
	out := &resp{status: w.Code, header: w.Header(), raw: w.Body.String()}
	if err := json.Unmarshal(w.Body.Bytes(), out); err != nil {
		t.Fatalf("response is not JSON (%d): %s", w.Code, w.Body.String())
	}
	// writeResponse copies gqlgen's data without a pass over it: every
	// response must already be what json.Marshal makes of it (compact,
	// <, >, &, U+2028, U+2029 escaped; graph/scalar).
	// (A refusal before execution ends in json.Encoder's newline.)
	if cl := w.Header().Get("Content-Length"); cl != "" && cl != strconv.Itoa(w.Body.Len()) {
		t.Errorf("Content-Length %s for a body of %d bytes", cl, w.Body.Len())
	}
	body := bytes.TrimSuffix(w.Body.Bytes(), []byte("\n"))
	if want, err := json.Marshal(json.RawMessage(body)); err != nil || !bytes.Equal(want, body) {
		t.Errorf("response is not as json.Marshal writes it:\n got  %s\n want %s", body, want)
	}
	return out
}

// data decodes field of the response data into v, failing on errors.
func (r *resp) data(t *testing.T, field string, v any) {
	t.Helper()
	if len(r.Errors) > 0 {
		t.Fatalf("unexpected errors: %s", r.raw)
	}
	if err := json.Unmarshal(r.Data[field], v); err != nil {
		t.Fatalf("decode %s: %v in %s", field, err, r.raw)
	}
}

// post creates a post of u with the given publication time directly in
// the store (content derives through the owner service).
func (e *env) post(t testing.TB, u *stgypub.User, content string, publishedAt *time.Time) *stgypub.Post {
	t.Helper()
	ctx := context.Background()
	svc := e.deps.Resolver.Owner
	p, err := svc.CreatePost(ctx, u, owner.PostInput{Content: content, Locale: new("en")})
	if err != nil {
		t.Fatalf("create post: %v", err)
	}
	if publishedAt != nil {
		if p, err = svc.SetPublication(ctx, u, p.ID, publishedAt); err != nil {
			t.Fatalf("publish: %v", err)
		}
	}
	return p
}

func (e *env) countPosts(t *testing.T) int {
	t.Helper()
	n, err := e.st.DB.NewSelect().TableExpr("posts").Count(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return int(n)
}

func ago(d time.Duration) *time.Time {
	t := time.Now().Add(-d).UTC().Truncate(time.Second)
	return &t
}

type (
	apiConfig = api.Config
	apiDeps   = api.Deps
)

func newHandler(e *env) http.Handler { return api.New(e.cfg, e.deps) }
