package api_test

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/auth"
	"github.com/stgy/stgypub/captcha"
	"github.com/stgy/stgypub/internal/wiring"
)

// commentEnv is env with the comment and CAPTCHA services wired and a
// published post of owner in the given mode.
type commentEnv struct {
	*env
	gate *captcha.Service
	post *stgypub.Post
}

func newCommentEnv(t *testing.T, mode string, mod func(*apiConfig)) *commentEnv {
	t.Helper()
	return newCommentEnvWith(t, mode, mod, captcha.Config{})
}

// newCommentEnvWith is newCommentEnv with a CAPTCHA configuration (its
// Prefix and SecureCookie are set by comment.NewStack, as the wiring
// builds it).
func newCommentEnvWith(t *testing.T, mode string, mod func(*apiConfig), gcfg captcha.Config) *commentEnv {
	t.Helper()
	e := newWiredEnv(t, func(c *wiring.Config) { c.Captcha, c.API.AddressSecret = gcfg, viewSecret }, func(c *apiConfig, _ *apiDeps) {
		if mod != nil {
			mod(c)
		}
	})
	ce := &commentEnv{env: e, gate: e.app.Captcha}
	ce.post = e.post(t, e.owner, "# Commented\n\nText.", ago(time.Hour))
	ce.setMode(t, mode)
	return ce
}

func (e *commentEnv) setMode(t *testing.T, mode string) {
	t.Helper()
	r := e.do(t, req{as: "owner", query: `mutation($u: ID!, $x: JSON) { updatePubConfig(userId: $u, input: {extensions: $x}) { userId } }`,
		variables: map[string]any{"u": e.owner.ID.String(), "x": map[string]any{"comments": map[string]any{"mode": mode}}}})
	if r.code() != "" {
		t.Fatalf("set mode: %s", r.raw)
	}
}

// browser is one reader's browser: its address and cookies.
type browser struct {
	ip      string
	cookies map[string]*http.Cookie
	as      string // a login name, or "" anonymous
}

func newBrowser(ip string) *browser { return &browser{ip: ip, cookies: map[string]*http.Cookie{}} }

// call sends a GraphQL request from b with the protocol headers for post
// (minute and query hashes of now; "" post sends no query hash) and
// keeps the cookies the response sets.
func (e *commentEnv) call(t *testing.T, b *browser, headers map[string]string, query string, vars map[string]any) *resp {
	t.Helper()
	body, _ := json.Marshal(map[string]any{"query": query, "variables": vars})
	r := httptest.NewRequest(http.MethodPost, "/graphql", bytes.NewReader(body))
	r.Header.Set("Content-Type", "application/json")
	r.Header.Set("Origin", baseURL)
	r.RemoteAddr = b.ip + ":40000"
	for k, v := range headers {
		r.Header.Set(k, v)
	}
	if b.as != "" {
		r.AddCookie(&http.Cookie{Name: auth.CookieName, Value: e.cookies[b.as]})
	}
	for _, c := range b.cookies {
		r.AddCookie(&http.Cookie{Name: c.Name, Value: c.Value})
	}
	w := httptest.NewRecorder()
	e.h.ServeHTTP(w, r)
	res := w.Result()
	for _, c := range res.Cookies() {
		if c.MaxAge < 0 {
			delete(b.cookies, c.Name)
		} else {
			b.cookies[c.Name] = c
		}
	}
	out := &resp{status: w.Code, header: w.Header(), raw: w.Body.String()}
	if err := json.Unmarshal(w.Body.Bytes(), out); err != nil {
		t.Fatalf("response is not JSON (%d): %s", w.Code, w.Body.String())
	}
	return out
}

func minute() map[string]string {
	return map[string]string{captcha.MinuteHashHeader: captcha.MinuteHash(time.Now())}
}

func query(post stgypub.ID) map[string]string {
	return map[string]string{captcha.QueryHashHeader: captcha.QueryHash(time.Now(), post)}
}

const (
	challengeQ = `mutation { createCaptchaChallenge { id image width height digits expiresAt } }`
	verifyQ    = `mutation($id: String!, $a: String!) { verifyCaptcha(id: $id, answer: $a) { hasPass usesLeft maxUses expiresAt } }`
	postQ      = `mutation($in: PostPubCommentInput!) { postPubComment(input: $in) { id postId nickname body status isAuthor createdAt viewerCanEdit viewerCanModerate } }`
	listQ      = `query($p: ID!, $n: Int, $o: PostOrder) { pubComments(postId: $p, page: $n, order: $o) { postId order page pageSize totalCount publishedCount hasNextPage viewerCanModerate items { id nickname body status isAuthor viewerCanEdit viewerCanModerate } } }`
	formQ      = `query($p: ID!) { pubCommentFormState(postId: $p) { open mode newStatus captchaRequired nickname canPostAsOwner asOwner capReached maxComments nicknameMaxChars bodyMaxChars } }`
)

type challenge struct {
	ID     string `json:"id"`
	Image  string `json:"image"`
	Width  int    `json:"width"`
	Height int    `json:"height"`
}

// challenge creates a challenge from b and returns it with its answer
// (read from Redis, as a test can).
func (e *commentEnv) challenge(t *testing.T, b *browser) (challenge, string) {
	t.Helper()
	var ch challenge
	e.call(t, b, minute(), challengeQ, nil).data(t, "createCaptchaChallenge", &ch)
	a, err := e.rdb.HGet(context.Background(), e.cfg.RedisPrefix+"stgy:captcha:challenge:{"+ch.ID+"}", "answer").Result()
	if err != nil {
		t.Fatalf("answer: %v", err)
	}
	return ch, a
}

// solve gives b a pass.
func (e *commentEnv) solve(t *testing.T, b *browser) {
	t.Helper()
	ch, a := e.challenge(t, b)
	r := e.call(t, b, minute(), verifyQ, map[string]any{"id": ch.ID, "a": a})
	if r.code() != "" {
		t.Fatalf("verify: %s", r.raw)
	}
}

type pubComment struct {
	ID                stgypub.ID `json:"id"`
	Nickname          string     `json:"nickname"`
	Body              string     `json:"body"`
	Status            string     `json:"status"`
	IsAuthor          bool       `json:"isAuthor"`
	ViewerCanEdit     bool       `json:"viewerCanEdit"`
	ViewerCanModerate bool       `json:"viewerCanModerate"`
}

type commentPage struct {
	Order             string       `json:"order"`
	Page              int          `json:"page"`
	PageSize          int          `json:"pageSize"`
	TotalCount        int          `json:"totalCount"`
	PublishedCount    int          `json:"publishedCount"`
	HasNextPage       bool         `json:"hasNextPage"`
	ViewerCanModerate bool         `json:"viewerCanModerate"`
	Items             []pubComment `json:"items"`
}

func (e *commentEnv) postComment(t *testing.T, b *browser, in map[string]any) *resp {
	t.Helper()
	if _, ok := in["postId"]; !ok {
		in["postId"] = e.post.ID.String()
	}
	id, _ := stgypub.ParseID(in["postId"].(string))
	return e.call(t, b, query(id), postQ, map[string]any{"in": in})
}

func (e *commentEnv) list(t *testing.T, b *browser) commentPage {
	t.Helper()
	var p commentPage
	e.call(t, b, nil, listQ, map[string]any{"p": e.post.ID.String()}).data(t, "pubComments", &p)
	return p
}

func cookieOf(b *browser, name string) *http.Cookie { return b.cookies[name] }
