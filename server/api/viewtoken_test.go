package api_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/stgy/stgypub"
)

// TestViewTokens is docs/API.md "View tokens": a browser app on another
// origin reads Post.viewToken with the article (never cached), sends it
// back with recordPubViewToken and the server counts one view for the
// client whose address it sees; another client, an expired, altered or
// other post's token are FORBIDDEN; bots count nothing.
func TestViewTokens(t *testing.T) {
	t.Parallel()
	clock := time.Now()
	e := newEnv(t, func(_ *apiConfig, d *apiDeps) { d.Resolver.Now = func() time.Time { return clock } })
	p := e.post(t, e.owner, "# Token\n\nx", ago(time.Hour))
	other := e.post(t, e.owner, "# Other\n\nx", ago(time.Hour))
	const app = "http://localhost:5173"
	browser := map[string]string{"Origin": app, "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0"}
	tokenFor := func(post stgypub.ID, ip string) string {
		t.Helper()
		r := newRequest("POST", "/graphql", `{"query":"query($id: ID!) { publishedPost(id: $id) { title viewToken } }","variables":{"id":"`+post.String()+`"}}`)
		for k, v := range browser {
			r.Header.Set(k, v)
		}
		r.RemoteAddr = ip + ":5000"
		w := newRecorder()
		e.h.ServeHTTP(w, r)
		var out struct {
			Data struct{ PublishedPost struct{ ViewToken string } }
		}
		if err := jsonDecode(w.Body.Bytes(), &out); err != nil || out.Data.PublishedPost.ViewToken == "" || w.Header().Get("Cache-Control") != "no-store" {
			t.Fatalf("token: %d %v %s", w.Code, w.Header(), w.Body)
		}
		return out.Data.PublishedPost.ViewToken
	}
	record := func(tok, ip string, h map[string]string) (int, string) {
		t.Helper()
		r := newRequest("POST", "/graphql", `{"query":"mutation($t: String!) { recordPubViewToken(token: $t) { recorded pv } }","variables":{"t":"`+tok+`"}}`)
		for k, v := range browser {
			r.Header.Set(k, v)
		}
		for k, v := range h {
			r.Header.Set(k, v)
		}
		r.RemoteAddr = ip + ":5001"
		w := newRecorder()
		e.h.ServeHTTP(w, r)
		return w.Code, w.Body.String()
	}
	tok := tokenFor(p.ID, "198.51.100.1")
	for i, want := range []string{`{"recorded":true,"pv":1}`, `{"recorded":false,"pv":1}`} {
		if code, body := record(tok, "198.51.100.1", nil); code != 200 || body != `{"data":{"recordPubViewToken":`+want+`}}` {
			t.Errorf("view %d: %d %s", i, code, body)
		}
	}
	if code, body := record(tokenFor(p.ID, "198.51.100.2"), "198.51.100.2", nil); body != `{"data":{"recordPubViewToken":{"recorded":true,"pv":2}}}` {
		t.Errorf("second client: %d %s", code, body)
	}
	bot := tokenFor(p.ID, "198.51.100.3")
	if _, body := record(bot, "198.51.100.3", map[string]string{"User-Agent": "Googlebot/2.1 (+http://www.google.com/bot.html)"}); body != `{"data":{"recordPubViewToken":{"recorded":false,"pv":2}}}` {
		t.Errorf("bot: %s", body)
	}
	if _, body := record(bot, "198.51.100.3", map[string]string{"Sec-Purpose": "prefetch"}); body != `{"data":{"recordPubViewToken":{"recorded":false,"pv":2}}}` {
		t.Errorf("prefetch: %s", body)
	}
	forbidden := map[string]string{
		"another client's token": tok,
		"another post's":         tokenFor(other.ID, "198.51.100.9")[:11] + tok[11:],
		"altered":                strings.ToUpper(tok[:4]) + tok[4:],
		"garbage":                "x",
	}
	for name, tk := range forbidden {
		if _, body := record(tk, "198.51.100.9", nil); !strings.Contains(body, stgypub.CodeForbidden) {
			t.Errorf("%s: %s", name, body)
		}
	}
	late := tokenFor(p.ID, "198.51.100.4")
	clock = clock.Add(10*time.Minute + time.Second)
	if _, body := record(late, "198.51.100.4", nil); !strings.Contains(body, stgypub.CodeForbidden) || !strings.Contains(body, "expired") {
		t.Errorf("expired: %s", body)
	}
	clock = time.Now()
	unpub := tokenFor(other.ID, "198.51.100.5")
	e.do(t, req{as: "owner", query: `mutation($id: ID!) { setPostPublication(id: $id, publishedAt: null) { id } }`, variables: map[string]any{"id": other.ID.String()}})
	if _, body := record(unpub, "198.51.100.5", nil); !strings.Contains(body, stgypub.CodeNotFound) {
		t.Errorf("unpublished since: %s", body)
	}
	if n, err := e.counter.ViewCounts(t.Context(), e.owner.ID, []stgypub.ID{p.ID, other.ID}); err != nil || n[p.ID] != 2 || n[other.ID] != 0 {
		t.Errorf("counted %v %v", n, err)
	}
	t.Run("list pages carry tokens too, never cached", func(t *testing.T) {
		w := e.rawReq(t, http.MethodGet, getURL(`query($u: ID!) { site(userId: $u) { posts(first: 1) { nodes { viewToken } } } }`, map[string]any{"u": e.owner.ID.String()}, nil), "", nil)
		if !strings.Contains(w.Body.String(), `"viewToken":"`) || w.Header().Get("Cache-Control") != "no-store" {
			t.Errorf("%v %s", w.Header(), w.Body)
		}
	})
}
