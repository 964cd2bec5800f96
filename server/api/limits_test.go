package api_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/internal/redistest"
	"github.com/stgy/stgypub/server/api"
)

func TestQueryLimits(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	u := e.owner.ID.String()
	aliases := func(n int) string {
		var b strings.Builder
		b.WriteString("{")
		for i := range n {
			fmt.Fprintf(&b, " a%d: pubConfig(userId: %q) { siteName }", i, u)
		}
		return b.String() + " }"
	}
	// publishedPost is level 1, each prev adds one, the innermost id one.
	nested := func(levels int) string {
		q := "id"
		for range levels {
			q = "id prev { " + q + " }"
		}
		return fmt.Sprintf(`{ publishedPost(id: %q) { %s } }`, u, q)
	}
	cases := []struct {
		name, query string
		code, msg   string
	}{
		{"depth 10 passes", nested(8), "", ""},
		{"depth 11 refused", nested(9), stgypub.CodeBadUserInput, "nested 11 levels"},
		{"20 aliases pass", aliases(20), "", ""},
		{"21 aliases refused", aliases(21), stgypub.CodeBadUserInput, "21 aliases"},
		{"complexity over limit refused", fmt.Sprintf(`{ site(userId: %q) { posts(limit: 100) { items { id prev { id } next { id } owner { id } } } } }`, u), stgypub.CodeBadUserInput, "complexity"},
		{"depth through fragments counted", fmt.Sprintf(`query { publishedPost(id: %q) { ...F } } fragment F on Post { prev { prev { prev { prev { prev { prev { prev { prev { prev { prev { id } } } } } } } } } } }`, u), stgypub.CodeBadUserInput, "nested"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := e.do(t, req{query: c.query})
			if r.code() != c.code {
				t.Fatalf("code = %q, want %q: %s", r.code(), c.code, r.raw)
			}
			if c.msg != "" && !strings.Contains(r.Errors[0].Message, c.msg) {
				t.Errorf("message = %q, want %q", r.Errors[0].Message, c.msg)
			}
		})
	}

	t.Run("body over 1 MiB is 413", func(t *testing.T) {
		body := `{"query":"{ me { id } }","variables":{"x":"` + strings.Repeat("a", 1<<20) + `"}}`
		r := httptest.NewRequest(http.MethodPost, "/graphql", strings.NewReader(body))
		r.Header.Set("Content-Type", "application/json")
		res := e.serve(t, r)
		if res.status != http.StatusRequestEntityTooLarge || res.code() != stgypub.CodePayloadTooLarge {
			t.Errorf("got %d %s", res.status, res.raw)
		}
	})

	// A body announced over the limit is refused before it is read: the
	// client below sends 2 bytes of the 2 MiB it declared and never ends
	// the body, so a server waiting for it would never answer. serve
	// wires the response cache in front of the full path, whose key is
	// read from a POST's body: it must not read this one either.
	cached := api.New(e.cfg, e.app.APIDeps)
	for name, h := range map[string]http.Handler{"": e.h, " with the response cache": cached} {
		t.Run("declared over 1 MiB is 413 at once"+name, func(t *testing.T) {
			pr, pw := io.Pipe()
			t.Cleanup(func() { pw.Close() })
			go func() { _, _ = pw.Write([]byte("{\"")) }()
			r := httptest.NewRequest(http.MethodPost, "/graphql", pr)
			r.ContentLength = 2 << 20
			r.Header.Set("Content-Type", "application/json")
			w := httptest.NewRecorder()
			h.ServeHTTP(w, r)
			res := &resp{status: w.Code, raw: w.Body.String()}
			if err := json.Unmarshal(w.Body.Bytes(), res); err != nil {
				t.Fatalf("response is not JSON (%d): %s", w.Code, w.Body.String())
			}
			if res.status != http.StatusRequestEntityTooLarge || res.code() != stgypub.CodePayloadTooLarge {
				t.Errorf("got %d %s", res.status, res.raw)
			}
		})
	}
}

func TestIntrospectionSwitch(t *testing.T) {
	t.Parallel()
	for _, on := range []bool{false, true} {
		t.Run(fmt.Sprint("introspection=", on), func(t *testing.T) {
			e := newEnv(t, func(c *apiConfig, _ *apiDeps) { c.Introspection = on })
			r := e.do(t, req{query: `{ __schema { queryType { name } types { name fields { name type { name ofType { name ofType { name ofType { name } } } } } } } }`})
			if !on && (r.code() != stgypub.CodeForbidden || r.Errors[0].Message != "introspection is disabled") {
				t.Fatalf("introspection off: %s", r.raw)
			}
			if on != (len(r.Errors) == 0) {
				t.Fatalf("introspection %v: %s", on, r.raw[:min(len(r.raw), 300)])
			}
			if on && !strings.Contains(string(r.Data["__schema"]), `"Query"`) {
				t.Errorf("schema = %.200s", r.Data["__schema"])
			}
			full := e.do(t, req{query: fullIntrospection})
			if on != (len(full.Errors) == 0) {
				t.Errorf("full introspection query with introspection %v: %.300s", on, full.raw)
			}
			typ := e.do(t, req{query: `{ __type(name: "Post") { name } }`})
			if on == (typ.code() == stgypub.CodeForbidden) || on != (len(typ.Errors) == 0) {
				t.Errorf("__type with introspection %v: %s", on, typ.raw)
			}
			if tn := e.do(t, req{query: `{ __typename }`}); len(tn.Errors) != 0 || string(tn.Data["__typename"]) != `"Query"` {
				t.Errorf("__typename with introspection %v: %s", on, tn.raw)
			}
		})
	}
}

