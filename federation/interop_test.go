package federation_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"encoding/pem"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/federation"
	"github.com/stgy/stgypub/markdown"
	"github.com/stgy/stgypub/store/storetest"
	"github.com/stgy/stgypub/webhook"
)

// peerEvent is one JSON line of federation/interop/peer.mjs.
type peerEvent struct {
	Event string `json:"event"`
	// lookup
	ID, Type, PreferredUsername, Name, Inbox, Outbox, Followers, KeyID, KeyOwner, KeyAlgorithm string
	// accept, create
	Actor, Object, ObjectType, ObjectActor, ObjectID, Content, Summary, URL, AttributedTo, Published string
	Tags                                                                                             []string // "type name href"
	// http
	Direction, Method, Signature, ContentType, Body string
	Status                                          int
	// error
	Step, Message string
	Raw           string `json:"-"`
}

// peerLog collects the peer's events as they arrive.
type peerLog struct {
	mu     sync.Mutex
	events []peerEvent
	ended  bool
	more   chan struct{} // signalled on every event and at the end
}

func (l *peerLog) add(e peerEvent) {
	l.mu.Lock()
	l.events = append(l.events, e)
	l.mu.Unlock()
	select {
	case l.more <- struct{}{}:
	default:
	}
}

// wait returns the first event named name, failing the test when the
// peer reports an error, ends without it, or deadline passes.
func (l *peerLog) wait(t *testing.T, name string, deadline time.Time) peerEvent {
	t.Helper()
	for {
		l.mu.Lock()
		for _, e := range l.events {
			if e.Event == "error" {
				l.mu.Unlock()
				t.Fatalf("peer failed at %s: %s", e.Step, e.Message)
			}
			if e.Event == name {
				l.mu.Unlock()
				return e
			}
		}
		ended := l.ended
		l.mu.Unlock()
		if ended {
			t.Fatalf("peer ended without %q", name)
		}
		select {
		case <-l.more:
		case <-time.After(time.Until(deadline)):
			t.Fatalf("no %q from the peer before the deadline", name)
		}
	}
}

func (l *peerLog) all(name string) []peerEvent {
	l.mu.Lock()
	defer l.mu.Unlock()
	var out []peerEvent
	for _, e := range l.events {
		if e.Event == name {
			out = append(out, e)
		}
	}
	return out
}

