package api_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/coder/websocket/wsjson"
	"github.com/redis/go-redis/v9"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/auth"
	"github.com/stgy/stgypub/comment"
	"github.com/stgy/stgypub/counter"
	"github.com/stgy/stgypub/graph"
	"github.com/stgy/stgypub/live"
	"github.com/stgy/stgypub/server/api"
)

// liveEnv is a commentEnv served by two app servers on one database and
// one Redis, each with its own live.Hub listening on the events channel
// (as two processes would), over real HTTP (httptest.Server).
type liveEnv struct {
	*commentEnv
	hubs     [2]*live.Hub
	srvs     [2]*httptest.Server
	counters [2]*counter.Counter // each server's, announcing its batches
	// tokens are API (bearer) tokens of owner, other and admin.
	tokens map[string]string
}

// newLiveEnv starts the two servers; hubRedis carries the events (nil:
// the env's Redis) and limits bound each server's live transports.
func newLiveEnv(t *testing.T, mode string, limits api.LiveLimits, hubRedis redis.UniversalClient) *liveEnv {
	t.Helper()
	ce := newCommentEnv(t, mode, func(c *apiConfig) { c.Live = limits })
	if hubRedis == nil {
		hubRedis = ce.rdb
	}
	le := &liveEnv{commentEnv: ce, tokens: map[string]string{}}
	for login, u := range map[string]stgypub.ID{"owner": ce.owner.ID, "other": ce.other.ID, "admin": ce.admin.ID} {
		_, tok, err := ce.deps.Auth.CreateAPIToken(context.Background(), u, "live")
		if err != nil {
			t.Fatal(err)
		}
		le.tokens[login] = tok
	}
	old := ce.deps.Resolver
	for i := range le.hubs {
		hub := live.New(hubRedis, ce.cfg.RedisPrefix, nil)
		le.hubs[i] = hub
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan struct{})
		go func() { defer close(done); hub.Listen(ctx) }()
		t.Cleanup(func() { cancel(); <-done })
		cache := comment.NewPublicCache(ce.rdb, ce.cfg.RedisPrefix, nil)
		ctr := counter.New(ce.rdb, ce.st.Checkpoints, counter.Config{Prefix: ce.cfg.RedisPrefix, Recorded: hub.ViewsRecorded})
		t.Cleanup(ctr.Wait)
		le.counters[i] = ctr
		deps := ce.deps
		deps.Resolver = &graph.Resolver{
			Posts: old.Posts, Users: old.Users, Configs: old.Configs, Counter: ctr,
			Owner: old.Owner, Titles: old.Titles, Auth: old.Auth, ViewSecret: old.ViewSecret, Captcha: old.Captcha,
			Comments: comment.New(ce.st.Comments, ce.gate, cache, comment.Config{SecureCookie: true, Events: hub}),
			Live:     hub, Insight: ctr,
		}
		h := api.New(ce.cfg, deps)
		if i == 0 {
			ce.h = h // posts and approvals of the test go through server 0
		}
		le.srvs[i] = httptest.NewServer(h)
		t.Cleanup(le.srvs[i].Close)
	}
	waitFor(t, "hubs subscribed", func() bool { return le.hubs[0].Listening() && le.hubs[1].Listening() })
	return le
}

// waitFor polls cond (real time, at most 10 s).
func waitFor(t testing.TB, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(2 * time.Millisecond)
	}
}

// waitSubscribers waits until the hubs hold n0 and n1 subscriptions.
func (le *liveEnv) waitSubscribers(t testing.TB, n0, n1 int) {
	t.Helper()
	waitFor(t, "subscribers", func() bool { return le.hubs[0].Subscribers() == n0 && le.hubs[1].Subscribers() == n1 })
}

// liveAs is how a live client authenticates: a login's cookie (with the
// allowed Origin unless origin says otherwise), a bearer token, or
// nothing.
type liveAs struct {
	login, bearer string
	origin        string // "" the allowed one, "-" none
}

func (a liveAs) header(e *liveEnv) http.Header {
	h := http.Header{}
	switch a.origin {
	case "":
		h.Set("Origin", baseURL)
	case "-":
	default:
		h.Set("Origin", a.origin)
	}
	if a.login != "" {
		h.Set("Cookie", (&http.Cookie{Name: auth.CookieName, Value: e.cookies[a.login]}).String())
	}
	if a.bearer != "" {
		h.Set("Authorization", "Bearer "+e.tokens[a.bearer])
	}
	return h
}

// liveMsg is one payload of a stream: data and errors of one event.
type liveMsg struct {
	Data   map[string]json.RawMessage `json:"data"`
	Errors []struct {
		Message    string         `json:"message"`
		Extensions map[string]any `json:"extensions"`
	} `json:"errors"`
}

func (m liveMsg) code() string {
	if len(m.Errors) == 0 {
		return ""
	}
	c, _ := m.Errors[0].Extensions["code"].(string)
	return c
}

// stream is an open subscription: its events arrive on msgs, closed at
// the end of the stream; close ends it.
type stream struct {
	status int
	body   string // the refusal's body when status is not 200
	msgs   chan liveMsg
	close  func()
}

