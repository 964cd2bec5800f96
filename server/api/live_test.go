package api_test

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/server/api"
)

const (
	commentAddedQ = `subscription($p: ID!) { pubCommentAdded(postId: $p) { id postId nickname body status viewerCanModerate } }`
	notificationQ = `subscription { pubCommentNotification { id postId commentId nickname read } }`
	viewsTodayQ   = `subscription($u: ID!) { pubViewsToday(userId: $u) { userId day total posts { postId views } } }`
	approveQ      = `mutation($id: ID!) { approvePubComment(id: $id) { id status } }`
)

type liveComment struct {
	ID                stgypub.ID `json:"id"`
	Nickname          string     `json:"nickname"`
	Status            string     `json:"status"`
	ViewerCanModerate bool       `json:"viewerCanModerate"`
}

func (m liveMsg) comment(t testing.TB) liveComment {
	t.Helper()
	var c liveComment
	if err := json.Unmarshal(m.Data["pubCommentAdded"], &c); err != nil || m.code() != "" {
		t.Fatalf("not a comment event: %+v (%v)", m, err)
	}
	return c
}

// TestLiveCommentsAcrossServers: a reader's comment posted through
// server 0 reaches subscribers of both servers over SSE and WebSocket;
// readers receive it only once approved, the owner at once (pending) and
// as a notification.
func TestLiveCommentsAcrossServers(t *testing.T) {
	le := newLiveEnv(t, stgypub.CommentsModerated, api.LiveLimits{}, nil)
	post := map[string]any{"p": le.post.ID.String()}
	readerSSE := le.sse(t, 1, liveAs{}, commentAddedQ, post)
	readerWS, err := le.dialWS(t, 0, liveAs{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	readerWSSub := readerWS.subscribe(t, "r1", commentAddedQ, post)
	ownerSSE := le.sse(t, 1, liveAs{login: "owner"}, commentAddedQ, post)
	// The owner's WebSocket authenticates with a bearer token in
	// connection_init, as a browser client that cannot set headers.
	ownerWS, err := le.dialWS(t, 1, liveAs{origin: "-"}, map[string]any{"Authorization": "Bearer " + le.tokens["owner"]})
	if err != nil {
		t.Fatal(err)
	}
	ownerNotes := ownerWS.subscribe(t, "n1", notificationQ, nil)
	adminSSE := le.sse(t, 0, liveAs{bearer: "admin", origin: "-"}, commentAddedQ, post)
	for _, s := range []*stream{readerSSE, ownerSSE, adminSSE} {
		if s.status != http.StatusOK {
			t.Fatalf("subscription refused: %d %s", s.status, s.body)
		}
	}
	le.waitSubscribers(t, 2, 3)

	reader := newBrowser("198.51.100.20")
	le.solve(t, reader)
	sent := time.Now()
	r := le.postComment(t, reader, map[string]any{"nickname": "ann", "body": "first!"})
	if r.code() != "" {
		t.Fatalf("post: %s", r.raw)
	}
	var posted pubComment
	r.data(t, "postPubComment", &posted)
	if posted.Status != "PENDING" {
		t.Fatalf("status %s, want PENDING (moderated)", posted.Status)
	}
	for name, s := range map[string]*stream{"owner SSE": ownerSSE, "admin SSE": adminSSE} {
		c := s.next(t).comment(t)
		if c.ID != posted.ID || c.Status != "PENDING" || !c.ViewerCanModerate {
			t.Errorf("%s got %+v, want the pending comment %s", name, c, posted.ID)
		}
	}
	t.Logf("pending comment reached the moderators in %s", time.Since(sent))
	note := ownerNotes.next(t)
	var n struct {
		ID        stgypub.ID `json:"id"`
		CommentID stgypub.ID `json:"commentId"`
		Nickname  string     `json:"nickname"`
		Read      bool       `json:"read"`
	}
	if err := json.Unmarshal(note.Data["pubCommentNotification"], &n); err != nil || n.CommentID != posted.ID || n.Nickname != "ann" || n.Read || n.ID == 0 {
		t.Fatalf("notification %+v (%v, %+v)", n, err, note)
	}
	// The stored notification is the one announced.
	list := le.do(t, req{as: "owner", query: `{ pubCommentNotifications { items { id commentId } } }`})
	if !strings.Contains(list.raw, n.ID.String()) {
		t.Fatalf("announced notification %s not stored: %s", n.ID, list.raw)
	}

	if r := le.do(t, req{as: "owner", query: approveQ, variables: map[string]any{"id": posted.ID.String()}}); r.code() != "" {
		t.Fatalf("approve: %s", r.raw)
	}
	// Events on one channel keep their order: a reader's first event is
	// the approval, so the pending one was never sent to them.
	for name, s := range map[string]*stream{"reader SSE (server 1)": readerSSE, "reader WS (server 0)": readerWSSub} {
		c := s.next(t).comment(t)
		if c.ID != posted.ID || c.Status != "PUBLISHED" || c.ViewerCanModerate {
			t.Errorf("%s got %+v, want the published comment as a reader sees it", name, c)
		}
	}
	for _, s := range []*stream{ownerSSE, adminSSE} {
		if c := s.next(t).comment(t); c.ID != posted.ID || c.Status != "PUBLISHED" {
			t.Errorf("moderator got %+v after approval", c)
		}
	}
	// A published comment by the owner notifies nobody and reaches all.
	r = le.call(t, &browser{as: "owner", cookies: map[string]*http.Cookie{}, ip: "198.51.100.21"}, query(le.post.ID), postQ,
		map[string]any{"in": map[string]any{"postId": le.post.ID.String(), "nickname": "owner", "body": "thanks"}})
	if r.code() != "" {
		t.Fatalf("owner post: %s", r.raw)
	}
	for _, s := range []*stream{readerSSE, readerWSSub, ownerSSE, adminSSE} {
		if c := s.next(t).comment(t); c.Nickname != "owner" || c.Status != "PUBLISHED" {
			t.Errorf("got %+v, want the owner's comment", c)
		}
	}
	select {
	case m := <-ownerNotes.msgs:
		t.Errorf("the owner's own comment notified: %+v", m)
	default:
	}
}

// TestLivePermissions: what each viewer may subscribe to, and the
// transport rules (Origin, operation kinds).
func TestLivePermissions(t *testing.T) {
	le := newLiveEnv(t, stgypub.CommentsModerated, api.LiveLimits{}, nil)
	draft := le.post2(t)
	owner := map[string]any{"u": le.owner.ID.String()}
	cases := []struct {
		name   string
		as     liveAs
		query  string
		vars   map[string]any
		status int
		code   string
	}{
		{"anonymous notifications", liveAs{}, notificationQ, nil, 200, stgypub.CodeUnauthenticated},
		{"anonymous views", liveAs{}, viewsTodayQ, owner, 200, stgypub.CodeUnauthenticated},
		{"other user's views", liveAs{login: "other"}, viewsTodayQ, owner, 200, stgypub.CodeForbidden},
		{"reader on a draft", liveAs{}, commentAddedQ, map[string]any{"p": draft.String()}, 200, stgypub.CodeNotFound},
		{"other user on a draft", liveAs{bearer: "other", origin: "-"}, commentAddedQ, map[string]any{"p": draft.String()}, 200, stgypub.CodeNotFound},
		{"unknown post", liveAs{}, commentAddedQ, map[string]any{"p": "00000000000012ab"}, 200, stgypub.CodeNotFound},
		{"bad ID", liveAs{}, commentAddedQ, map[string]any{"p": "x!"}, 200, stgypub.CodeBadUserInput},
		{"a query", liveAs{}, `{ captchaStatus { hasPass } }`, nil, 200, stgypub.CodeBadRequest},
		{"cookie without Origin", liveAs{login: "owner", origin: "-"}, notificationQ, nil, 403, stgypub.CodeForbidden},
		// A foreign Origin's cookie is not read: the viewer is anonymous.
		{"cookie from a foreign Origin", liveAs{login: "owner", origin: "https://evil.example"}, notificationQ, nil, 200, stgypub.CodeUnauthenticated},
		{"bad bearer", liveAs{origin: "-"}, notificationQ, nil, 401, stgypub.CodeUnauthenticated},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			as := tc.as
			var s *stream
			if tc.name == "bad bearer" {
				le.tokens["nobody"] = "stgy_not-a-token"
				as.bearer = "nobody"
			}
			s = le.sse(t, 0, as, tc.query, tc.vars)
			if s.status != tc.status {
				t.Fatalf("status %d, want %d: %s", s.status, tc.status, s.body)
			}
			if tc.status != 200 {
				if !strings.Contains(s.body, tc.code) {
					t.Fatalf("body %s, want code %s", s.body, tc.code)
				}
				return
			}
			if m := s.next(t); m.code() != tc.code {
				t.Fatalf("got %+v, want code %s", m, tc.code)
			}
		})
	}
	t.Run("owner and admin on a draft", func(t *testing.T) {
		for _, as := range []liveAs{{login: "owner"}, {bearer: "admin", origin: "-"}} {
			s := le.sse(t, 0, as, commentAddedQ, map[string]any{"p": draft.String()})
			if s.status != 200 {
				t.Fatalf("%+v: %d %s", as, s.status, s.body)
			}
		}
		le.waitSubscribers(t, 2, 0)
	})
	// urql and others list text/event-stream beside JSON on every
	// request: only subscriptions go live then.
	t.Run("mixed Accept: a query stays plain, a subscription streams", func(t *testing.T) {
		const mixed = "application/graphql-response+json, application/graphql+json, application/json, text/event-stream, multipart/mixed"
		for _, tc := range []struct {
			query, wantType string
		}{
			{`{ captchaStatus { hasPass } }`, "application/graphql-response+json"},
			{commentAddedQ, "text/event-stream"},
		} {
			body, _ := json.Marshal(map[string]any{"query": tc.query, "variables": map[string]any{"p": le.post.ID.String()}})
			r, _ := http.NewRequest(http.MethodPost, le.srvs[0].URL+"/graphql", strings.NewReader(string(body)))
			r.Header.Set("Content-Type", "application/json")
			r.Header.Set("Accept", mixed)
			ctx, cancel := context.WithCancel(context.Background())
			res, err := http.DefaultClient.Do(r.WithContext(ctx))
			if err != nil {
				t.Fatal(err)
			}
			if ct := res.Header.Get("Content-Type"); res.StatusCode != 200 || !strings.HasPrefix(ct, tc.wantType) {
				t.Errorf("%s: %d %s, want %s", tc.query, res.StatusCode, ct, tc.wantType)
			}
			cancel()
			res.Body.Close()
		}
	})
	t.Run("subscription over plain POST", func(t *testing.T) {
		r := le.do(t, req{query: notificationQ})
		if r.status != http.StatusBadRequest || r.code() != stgypub.CodeBadRequest {
			t.Fatalf("got %d %s", r.status, r.raw)
		}
	})
	t.Run("WebSocket with a foreign Origin's cookie is anonymous", func(t *testing.T) {
		w, err := le.dialWS(t, 1, liveAs{login: "owner", origin: "https://evil.example"}, nil)
		if err != nil {
			t.Fatal(err)
		}
		if m := w.subscribe(t, "a", notificationQ, nil).next(t); m.code() != stgypub.CodeUnauthenticated {
			t.Fatalf("got %+v", m)
		}
	})
	// A GET (the upgrade) without Origin is read without its cookies,
	// as for queries.
	t.Run("WebSocket with a cookie and no Origin is anonymous", func(t *testing.T) {
		w, err := le.dialWS(t, 1, liveAs{login: "owner", origin: "-"}, nil)
		if err != nil {
			t.Fatal(err)
		}
		if m := w.subscribe(t, "a", notificationQ, nil).next(t); m.code() != stgypub.CodeUnauthenticated {
			t.Fatalf("got %+v", m)
		}
	})
	t.Run("WebSocket with a bad bearer token in connection_init is closed", func(t *testing.T) {
		if _, err := le.dialWS(t, 1, liveAs{}, map[string]any{"Authorization": "Bearer stgy_nope"}); err == nil {
			t.Fatal("connection acknowledged")
		}
	})
}