// syncBuffer is a bytes.Buffer safe for the logger and the test.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// TestFedifyInterop is the interop check with an independent ActivityPub
// implementation (docs/FEDERATION.md "Tests"): federation/interop/peer.mjs,
// a Fedify server on loopback, looks the site up by its handle
// (WebFinger over https, then the actor document), follows it and gets
// an Accept that Fedify's inbox verifies against the site's published
// key, receives the Create of an Article when a post is published (also
// verified by Fedify), and replies with a Create of a Note, which the
// site's inbox verifies (Fedify's signature) and answers 202. The site is
// served over TLS (httptest's certificate, trusted by Node through
// NODE_EXTRA_CA_CERTS) because Fedify looks handles up over https.
//
// It needs node and the peer's packages (npm ci --prefix
// federation/interop); without them it is skipped, saying so, unless
// STGY_TEST_FEDIFY=1 (scripts/fedify-interop.sh, the interop suite of
// scripts/test.sh, which installs them first), where their absence fails
// it.
func TestFedifyInterop(t *testing.T) {
	skip := t.Skip
	if os.Getenv("STGY_TEST_FEDIFY") == "1" {
		skip = t.Fatal
	}
	if _, err := exec.LookPath("node"); err != nil {
		skip("node is not installed (the Fedify peer needs Node 20)")
	}
	if _, err := os.Stat(filepath.Join("interop", "node_modules", "@fedify", "fedify", "package.json")); err != nil {
		skip("federation/interop/node_modules is missing: run `npm ci --prefix federation/interop` (scripts/fedify-interop.sh does)")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	deadline := time.Now().Add(75 * time.Second)

	// The site, over TLS on loopback, with the routes of the federation
	// tests and a delivery worker polling every 100 ms.
	e := &env{t: t, st: storetest.New(t)}
	e.st.Now = e.clock
	var handler http.Handler = http.NotFoundHandler()
	e.local = httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { handler.ServeHTTP(w, r) }))
	t.Cleanup(e.local.Close)
	base, _ := url.Parse(e.local.URL)
	var logs syncBuffer
	svc, err := federation.New(federation.Config{BaseURL: base, Key: bytes.Repeat([]byte{9}, federation.KeySize), Now: e.clock,
		Logger: slog.New(slog.NewTextHandler(&logs, nil))}, e.st, webhook.NewClient(webhook.ClientConfig{AllowLoopback: true}))
	if err != nil {
		t.Fatal(err)
	}
	e.svc = svc
	handler = siteMux(svc)
	u := &stgypub.User{LoginName: "Alice", Nickname: "Alice A."}
	if err := e.st.CreateUser(ctx, u); err != nil {
		t.Fatal(err)
	}
	e.site = u.ID
	first := time.Now().Add(-time.Hour)
	if err := e.st.CreatePost(ctx, &stgypub.Post{OwnedBy: u.ID, PublishedAt: &first, Snippet: `{"title":"First"}`, Content: "# First\n\nBefore the follow."}); err != nil {
		t.Fatal(err)
	}
	e.setFederation(true)
	workerCtx, stopWorker := context.WithCancel(ctx)
	workerDone := make(chan struct{})
	go func() { defer close(workerDone); svc.Run(workerCtx, 100*time.Millisecond, 2) }()
	defer func() { stopWorker(); <-workerDone }()

	// The peer.
	caFile := filepath.Join(t.TempDir(), "site-ca.pem")
	if err := os.WriteFile(caFile, pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: e.local.Certificate().Raw}), 0o600); err != nil {
		t.Fatal(err)
	}
	handle := "@Alice@" + base.Host
	cmd := exec.CommandContext(ctx, "node", "peer.mjs", handle)
	cmd.Dir = "interop"
	cmd.Env = append(os.Environ(), "NODE_EXTRA_CA_CERTS="+caFile, "PEER_TIMEOUT_MS=70000")
	var stderr syncBuffer
	cmd.Stderr = &stderr
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	log := &peerLog{more: make(chan struct{}, 1)}
	readDone := make(chan struct{})
	go func() {
		defer close(readDone)
		sc := bufio.NewScanner(stdout)
		sc.Buffer(make([]byte, 1<<20), 1<<20)
		for sc.Scan() {
			var ev peerEvent
			if json.Unmarshal(sc.Bytes(), &ev) != nil {
				ev = peerEvent{Event: "unparsed"}
			}
			ev.Raw = sc.Text()
			log.add(ev)
		}
		log.mu.Lock()
		log.ended = true
		log.mu.Unlock()
		log.add(peerEvent{Event: "end"})
	}()
	t.Cleanup(func() {
		if cmd.ProcessState == nil {
			_ = cmd.Process.Kill()
			<-readDone
			_ = cmd.Wait()
		}
		if t.Failed() {
			var lines []string
			for _, ev := range log.all("http") {
				lines = append(lines, ev.Raw)
			}
			t.Logf("peer HTTP exchanges:\n%s\npeer stderr:\n%s\nsite log:\n%s", strings.Join(lines, "\n"), stderr.String(), logs.String())
		}
	})
	actorID := e.actorID()
	peerActor := log.wait(t, "listening", deadline).Actor

	// 1. WebFinger by handle, then the actor document, as Fedify reads them.
	lk := log.wait(t, "lookup", deadline)
	if lk.ID != actorID || lk.Type != "Person" || lk.PreferredUsername != "Alice" || lk.Name != "Alice's notes" ||
		lk.Inbox != actorID+"/inbox" || lk.Outbox != actorID+"/outbox" || lk.Followers != actorID+"/followers" ||
		lk.KeyID != actorID+"#main-key" || lk.KeyOwner != actorID || lk.KeyAlgorithm != "RSASSA-PKCS1-v1_5" {
		t.Fatalf("Fedify's view of the site's actor: %s", lk.Raw)
	}
	if !hasExchange(log, "out", "GET", e.local.URL+"/.well-known/webfinger?resource=acct%3AAlice%40"+url.QueryEscape(base.Host), 200) {
		t.Errorf("no WebFinger request by handle answered 200 among %v", log.all("http"))
	}

	// 2. Follow: stored on our side; the Accept passes Fedify's signature check.
	log.wait(t, "follow-sent", deadline)
	if !hasExchange(log, "out", "POST", actorID+"/inbox", http.StatusAccepted) {
		t.Errorf("the Follow was not answered 202: %v", log.all("http"))
	}
	followers, err := e.st.Followers(ctx, e.site)
	if err != nil || len(followers) != 1 || followers[0].Actor != peerActor || followers[0].Inbox != peerActor+"/inbox" ||
		followers[0].FollowID != peerActor+"/follows/1" {
		t.Fatalf("followers = %+v, %v; want the peer %s", followers, err, peerActor)
	}
	acc := log.wait(t, "accept", deadline)
	if acc.Actor != actorID || acc.Object != peerActor+"/follows/1" || acc.ObjectType != "Follow" || acc.ObjectActor != peerActor {
		t.Fatalf("Accept as Fedify read it: %s", acc.Raw)
	}
	if !hasExchange(log, "in", "POST", peerActor+"/inbox", http.StatusAccepted) {
		t.Errorf("the Accept was not answered 202 by Fedify's inbox: %v", log.all("http"))
	}

	// 3. A post published now reaches the peer as a verified Create.
	log.wait(t, "waiting-for-post", deadline)
	now := time.Now()
	content := "# Hello, fediverse\n\nA post for **Fedify**."
	post := &stgypub.Post{OwnedBy: u.ID, PublishedAt: &now, Snippet: markdown.Convert(content, markdown.Options{}).Snippet, Content: content, Tags: []string{"fedify"}}
	if err := e.st.CreatePost(ctx, post); err != nil {
		t.Fatal(err)
	}
	cr := log.wait(t, "create", deadline)
	if cr.Actor != actorID || cr.ObjectType != "Article" || cr.ObjectID != svc.PostURL(post.ID) || cr.Name != "Hello, fediverse" ||
		!strings.Contains(cr.Content, "<strong>Fedify</strong>") || cr.AttributedTo != actorID || cr.URL != svc.PostURL(post.ID) || cr.Published == "" ||
		cr.Summary != "A post for Fedify." || len(cr.Tags) != 1 || cr.Tags[0] != "Hashtag #fedify "+actorID+"?tag=fedify" {
		t.Fatalf("Create as Fedify read it: %s", cr.Raw)
	}

	// 4. The reply, signed by Fedify, verified by our inbox.
	rp := log.wait(t, "reply-sent", deadline)
	if rp.ID != peerActor+"/notes/reply-1" {
		t.Fatalf("reply: %s", rp.Raw)
	}
	if !hasExchange(log, "out", "POST", actorID+"/inbox", http.StatusAccepted) {
		t.Errorf("the reply was not answered 202: %v", log.all("http"))
	}
	log.wait(t, "done", deadline)
	<-readDone
	if err := cmd.Wait(); err != nil {
		t.Fatalf("peer: %v", err)
	}

	// Every request the peer signed used draft-cavage (Fedify 1.5 signs
	// nothing else) and none of ours was refused.
	for _, ev := range log.all("http") {
		if ev.Direction == "in" && ev.Method == "POST" && ev.Status != http.StatusAccepted {
			t.Errorf("Fedify refused a delivery of ours: %s", ev.Raw)
		}
		if ev.Direction == "out" && ev.Status >= 400 {
			t.Errorf("we refused a request of Fedify's: %s", ev.Raw)
		}
	}
}