func TestLoginRateLimit(t *testing.T) {
	t.Parallel()
	e := newEnv(t, func(c *apiConfig, _ *apiDeps) { c.LoginPerMinute = 3 })
	login := `mutation { login(loginName: "owner", password: "wrong password") { me { id } } }`
	for i := range 3 {
		r := e.do(t, req{ip: "203.0.113.7", query: login})
		if r.status != http.StatusOK || r.code() != stgypub.CodeUnauthenticated {
			t.Fatalf("attempt %d: %d %s", i+1, r.status, r.raw)
		}
	}
	r := e.do(t, req{ip: "203.0.113.7", query: login})
	if r.status != http.StatusTooManyRequests || r.code() != stgypub.CodeRateLimited || r.header.Get("Retry-After") == "" {
		t.Fatalf("4th attempt: %d %v %s", r.status, r.header, r.raw)
	}
	if st, _ := r.Errors[0].Extensions["status"].(float64); st != 429 {
		t.Errorf("extensions = %v", r.Errors[0].Extensions)
	}
	t.Run("the right password is refused too while limited", func(t *testing.T) {
		r := e.do(t, req{ip: "203.0.113.7", query: `mutation { login(loginName: "owner", password: "` + password + `") { me { id } } }`})
		if r.code() != stgypub.CodeRateLimited || len(r.header["Set-Cookie"]) != 0 {
			t.Errorf("%s", r.raw)
		}
	})
	t.Run("another IP is not limited", func(t *testing.T) {
		r := e.do(t, req{ip: "2001:db8::1", query: login})
		if r.code() != stgypub.CodeUnauthenticated {
			t.Errorf("%d %s", r.status, r.raw)
		}
	})
	t.Run("limit is shared through Redis by another handler", func(t *testing.T) {
		h2 := e2h(e)
		r := h2.do(t, req{ip: "203.0.113.7", query: login})
		if r.code() != stgypub.CodeRateLimited {
			t.Errorf("%s", r.raw)
		}
	})
	t.Run("queries are not limited", func(t *testing.T) {
		r := e.do(t, req{ip: "203.0.113.7", query: `{ me { id } }`})
		if r.status != http.StatusOK || len(r.Errors) != 0 {
			t.Errorf("%s", r.raw)
		}
	})
}

func TestWriteRateLimit(t *testing.T) {
	t.Parallel()
	// A signed-in owner's writes count per account (the account limit),
	// from any address.
	e := newEnv(t, func(c *apiConfig, _ *apiDeps) { c.WritesPerMinute = 100; c.AccountWritesPerMinute = 2 })
	for i := range 3 {
		r := e.do(t, req{as: "owner", ip: fmt.Sprintf("198.51.100.%d", 9+i), query: createMutation})
		want := ""
		if i == 2 {
			want = stgypub.CodeRateLimited
		}
		if r.code() != want {
			t.Fatalf("write %d: %s", i+1, r.raw)
		}
	}
	if n := e.countPosts(t); n != 2 {
		t.Errorf("%d posts, want 2", n)
	}
	// Readers' writes count per address.
	r := newEnv(t, func(c *apiConfig, _ *apiDeps) { c.WritesPerMinute = 2 })
	for i := range 3 {
		got := r.do(t, req{ip: "198.51.100.9", query: `mutation { logout }`}).code()
		if want := map[bool]string{true: stgypub.CodeRateLimited, false: ""}[i == 2]; got != want {
			t.Fatalf("reader write %d: %s", i+1, got)
		}
	}
	if got := r.do(t, req{ip: "198.51.100.10", query: `mutation { logout }`}).code(); got != "" {
		t.Errorf("another address: %s", got)
	}
}

