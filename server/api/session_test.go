package api_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/auth"
	"github.com/stgy/stgypub/server/api"
)

func sessionCookie(t *testing.T, h http.Header) *http.Cookie {
	t.Helper()
	for _, c := range (&http.Response{Header: h}).Cookies() {
		if c.Name == auth.CookieName {
			return c
		}
	}
	t.Fatalf("no %s cookie in %v", auth.CookieName, h["Set-Cookie"])
	return nil
}

func TestLoginLogout(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	login := `mutation($l: String!, $p: String!) { login(loginName: $l, password: $p) { me { id loginName isAdmin } } }`

	t.Run("wrong password and unknown login are UNAUTHENTICATED alike", func(t *testing.T) {
		for _, l := range []string{"owner", "nobody", "bad name!"} {
			r := e.do(t, req{query: login, variables: map[string]any{"l": l, "p": "wrong password"}})
			if r.code() != stgypub.CodeUnauthenticated || r.Errors[0].Message != "wrong login name or password" {
				t.Errorf("%s: %s", l, r.raw)
			}
			if len(r.header["Set-Cookie"]) != 0 {
				t.Errorf("%s: cookie set on failure", l)
			}
		}
	})

	r := e.do(t, req{query: login, variables: map[string]any{"l": "owner", "p": password}})
	var res struct {
		Me struct {
			ID        string `json:"id"`
			LoginName string `json:"loginName"`
		} `json:"me"`
	}
	r.data(t, "login", &res)
	c := sessionCookie(t, r.header)
	t.Run("cookie attributes", func(t *testing.T) {
		if !c.HttpOnly || !c.Secure || c.SameSite != http.SameSiteLaxMode || c.Path != "/" || len(c.Value) != 43 || c.MaxAge <= 0 {
			t.Errorf("cookie = %+v", c)
		}
		if res.Me.LoginName != "owner" {
			t.Errorf("me = %+v", res.Me)
		}
	})

	me := func(h http.Handler, token string) *resp {
		e2 := *e
		e2.h = h
		e2.cookies = map[string]string{"x": token}
		return e2.do(t, req{as: "x", query: `{ me { loginName } }`})
	}
	t.Run("session survives a new handler instance", func(t *testing.T) {
		h2 := api.New(e.cfg, e.deps)
		var m struct{ LoginName string }
		me(h2, c.Value).data(t, "me", &m)
		if m.LoginName != "owner" {
			t.Errorf("me = %+v", m)
		}
	})
	t.Run("only the hash is stored", func(t *testing.T) {
		n, err := e.st.DB.NewSelect().TableExpr("user_sessions").Where("token_hash = ?", []byte(c.Value)).Count(t.Context())
		if err != nil || n != 0 {
			t.Errorf("raw token found in user_sessions: %d %v", n, err)
		}
	})
	t.Run("logout clears the cookie and the session", func(t *testing.T) {
		e2 := *e
		e2.cookies = map[string]string{"x": c.Value}
		r := e2.do(t, req{as: "x", query: `mutation { logout }`})
		if string(r.Data["logout"]) != "true" {
			t.Fatalf("%s", r.raw)
		}
		if cl := sessionCookie(t, r.header); cl.MaxAge >= 0 || cl.Value != "" {
			t.Errorf("clear cookie = %+v", cl)
		}
		if got := string(me(e.h, c.Value).Data["me"]); got != "null" {
			t.Errorf("me after logout = %s", got)
		}
	})
}

func TestBearerTokens(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	r := e.do(t, req{as: "owner", query: `mutation { createApiToken(name: "ci") { id name token } }`})
	var tok struct{ ID, Name, Token string }
	r.data(t, "createApiToken", &tok)
	if !strings.HasPrefix(tok.Token, auth.TokenPrefix) {
		t.Fatalf("token = %q", tok.Token)
	}
	t.Run("bearer authenticates without cookie or Origin", func(t *testing.T) {
		r := e.do(t, req{bearer: tok.Token, origin: "https://evil.example", query: `mutation { createPost(input: {content: "# Via API"}) { ownerId title } }`})
		var p struct{ OwnerID, Title string }
		r.data(t, "createPost", &p)
		if p.OwnerID != e.owner.ID.String() || p.Title != "Via API" {
			t.Errorf("post = %+v", p)
		}
	})
	t.Run("invalid bearer is 401", func(t *testing.T) {
		for _, b := range []string{"stgy_wrong", "nonsense", tok.Token + "x"} {
			r := e.do(t, req{bearer: b, query: `{ me { id } }`})
			if r.status != http.StatusUnauthorized || r.code() != stgypub.CodeUnauthenticated {
				t.Errorf("%q: %d %s", b, r.status, r.raw)
			}
		}
	})
	t.Run("other user cannot delete the token; owner can", func(t *testing.T) {
		q := `mutation($id: ID!) { deleteApiToken(id: $id) }`
		if r := e.do(t, req{as: "other", query: q, variables: map[string]any{"id": tok.ID}}); r.code() != stgypub.CodeNotFound {
			t.Errorf("other: %s", r.raw)
		}
		if r := e.do(t, req{as: "owner", query: q, variables: map[string]any{"id": tok.ID}}); string(r.Data["deleteApiToken"]) != "true" {
			t.Errorf("owner: %s", r.raw)
		}
		if r := e.do(t, req{bearer: tok.Token, query: `{ me { id } }`}); r.status != http.StatusUnauthorized {
			t.Errorf("deleted token still works: %s", r.raw)
		}
	})
}