// hasExchange reports whether the peer logged an HTTP exchange of that
// direction, method and URL answered status.
func hasExchange(l *peerLog, direction, method, u string, status int) bool {
	for _, ev := range l.all("http") {
		if ev.Direction == direction && ev.Method == method && ev.URL == u && ev.Status == status {
			return true
		}
	}
	return false
}

// siteMux mounts the site's federation endpoints as server/routes.go
// does (content negotiation aside: GET /sites/{id} is always the actor).
func siteMux(svc *federation.Service) http.Handler {
	mux := http.NewServeMux()
	id := func(r *http.Request) stgypub.ID {
		v, _ := stgypub.ParseID(r.PathValue("id"))
		return v
	}
	mux.HandleFunc("GET /.well-known/webfinger", svc.ServeWebFinger)
	mux.HandleFunc("GET /.well-known/nodeinfo", svc.ServeNodeInfoLinks)
	mux.HandleFunc("GET /nodeinfo/2.1", svc.ServeNodeInfo)
	mux.HandleFunc("GET /sites/{id}", func(w http.ResponseWriter, r *http.Request) { svc.ServeActor(w, r, id(r)) })
	mux.HandleFunc("GET /sites/{id}/followers", func(w http.ResponseWriter, r *http.Request) { svc.ServeFollowers(w, r, id(r)) })
	mux.HandleFunc("GET /sites/{id}/outbox", func(w http.ResponseWriter, r *http.Request) { svc.ServeOutbox(w, r, id(r)) })
	mux.HandleFunc("POST /sites/{id}/inbox", func(w http.ResponseWriter, r *http.Request) { svc.ServeInbox(w, r, id(r)) })
	mux.HandleFunc("GET /pub/{id}", func(w http.ResponseWriter, r *http.Request) { svc.ServeArticle(w, r, id(r)) })
	return mux
}