// next returns the stream's next event (at most 10 s).
func (s *stream) next(t testing.TB) liveMsg {
	t.Helper()
	select {
	case m, ok := <-s.msgs:
		if !ok {
			t.Fatal("stream ended")
		}
		return m
	case <-time.After(10 * time.Second):
		t.Fatal("no event in 10 s")
	}
	return liveMsg{}
}

// sse opens a graphql-sse subscription on server i.
func (le *liveEnv) sse(t testing.TB, i int, as liveAs, query string, vars map[string]any) *stream {
	t.Helper()
	body, _ := json.Marshal(map[string]any{"query": query, "variables": vars})
	ctx, cancel := context.WithCancel(context.Background())
	r, _ := http.NewRequestWithContext(ctx, http.MethodPost, le.srvs[i].URL+"/graphql", bytes.NewReader(body))
	r.Header = as.header(le)
	r.Header.Set("Content-Type", "application/json")
	r.Header.Set("Accept", "text/event-stream")
	res, err := http.DefaultClient.Do(r)
	if err != nil {
		cancel()
		t.Fatal(err)
	}
	s := &stream{status: res.StatusCode, msgs: make(chan liveMsg, 16)}
	var once sync.Once
	s.close = func() { once.Do(func() { cancel(); res.Body.Close() }) }
	t.Cleanup(s.close)
	if res.StatusCode != http.StatusOK || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/event-stream") {
		var b bytes.Buffer
		_, _ = b.ReadFrom(res.Body)
		s.body = b.String()
		s.close()
		close(s.msgs)
		return s
	}
	go func() {
		defer close(s.msgs)
		sc := bufio.NewScanner(res.Body)
		sc.Buffer(make([]byte, 64<<10), 1<<20)
		for sc.Scan() {
			line := sc.Text()
			if data, ok := strings.CutPrefix(line, "data: "); ok {
				var m liveMsg
				if json.Unmarshal([]byte(data), &m) == nil {
					s.msgs <- m
				}
			}
		}
	}()
	return s
}

// ws is one graphql-transport-ws connection to a server.
type ws struct {
	c     *websocket.Conn
	mu    sync.Mutex
	subs  map[string]chan liveMsg
	pings atomic.Int64 // graphql-transport-ws pings received (answered)
}

// dialWS opens a graphql-transport-ws connection on server i and sends
// connection_init with payload; it returns the connection once
// acknowledged, or nil and the close error.
func (le *liveEnv) dialWS(t testing.TB, i int, as liveAs, payload map[string]any) (*ws, error) {
	t.Helper()
	url := "ws" + strings.TrimPrefix(le.srvs[i].URL, "http") + "/graphql"
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	c, _, err := websocket.Dial(ctx, url, &websocket.DialOptions{HTTPHeader: as.header(le), Subprotocols: []string{"graphql-transport-ws"}})
	if err != nil {
		return nil, err
	}
	t.Cleanup(func() { c.CloseNow() })
	if err := wsjson.Write(ctx, c, map[string]any{"type": "connection_init", "payload": payload}); err != nil {
		return nil, err
	}
	var ack struct{ Type string }
	if err := wsjson.Read(ctx, c, &ack); err != nil {
		return nil, err
	}
	if ack.Type != "connection_ack" {
		t.Fatalf("got %q, want connection_ack", ack.Type)
	}
	w := &ws{c: c, subs: map[string]chan liveMsg{}}
	go w.read()
	return w, nil
}

func (w *ws) read() {
	defer func() {
		w.mu.Lock()
		for id, ch := range w.subs {
			close(ch)
			delete(w.subs, id)
		}
		w.mu.Unlock()
	}()
	for {
		var m struct {
			ID      string          `json:"id"`
			Type    string          `json:"type"`
			Payload json.RawMessage `json:"payload"`
		}
		if err := wsjson.Read(context.Background(), w.c, &m); err != nil {
			return
		}
		w.mu.Lock()
		ch := w.subs[m.ID]
		w.mu.Unlock()
		switch m.Type {
		case "ping":
			w.pings.Add(1)
			_ = wsjson.Write(context.Background(), w.c, map[string]any{"type": "pong"})
		case "next":
			var lm liveMsg
			_ = json.Unmarshal(m.Payload, &lm)
			if ch != nil {
				ch <- lm
			}
		case "error":
			var lm liveMsg
			_ = json.Unmarshal(m.Payload, &lm.Errors)
			if ch != nil {
				ch <- lm
			}
		case "complete":
			w.mu.Lock()
			if ch != nil {
				close(ch)
				delete(w.subs, m.ID)
			}
			w.mu.Unlock()
		}
	}
}

// subscribe starts operation id on the connection.
func (w *ws) subscribe(t testing.TB, id, query string, vars map[string]any) *stream {
	t.Helper()
	ch := make(chan liveMsg, 16)
	w.mu.Lock()
	w.subs[id] = ch
	w.mu.Unlock()
	err := wsjson.Write(context.Background(), w.c, map[string]any{"id": id, "type": "subscribe", "payload": map[string]any{"query": query, "variables": vars}})
	if err != nil {
		t.Fatal(err)
	}
	return &stream{status: http.StatusOK, msgs: ch, close: func() {
		_ = wsjson.Write(context.Background(), w.c, map[string]any{"id": id, "type": "complete"})
	}}
}