// post2 creates a draft of the owner.
func (le *liveEnv) post2(t *testing.T) stgypub.ID {
	t.Helper()
	return le.env.post(t, le.owner, "# Draft\n\nNot yet.", nil).ID
}

// TestLiveLimits: per-address connections (SSE and WebSocket alike) and
// per-connection subscriptions; a closed connection frees its place.
func TestLiveLimits(t *testing.T) {
	le := newLiveEnv(t, stgypub.CommentsOpen, api.LiveLimits{PerAddress: 2, PerConnection: 2}, nil)
	post := map[string]any{"p": le.post.ID.String()}
	a := le.sse(t, 0, liveAs{}, commentAddedQ, post)
	w, err := le.dialWS(t, 0, liveAs{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	third := le.sse(t, 0, liveAs{}, commentAddedQ, post)
	if third.status != http.StatusTooManyRequests || !strings.Contains(third.body, stgypub.CodeRateLimited) {
		t.Fatalf("third connection: %d %s", third.status, third.body)
	}
	if _, err := le.dialWS(t, 0, liveAs{}, nil); err == nil || !strings.Contains(err.Error(), "429") {
		t.Fatalf("third WebSocket: %v, want 429", err)
	}
	// The other server keeps its own count.
	if s := le.sse(t, 1, liveAs{}, commentAddedQ, post); s.status != 200 {
		t.Fatalf("server 1: %d %s", s.status, s.body)
	}
	w.subscribe(t, "1", commentAddedQ, post)
	s2 := w.subscribe(t, "2", commentAddedQ, post)
	le.waitSubscribers(t, 3, 1)
	if m := w.subscribe(t, "3", commentAddedQ, post).next(t); m.code() != stgypub.CodeRateLimited {
		t.Fatalf("third subscription on one socket: %+v", m)
	}
	s2.close()
	le.waitSubscribers(t, 2, 1)
	w.subscribe(t, "4", commentAddedQ, post)
	le.waitSubscribers(t, 3, 1)
	a.close()
	var again *stream
	waitFor(t, "a freed address slot", func() bool {
		again = le.sse(t, 0, liveAs{}, commentAddedQ, post)
		return again.status == 200
	})
	le.waitSubscribers(t, 3, 1)
}