func TestPanicHiddenAsInternal(t *testing.T) {
	t.Parallel()
	var logs bytes.Buffer
	e := newEnv(t, func(_ *apiConfig, d *apiDeps) {
		d.Resolver.Counter = nil // pubRanking dereferences it: a real panic
		d.Logger = slog.New(slog.NewTextHandler(&logs, nil))
	})
	r := e.do(t, req{query: fmt.Sprintf(`{ pubRanking(userId: %q) { id } }`, e.owner.ID.String())})
	if r.code() != stgypub.CodeInternal || r.Errors[0].Message != "internal error" {
		t.Fatalf("%s", r.raw)
	}
	if id, _ := r.Errors[0].Extensions["requestId"].(string); id == "" || id != r.header.Get("X-Request-ID") {
		t.Errorf("requestId %v vs header %q", r.Errors[0].Extensions, r.header.Get("X-Request-ID"))
	}
	if strings.Contains(r.raw, "nil pointer") {
		t.Errorf("panic text leaked: %s", r.raw)
	}
	if l := logs.String(); !strings.Contains(l, "request_id="+r.header.Get("X-Request-ID")) || !strings.Contains(l, "nil pointer") {
		t.Errorf("panic not logged with request ID: %s", l)
	}
}

// e2h is e with a second handler instance on the same stores and Redis.
func e2h(e *env) *env {
	e2 := *e
	e2.h = newHandler(e)
	return &e2
}

// TestRateLimitStoreDown: while Redis is down, login is neither refused
// nor INTERNAL: the limits fall back to per-process counting of the same
// size (logged), so the right password logs in and the limit still holds.
func TestRateLimitStoreDown(t *testing.T) {
	t.Parallel()
	var logs bytes.Buffer
	e := newEnv(t, func(c *apiConfig, d *apiDeps) {
		c.LoginPerMinute = 3
		d.Redis = redis.NewClient(&redis.Options{Addr: "127.0.0.1:1", DialTimeout: 100 * time.Millisecond, MaxRetries: -1})
		d.Logger = slog.New(slog.NewTextHandler(&logs, nil))
	})
	r := e.do(t, req{ip: "203.0.113.8", query: `mutation { login(loginName: "owner", password: "` + password + `") { me { id } } }`})
	if len(r.Errors) != 0 || len(r.header["Set-Cookie"]) == 0 {
		t.Fatalf("login with Redis down: %s", r.raw)
	}
	wrong := `mutation { login(loginName: "owner", password: "wrong password") { me { id } } }`
	for i := range 2 {
		if r := e.do(t, req{ip: "203.0.113.8", query: wrong}); r.code() != stgypub.CodeUnauthenticated {
			t.Fatalf("attempt %d: %s", i+2, r.raw)
		}
	}
	if r := e.do(t, req{ip: "203.0.113.8", query: wrong}); r.code() != stgypub.CodeRateLimited || r.status != http.StatusTooManyRequests {
		t.Fatalf("4th attempt with Redis down: %d %s", r.status, r.raw)
	}
	if r := e.do(t, req{ip: "203.0.113.9", query: wrong}); r.code() != stgypub.CodeUnauthenticated {
		t.Fatalf("another address: %s", r.raw)
	}
	if !strings.Contains(logs.String(), "rate limit counted in process") {
		t.Errorf("fallback not logged: %s", logs.String())
	}
	if r := e.do(t, req{query: `{ me { id } }`}); len(r.Errors) != 0 {
		t.Errorf("queries should not need the limiter: %s", r.raw)
	}
}

// TestRateLimitKeysHoldNoAddress: after limited logins and writes from
// IPv4 and IPv6 clients, no rate-limit key or value in Redis contains any
// spelling of their addresses; the keys are the prefix plus a 32-hex
// keyed hash.
func TestRateLimitKeysHoldNoAddress(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	ips := []string{"203.0.113.50", "2001:db8::7", "198.51.100.23"}
	for _, ip := range ips {
		e.do(t, req{ip: ip, query: `mutation { login(loginName: "owner", password: "wrong password") { me { id } } }`})
		e.do(t, req{ip: ip, query: `mutation { logout }`})
		e.do(t, req{as: "owner", ip: ip, query: createMutation}) // per account
	}
	ctx := context.Background()
	all, err := (&redistest.Redis{Client: e.rdb, Prefix: e.cfg.RedisPrefix}).Keys(ctx)
	var keys []string
	for _, k := range all {
		if strings.HasPrefix(k, e.cfg.RedisPrefix+"stgy:ratelimit:") {
			keys = append(keys, k)
		}
	}
	if err != nil || len(keys) < 2*len(ips) {
		t.Fatalf("%d rate-limit keys (err %v)", len(keys), err)
	}
	for _, k := range keys {
		v, _ := e.rdb.Get(ctx, k).Result()
		for _, ip := range ips {
			for _, spelling := range []string{ip, strings.ReplaceAll(ip, ".", "-"), strings.ReplaceAll(ip, "::", ":0:")} {
				if strings.Contains(k, spelling) || strings.Contains(v, spelling) {
					t.Errorf("key %q (value %q) holds %s", k, v, ip)
				}
			}
		}
		if !regexp.MustCompile(`^` + regexp.QuoteMeta(e.cfg.RedisPrefix) + `stgy:ratelimit:((login|write):\{[0-9a-f]{32}\}|account-write:\{account:` + e.owner.ID.String() + `\}):\d+$`).MatchString(k) {
			t.Errorf("key %q is not prefix + kind + {32-hex hash or account} + window", k)
		}
	}
}
