package server_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"encoding/pem"
	"fmt"
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
	"github.com/stgy/stgypub/comment"
	"github.com/stgy/stgypub/federation"
	"github.com/stgy/stgypub/server"
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
	// collections
	OutboxType, PageType, FollowersType string
	OutboxTotal                         int
	FollowersTotal                      *int
	Items                               []string
	// waiting-for-post, reply-sent
	N         int
	InReplyTo string
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
	return l.waitN(t, name, 1, deadline)
}

// waitN is wait for the nth event named name (from 1).
func (l *peerLog) waitN(t *testing.T, name string, nth int, deadline time.Time) peerEvent {
	t.Helper()
	for {
		l.mu.Lock()
		seen := 0
		for _, e := range l.events {
			if e.Event == "error" {
				l.mu.Unlock()
				t.Fatalf("peer failed at %s: %s", e.Step, e.Message)
			}
			if e.Event == name {
				if seen++; seen == nth {
					l.mu.Unlock()
					return e
				}
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
			t.Fatalf("no %q (number %d) from the peer before the deadline", name, nth)
		}
	}
}

// snapshot returns every event so far.
func (l *peerLog) snapshot() []peerEvent {
	l.mu.Lock()
	defer l.mu.Unlock()
	return append([]peerEvent(nil), l.events...)
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
// implementation (docs/FEDERATION.md "Interop"):
// federation/interop/peer.mjs, a Fedify server on loopback, talks to the
// server's own routes (content negotiation included) served over TLS. It
// looks the site up by its handle (WebFinger, then the actor document),
// follows it and gets an Accept that Fedify's inbox verifies against the
// site's published key, receives the Create of an Article when a post is
// published (also verified by Fedify, tags included), and replies with a
// public Create of a Note, which the site's inbox verifies (Fedify's
// signature) and turns into a comment; the last two steps twice, the
// site's comments moderated (the comment pending), then open (published). Then the last post is edited and
// deleted: Fedify verifies and reads the Update and the Delete
// (Tombstone). Last, federation is turned off: the actor's Delete
// reaches the peer, verified with the key Fedify cached. It also reads
// the outbox's first page and the followers collection. TLS (httptest's
// certificate, trusted by Node through NODE_EXTRA_CA_CERTS) because
// Fedify looks handles up over https only.
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
	peerDir := filepath.Join("..", "federation", "interop")
	if _, err := exec.LookPath("node"); err != nil {
		skip("node is not installed (the Fedify peer needs Node 20)")
	}
	if _, err := os.Stat(filepath.Join(peerDir, "node_modules", "@fedify", "fedify", "package.json")); err != nil {
		skip("federation/interop/node_modules is missing: run `npm ci --prefix federation/interop` (scripts/fedify-interop.sh does)")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	deadline := time.Now().Add(75 * time.Second)

	// The site, over TLS on loopback, on the real clock (signatures carry
	// dates), with a delivery worker polling every 100 ms.
	e := newEnv(t)
	e.st.Now = time.Now
	var handler http.Handler = http.NotFoundHandler()
	ts := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { handler.ServeHTTP(w, r) }))
	t.Cleanup(ts.Close)
	base, _ := url.Parse(ts.URL)
	alice := e.user(0, "Alice", "Alice A.")
	e.post(0, alice, "# First\n\nBefore the follow.", "en", ptrTime(time.Now().Add(-time.Hour)))
	c := stgypub.DefaultPubConfig(alice)
	c.SiteName = "Alice's notes"
	c.Extensions, _ = stgypub.ParseExtensions(`{"federation":{"enabled":true},"comments":{"mode":"moderated"}}`)
	e.config(c)
	var logs syncBuffer
	fed, err := federation.New(federation.Config{BaseURL: base, Key: bytes.Repeat([]byte{9}, federation.KeySize),
		Logger: slog.New(slog.NewTextHandler(&logs, nil)), Comments: comment.New(e.st.Comments, nil, nil, comment.Config{})}, federation.Stores{Users: e.st.Users, Posts: e.st.Posts, Federation: e.st.Federation}, webhook.NewClient(webhook.ClientConfig{AllowLoopback: true}))
	if err != nil {
		t.Fatal(err)
	}
	d := server.Deps{Views: e.views, Ranker: e.views, Counts: e.views, Pages: e.pages, Federation: fed}
	d.Posts, d.Users, d.Configs = e.st.Posts, e.st.Users, e.st.Users
	srv, err := server.New(server.Config{BaseURL: base, ViewSecret: []byte("test-secret")}, d)
	if err != nil {
		t.Fatal(err)
	}
	handler = srv
	workerCtx, stopWorker := context.WithCancel(ctx)
	workerDone := make(chan struct{})
	go func() { defer close(workerDone); fed.Run(workerCtx, 100*time.Millisecond, 2) }()
	defer func() { stopWorker(); <-workerDone }()

	// The peer.
	caFile := filepath.Join(t.TempDir(), "site-ca.pem")
	if err := os.WriteFile(caFile, pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: ts.Certificate().Raw}), 0o600); err != nil {
		t.Fatal(err)
	}
	handle := "@Alice@" + base.Host
	cmd := exec.CommandContext(ctx, "node", "peer.mjs", handle)
	cmd.Dir = peerDir
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
	waited := false
	t.Cleanup(func() {
		if !waited {
			_ = cmd.Process.Kill()
			<-readDone
			_ = cmd.Wait()
		}
		if testing.Verbose() {
			var lines []string
			for _, ev := range log.snapshot() {
				if ev.Event != "http" {
					lines = append(lines, ev.Raw)
				}
			}
			t.Logf("peer events:\n%s", strings.Join(lines, "\n"))
		}
		if t.Failed() {
			var lines []string
			for _, ev := range log.all("http") {
				lines = append(lines, ev.Raw)
			}
			t.Logf("peer HTTP exchanges:\n%s\npeer stderr:\n%s\nsite log:\n%s", strings.Join(lines, "\n"), stderr.String(), logs.String())
		}
	})
	actorID := fed.ActorID(alice)
	peerActor := log.wait(t, "listening", deadline).Actor

	// 1. WebFinger by handle, then the actor document (content
	// negotiation on /sites/{userId} with Fedify's Accept).
	lk := log.wait(t, "lookup", deadline)
	if lk.ID != actorID || lk.Type != "Person" || lk.PreferredUsername != "Alice" || lk.Name != "Alice's notes" ||
		lk.Inbox != actorID+"/inbox" || lk.Outbox != actorID+"/outbox" || lk.Followers != actorID+"/followers" ||
		lk.KeyID != actorID+"#main-key" || lk.KeyOwner != actorID || lk.KeyAlgorithm != "RSASSA-PKCS1-v1_5" {
		t.Fatalf("Fedify's view of the site's actor: %s", lk.Raw)
	}
	if !hasExchange(log, "out", "GET", ts.URL+"/.well-known/webfinger?resource=acct%3AAlice%40"+url.QueryEscape(base.Host), 200) {
		t.Errorf("no WebFinger request by handle answered 200 among %v", log.all("http"))
	}

	// The outbox's first page and the followers collection, as Fedify
	// reads them (before the follow: one post, no follower).
	co := log.wait(t, "collections", deadline)
	if co.OutboxType != "OrderedCollection" || co.OutboxTotal != 1 || co.PageType != "OrderedCollectionPage" ||
		len(co.Items) != 1 || co.Items[0] != "Create Article First" || co.FollowersType != "OrderedCollection" || co.FollowersTotal == nil || *co.FollowersTotal != 0 {
		t.Fatalf("collections as Fedify read them: %s", co.Raw)
	}

	// 2. Follow: stored on our side; the Accept passes Fedify's signature check.
	log.wait(t, "follow-sent", deadline)
	if !hasExchange(log, "out", "POST", actorID+"/inbox", http.StatusAccepted) {
		t.Errorf("the Follow was not answered 202: %v", log.all("http"))
	}
	followers, err := e.st.Federation.Followers(ctx, alice)
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

	// 3 and 4, twice: a post published now reaches the peer as a
	// verified Create, and the peer's reply, signed by Fedify, is
	// verified by our inbox. The first in moderated mode, the second in
	// open mode.
	var last stgypub.ID
	for n, mode := range []string{"moderated", "open"} {
		n++
		c.Extensions, _ = stgypub.ParseExtensions(`{"federation":{"enabled":true},"comments":{"mode":"` + mode + `"}}`)
		e.config(c)
		if w := log.waitN(t, "waiting-for-post", n, deadline); w.N != n {
			t.Fatalf("waiting: %s", w.Raw)
		}
		title := fmt.Sprintf("Hello, fediverse %d", n)
		post := e.post(0, alice, "# "+title+"\n\nA post for **Fedify**.", "en", nil)
		p, err := e.st.Posts.Post(ctx, post)
		if err != nil {
			t.Fatal(err)
		}
		p.Tags = []string{"fedify"}
		if err := e.st.Posts.UpdatePost(ctx, p); err != nil {
			t.Fatal(err)
		}
		if err := e.st.Posts.SetPublication(ctx, post, ptrTime(time.Now())); err != nil {
			t.Fatal(err)
		}
		last = post
		cr := log.waitN(t, "create", n, deadline)
		if cr.Actor != actorID || cr.ObjectType != "Article" || cr.ObjectID != fed.PostURL(post) || cr.Name != title ||
			!strings.Contains(cr.Content, "<strong>Fedify</strong>") || cr.AttributedTo != actorID || cr.URL != fed.PostURL(post) || cr.Published == "" ||
			cr.Summary != "A post for Fedify." || len(cr.Tags) != 1 || cr.Tags[0] != "Hashtag #fedify "+actorID+"?tag=fedify" {
			t.Fatalf("Create %d as Fedify read it: %s", n, cr.Raw)
		}
		rp := log.waitN(t, "reply-sent", n, deadline)
		if rp.ID != fmt.Sprintf("%s/notes/reply-%d", peerActor, n) || rp.InReplyTo != fed.PostURL(post) {
			t.Fatalf("reply %d: %s", n, rp.Raw)
		}
		// The reply's POST was answered 202 (the peer fails the run on
		// a refusal), and it is a comment of the post: pending while
		// comments are moderated, published when open.
		want := map[string]stgypub.CommentStatus{"moderated": stgypub.CommentPending, "open": stgypub.CommentPublished}[mode]
		wantBody := fmt.Sprintf("Reply %d from Fedify & the fediverse! https://fedify.dev/\n\n— %s\n", n, peerActor)
		cs, err := e.st.Comments.ExportComments(ctx, post)
		if err != nil || len(cs) != 1 || cs[0].Status != want || cs[0].Nickname != "Fedify peer" || cs[0].Body != wantBody {
			var got []stgypub.Comment
			for _, c := range cs {
				got = append(got, *c)
			}
			t.Fatalf("comments of post %d (%s) = %+v, %v; want one %s from the peer: %q", n, mode, got, err, want, wantBody)
		}
	}
	// 5. The last post edited, then deleted: an Update and a Delete of
	// its Tombstone, both verified by Fedify.
	log.wait(t, "waiting-for-edit", deadline)
	p, err := e.st.Posts.Post(ctx, last)
	if err != nil {
		t.Fatal(err)
	}
	p.Content = "# Hello, fediverse 2\n\nEdited for **Fedify**."
	if err := e.st.Posts.UpdatePost(ctx, p); err != nil {
		t.Fatal(err)
	}
	if up := log.wait(t, "update", deadline); up.Actor != actorID || up.ObjectType != "Article" || up.ObjectID != fed.PostURL(last) ||
		!strings.Contains(up.Content, "Edited for <strong>Fedify</strong>") {
		t.Fatalf("Update as Fedify read it: %s", up.Raw)
	}
	if err := e.st.Posts.DeletePost(ctx, last); err != nil {
		t.Fatal(err)
	}
	if del := log.wait(t, "delete", deadline); del.Actor != actorID || del.ObjectType != "Tombstone" || del.ObjectID != fed.PostURL(last) {
		t.Fatalf("Delete as Fedify read it: %s", del.Raw)
	}
	// 6. Federation turned off: the follower is removed and the actor's
	// Delete reaches the peer, verified by Fedify with the key it cached
	// (the actor document is 404 from now on).
	log.wait(t, "waiting-for-actor-delete", deadline)
	beforeOff := len(log.all("http"))
	c.Extensions, _ = stgypub.ParseExtensions(`{"federation":{"enabled":false},"comments":{"mode":"open"}}`)
	e.config(c)
	if n, err := e.st.Federation.CountFollowers(ctx, alice); err != nil || n != 0 {
		t.Fatalf("followers after turning federation off: %d, %v", n, err)
	}
	if del := log.waitN(t, "delete", 2, deadline); del.Actor != actorID || del.ObjectID != actorID || del.ObjectType != "" {
		t.Fatalf("the actor's Delete as Fedify read it: %s", del.Raw)
	}
	log.wait(t, "done", deadline)
	<-readDone
	waited = true
	if err := cmd.Wait(); err != nil {
		t.Fatalf("peer: %v", err)
	}
	var inboxPosts int
	for i, ev := range log.all("http") {
		if ev.Direction == "out" && ev.Method == "POST" && ev.URL == actorID+"/inbox" {
			inboxPosts++
		}
		if ev.Direction == "in" && ev.Method == "POST" && ev.Status != http.StatusAccepted {
			t.Errorf("Fedify refused a delivery of ours: %s", ev.Raw)
		}
		// Once federation is off the peer's fetch of the Delete's
		// object, the actor, is 404 as it should be.
		if ev.Direction == "out" && ev.Status >= 400 && !(i >= beforeOff && ev.Method == "GET" && ev.URL == actorID && ev.Status == http.StatusNotFound) {
			t.Errorf("we refused a request of Fedify's: %s", ev.Raw)
		}
		if ev.Signature == "rfc9421" {
			t.Errorf("an RFC 9421 signature (Fedify 1.5 signs draft-cavage only; see docs/FEDERATION.md): %s", ev.Raw)
		}
	}
	if inboxPosts != 3 { // the Follow and two replies, each answered 202 at the first knock
		t.Errorf("%d POSTs to the site's inbox, want 3 (Follow, two replies)", inboxPosts)
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
