package federation_test

import (
	"bytes"
	"compress/gzip"
	"context"
	"crypto/rand"
	"crypto/rsa"
	"crypto/x509"
	"encoding/json"
	"encoding/pem"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/go-fed/httpsig"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/archive"
	"github.com/stgy/stgypub/federation"
	"github.com/stgy/stgypub/store"
	"github.com/stgy/stgypub/store/storetest"
	"github.com/stgy/stgypub/webhook"
)

// env is a federated site on a loopback server and a fake remote
// server (its own key pair, actor document and inbox), as Mastodon
// shapes them.
type env struct {
	t      *testing.T
	st     *store.Store
	svc    *federation.Service
	local  *httptest.Server
	remote *fakeRemote
	site   stgypub.ID
	mu     sync.Mutex
	ahead  time.Duration  // the clock's lead on time.Now
	pub    *rsa.PublicKey // the site's published key, once received fetched it
}

// clock is the store's and the federation's clock: time.Now plus ahead.
func (e *env) clock() time.Time {
	e.mu.Lock()
	defer e.mu.Unlock()
	return time.Now().Add(e.ahead)
}

func (e *env) advance(d time.Duration) {
	e.mu.Lock()
	e.ahead += d
	e.mu.Unlock()
}

type fakeRemote struct {
	srv   *httptest.Server
	mu    sync.Mutex
	key   *rsa.PrivateKey // the key its actor document publishes
	eve   *rsa.PrivateKey // the key of a second actor, /users/eve (no name, no url)
	gets  int             // fetches of its actor document
	inbox []*http.Request
	body  [][]byte
	got   chan struct{}
}

func (f *fakeRemote) actorURL() string { return f.srv.URL + "/users/bob" }

func newFakeRemote(t *testing.T) *fakeRemote {
	t.Helper()
	key, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		t.Fatal(err)
	}
	eve, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		t.Fatal(err)
	}
	f := &fakeRemote{key: key, eve: eve, got: make(chan struct{}, 16)}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /users/eve", func(w http.ResponseWriter, r *http.Request) {
		der, _ := x509.MarshalPKIXPublicKey(&eve.PublicKey)
		id := f.srv.URL + "/users/eve"
		w.Header().Set("Content-Type", "application/activity+json")
		_ = json.NewEncoder(w).Encode(map[string]any{
			"@context": []string{federation.ContextActivityStreams, "https://w3id.org/security/v1"},
			"id":       id, "type": "Person", "preferredUsername": "eve", "inbox": id + "/inbox",
			"publicKey": map[string]string{"id": id + "#main-key", "owner": id, "publicKeyPem": string(pem.EncodeToMemory(&pem.Block{Type: "PUBLIC KEY", Bytes: der}))},
		})
	})
	mux.HandleFunc("GET /users/bob", func(w http.ResponseWriter, r *http.Request) {
		f.mu.Lock()
		f.gets++
		der, _ := x509.MarshalPKIXPublicKey(&f.key.PublicKey)
		f.mu.Unlock()
		pubPEM := string(pem.EncodeToMemory(&pem.Block{Type: "PUBLIC KEY", Bytes: der}))
		w.Header().Set("Content-Type", "application/activity+json")
		_ = json.NewEncoder(w).Encode(map[string]any{
			"@context": []string{federation.ContextActivityStreams, "https://w3id.org/security/v1"},
			"id":       f.actorURL(), "type": "Person", "preferredUsername": "bob", "name": "Bob ☕ Builder",
			"url":       f.srv.URL + "/@bob",
			"inbox":     f.actorURL() + "/inbox",
			"endpoints": map[string]string{"sharedInbox": f.srv.URL + "/inbox"},
			"publicKey": map[string]string{"id": f.actorURL() + "#main-key", "owner": f.actorURL(), "publicKeyPem": pubPEM},
		})
	})
	deliver := func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		f.mu.Lock()
		f.inbox, f.body = append(f.inbox, r), append(f.body, b)
		f.mu.Unlock()
		w.WriteHeader(http.StatusAccepted)
		f.got <- struct{}{}
	}
	mux.HandleFunc("POST /users/bob/inbox", deliver)
	mux.HandleFunc("POST /inbox", deliver) // the shared inbox
	f.srv = httptest.NewServer(mux)
	t.Cleanup(f.srv.Close)
	return f
}

func newEnv(t *testing.T, enabled bool) *env { return newEnvWith(t, enabled, nil) }

// newEnvWith is newEnv with configure (nil: none) changing the
// federation's configuration before the service is built.
func newEnvWith(t *testing.T, enabled bool, configure func(*env, *federation.Config)) *env {
	t.Helper()
	ctx := context.Background()
	e := &env{t: t, st: storetest.New(t), remote: newFakeRemote(t)}
	e.st.Now = e.clock
	var handler http.Handler = http.NotFoundHandler()
	e.local = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { handler.ServeHTTP(w, r) }))
	t.Cleanup(e.local.Close)
	base, _ := url.Parse(e.local.URL)
	key := bytes.Repeat([]byte{7}, federation.KeySize)
	fcfg := federation.Config{BaseURL: base, Key: key, Now: e.clock}
	if configure != nil {
		configure(e, &fcfg)
	}
	svc, err := federation.New(fcfg, federation.Stores{Users: e.st.Users, Posts: e.st.Posts, Federation: e.st.Federation}, webhook.NewClient(webhook.ClientConfig{AllowLoopback: true}))
	if err != nil {
		t.Fatal(err)
	}
	e.svc = svc
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
	handler = mux

	u := &stgypub.User{LoginName: "Alice", Nickname: "Alice A."}
	if err := e.st.Users.CreateUser(ctx, u); err != nil {
		t.Fatal(err)
	}
	e.site = u.ID
	pub := time.Now().Add(-time.Hour)
	if err := e.st.Posts.CreatePost(ctx, &stgypub.Post{OwnedBy: u.ID, PublishedAt: &pub, Snippet: `{"title":"t"}`, Content: "x"}); err != nil {
		t.Fatal(err)
	}
	e.setFederation(enabled)
	return e
}

func (e *env) setFederation(on bool) {
	e.t.Helper()
	ctx := context.Background()
	cfg, err := e.st.Users.PubConfig(ctx, e.site)
	if err != nil {
		e.t.Fatal(err)
	}
	cfg.SiteName, cfg.Introduction = "Alice's notes", "Hello <world>"
	obj := cfg.Extensions.Object()
	obj["federation"] = map[string]any{"enabled": on}
	if cfg.Extensions, err = stgypub.NewExtensions(obj); err != nil {
		e.t.Fatal(err)
	}
	if err := e.st.Users.UpdatePubConfig(ctx, cfg); err != nil {
		e.t.Fatal(err)
	}
}

func (e *env) get(path, accept string) (int, http.Header, []byte) {
	e.t.Helper()
	req, _ := http.NewRequest(http.MethodGet, e.local.URL+path, nil)
	if accept != "" {
		req.Header.Set("Accept", accept)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		e.t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, resp.Header, b
}

func (e *env) actorID() string { return e.local.URL + "/sites/" + e.site.String() }

func (e *env) actor() map[string]any {
	e.t.Helper()
	code, _, b := e.get("/sites/"+e.site.String(), "application/activity+json")
	if code != http.StatusOK {
		e.t.Fatalf("actor: %d %s", code, b)
	}
	var a map[string]any
	if err := json.Unmarshal(b, &a); err != nil {
		e.t.Fatal(err)
	}
	return a
}

// post sends body to the site's inbox signed by the fake remote with
// key under keyID at date, after mutate (nil: none) changed the request.
func (e *env) post(body []byte, keyID string, key *rsa.PrivateKey, date time.Time, mutate func(*http.Request)) (int, string) {
	e.t.Helper()
	req, _ := http.NewRequest(http.MethodPost, e.actorID()+"/inbox", bytes.NewReader(body))
	req.Header.Set("Content-Type", "application/activity+json")
	if err := federation.SignRequest(req, body, key, keyID, date); err != nil {
		e.t.Fatal(err)
	}
	if mutate != nil {
		mutate(req)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		e.t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

func (e *env) follow(id string) []byte {
	b, _ := json.Marshal(map[string]any{"@context": federation.ContextActivityStreams, "id": id, "type": "Follow",
		"actor": e.remote.actorURL(), "object": e.actorID()})
	return b
}

func TestDiscovery(t *testing.T) {
	e := newEnv(t, true)
	host := strings.TrimPrefix(e.local.URL, "http://")
	for _, tc := range []struct {
		name, resource string
		want           int
	}{
		{"exact", "acct:Alice@" + host, 200},
		{"case-insensitive", "acct:aLiCe@" + strings.ToUpper(host), 200},
		{"without acct:", "alice@" + host, 200},
		{"other host", "acct:alice@elsewhere.example", 404},
		{"unknown site", "acct:nobody@" + host, 404},
		{"malformed", "acct:alice", 400},
		{"missing", "", 400},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, h, b := e.get("/.well-known/webfinger?resource="+url.QueryEscape(tc.resource), "")
			if code != tc.want {
				t.Fatalf("status %d %s, want %d", code, b, tc.want)
			}
			if code != 200 {
				return
			}
			var jrd federation.JRD
			if err := json.Unmarshal(b, &jrd); err != nil || !strings.HasPrefix(h.Get("Content-Type"), "application/jrd+json") {
				t.Fatalf("JRD %s (%s): %v", b, h.Get("Content-Type"), err)
			}
			if jrd.Subject != "acct:Alice@"+host || jrd.Links[0].Rel != "self" || jrd.Links[0].Type != "application/activity+json" || jrd.Links[0].Href != e.actorID() {
				t.Fatalf("JRD = %+v", jrd)
			}
		})
	}
	t.Run("nodeinfo", func(t *testing.T) {
		code, _, b := e.get("/.well-known/nodeinfo", "")
		var links struct{ Links []federation.JRDLink }
		if code != 200 || json.Unmarshal(b, &links) != nil || len(links.Links) != 1 || links.Links[0].Rel != federation.NodeInfoSchema {
			t.Fatalf("nodeinfo links: %d %s", code, b)
		}
		href := strings.TrimPrefix(links.Links[0].Href, e.local.URL)
		code, _, b = e.get(href, "")
		var ni map[string]any
		if code != 200 || json.Unmarshal(b, &ni) != nil || ni["version"] != "2.1" || ni["protocols"].([]any)[0] != "activitypub" {
			t.Fatalf("nodeinfo: %d %s", code, b)
		}
	})
}

func TestActorDocumentAndKey(t *testing.T) {
	e := newEnv(t, true)
	a := e.actor()
	if a["type"] != "Person" || a["id"] != e.actorID() || a["preferredUsername"] != "Alice" || a["name"] != "Alice's notes" ||
		a["summary"] != "<p>Hello &lt;world&gt;</p>" || a["inbox"] != e.actorID()+"/inbox" || a["followers"] != e.actorID()+"/followers" ||
		a["outbox"] != e.actorID()+"/outbox" || a["url"] != e.actorID() {
		t.Fatalf("actor = %v", a)
	}
	pk := a["publicKey"].(map[string]any)
	if pk["id"] != e.actorID()+"#main-key" || pk["owner"] != e.actorID() {
		t.Fatalf("publicKey = %v", pk)
	}
	pub, err := federation.ParsePublicKeyPEM(pk["publicKeyPem"].(string))
	if err != nil || pub.N.BitLen() != 2048 {
		t.Fatalf("public key: %v", err)
	}
	if again := e.actor()["publicKey"].(map[string]any)["publicKeyPem"]; again != pk["publicKeyPem"] {
		t.Fatal("the key changed between two fetches: it must be generated once")
	}
	k, err := e.st.Federation.ActorKey(context.Background(), e.site)
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(k.PrivateSealed, []byte("PRIVATE KEY")) || len(k.PrivateSealed) < 1000 {
		t.Fatalf("stored private key is not sealed (%d bytes)", len(k.PrivateSealed))
	}
	if _, err := x509.ParsePKCS8PrivateKey(k.PrivateSealed); err == nil {
		t.Fatal("stored private key parses in the clear")
	}
	for _, accept := range []string{"application/activity+json", `application/ld+json; profile="https://www.w3.org/ns/activitystreams"`} {
		if code, h, _ := e.get("/sites/"+e.site.String(), accept); code != 200 || !strings.HasPrefix(h.Get("Content-Type"), "application/activity+json") || !strings.Contains(h.Get("Vary"), "Accept") {
			t.Fatalf("Accept %s: %d %v", accept, code, h)
		}
	}
	if code, _, b := e.get("/sites/"+e.site.String()+"/followers", ""); code != 200 || !strings.Contains(string(b), `"totalItems":0`) {
		t.Fatalf("followers: %d %s", code, b)
	}
}

func TestFederationOffIs404(t *testing.T) {
	e := newEnv(t, false)
	host := strings.TrimPrefix(e.local.URL, "http://")
	for _, path := range []string{"/sites/" + e.site.String(), "/sites/" + e.site.String() + "/followers", "/sites/" + e.site.String() + "/outbox",
		"/.well-known/webfinger?resource=acct:alice@" + host} {
		if code, _, b := e.get(path, "application/activity+json"); code != 404 {
			t.Fatalf("%s: %d %s, want 404", path, code, b)
		}
	}
	if code, body := e.post(e.follow(e.remote.actorURL()+"/f/1"), e.remote.actorURL()+"#main-key", e.remote.key, time.Now(), nil); code != 404 {
		t.Fatalf("inbox: %d %s, want 404", code, body)
	}
}

func TestFollowAcceptedAndUndone(t *testing.T) {
	ctx := context.Background()
	e := newEnv(t, true)
	keyID := e.remote.actorURL() + "#main-key"
	follow := e.follow(e.remote.actorURL() + "/follows/1")
	if code, body := e.post(follow, keyID, e.remote.key, time.Now(), nil); code != http.StatusAccepted {
		t.Fatalf("Follow: %d %s", code, body)
	}
	if code, _, b := e.get("/sites/"+e.site.String()+"/followers", ""); code != 200 || !strings.Contains(string(b), `"totalItems":1`) {
		t.Fatalf("followers after Follow: %d %s", code, b)
	}
	if n, err := e.svc.DeliverDue(ctx, 10, 2); err != nil || n != 1 {
		t.Fatalf("DeliverDue = %d, %v", n, err)
	}
	<-e.remote.got
	e.remote.mu.Lock()
	req, body := e.remote.inbox[0], e.remote.body[0]
	e.remote.mu.Unlock()
	var accept map[string]any
	if err := json.Unmarshal(body, &accept); err != nil || accept["type"] != "Accept" || accept["actor"] != e.actorID() {
		t.Fatalf("Accept = %s", body)
	}
	if obj := accept["object"].(map[string]any); obj["id"] != e.remote.actorURL()+"/follows/1" || obj["type"] != "Follow" {
		t.Fatalf("Accept object = %v", obj)
	}
	// The fake remote verifies as Mastodon does: the key named by keyId,
	// fetched from the published actor document.
	pub, err := federation.ParsePublicKeyPEM(e.actor()["publicKey"].(map[string]any)["publicKeyPem"].(string))
	if err != nil {
		t.Fatal(err)
	}
	v, err := httpsig.NewVerifier(req)
	if err != nil || v.KeyId() != e.actorID()+"#main-key" {
		t.Fatalf("verifier: %v (keyId %q)", err, v.KeyId())
	}
	if err := v.Verify(pub, httpsig.RSA_SHA256); err != nil {
		t.Fatalf("Accept's signature does not verify with the published key: %v", err)
	}
	if !strings.Contains(req.Header.Get("Signature"), `headers="(request-target) host date digest"`) {
		t.Fatalf("Signature = %s", req.Header.Get("Signature"))
	}

	undo, _ := json.Marshal(map[string]any{"id": e.remote.actorURL() + "/undo/1", "type": "Undo", "actor": e.remote.actorURL(), "object": json.RawMessage(follow)})
	if code, body := e.post(undo, keyID, e.remote.key, time.Now(), nil); code != http.StatusAccepted {
		t.Fatalf("Undo: %d %s", code, body)
	}
	if n, _ := e.st.Federation.CountFollowers(ctx, e.site); n != 0 {
		t.Fatalf("followers after Undo = %d", n)
	}
	like, _ := json.Marshal(map[string]any{"id": "x", "type": "Like", "actor": e.remote.actorURL(), "object": e.actorID()})
	if code, body := e.post(like, keyID, e.remote.key, time.Now(), nil); code != http.StatusAccepted {
		t.Fatalf("Like (ignored): %d %s", code, body)
	}
}

func TestInboxRefusals(t *testing.T) {
	e := newEnv(t, true)
	keyID := e.remote.actorURL() + "#main-key"
	follow := e.follow(e.remote.actorURL() + "/follows/1")
	other, _ := rsa.GenerateKey(rand.Reader, 2048)
	for _, tc := range []struct {
		name   string
		body   []byte
		key    *rsa.PrivateKey
		date   time.Time
		mutate func(*http.Request)
		want   int
		reason string
	}{
		{"unsigned", follow, e.remote.key, time.Now(), func(r *http.Request) { r.Header.Del("Signature") }, 401, "no Signature"},
		{"wrong key", follow, other, time.Now(), nil, 401, "does not verify"},
		{"stale date", follow, e.remote.key, time.Now().Add(-2 * time.Hour), nil, 401, "from the server's time"},
		{"body changed after signing", follow, e.remote.key, time.Now(), func(r *http.Request) {
			changed := bytes.Replace(follow, []byte("follows/1"), []byte("follows/2"), 1)
			r.Body, r.ContentLength = io.NopCloser(bytes.NewReader(changed)), int64(len(changed))
		}, 401, "Digest does not match"},
		{"digest left out", follow, e.remote.key, time.Now(), func(r *http.Request) { r.Header.Del("Digest") }, 401, "Digest"},
		{"actor not the key's owner", bytes.Replace(follow, []byte(`"actor":"`+e.remote.actorURL()), []byte(`"actor":"https://victim.example/users/carol`), 1),
			e.remote.key, time.Now(), nil, 401, "not to the activity's actor"},
		{"not an activity", []byte(`[1,2]`), e.remote.key, time.Now(), nil, 400, "not an activity"},
		{"oversized", append(append([]byte(`{"type":"Follow","x":"`), bytes.Repeat([]byte("a"), 300<<10)...), '"', '}'), e.remote.key, time.Now(), nil, 413, "body over"},
		// Announced over the limit, 1 byte sent, the body never ending: a
		// server that waited for it would never answer.
		{"declared oversized", follow, e.remote.key, time.Now(), func(r *http.Request) {
			pr, pw := io.Pipe()
			t.Cleanup(func() { pw.Close() })
			go func() { _, _ = pw.Write([]byte("{")) }()
			r.Body, r.ContentLength = pr, 300<<10
		}, 413, "body over"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, body := e.post(tc.body, keyID, tc.key, tc.date, tc.mutate)
			if code != tc.want || !strings.Contains(body, tc.reason) {
				t.Fatalf("%d %q, want %d with %q", code, body, tc.want, tc.reason)
			}
		})
	}
	if n, _ := e.st.Federation.CountFollowers(context.Background(), e.site); n != 0 {
		t.Fatalf("a refused request stored a follower (%d)", n)
	}
}

// received waits for the fake remote's next delivery and returns the
// request, its activity, and whether it verifies with the site's
// published key.
func (e *env) received() (*http.Request, map[string]any) {
	e.t.Helper()
	select {
	case <-e.remote.got:
	case <-time.After(time.Minute):
		e.t.Fatal("no delivery reached the fake remote")
	}
	e.remote.mu.Lock()
	n := len(e.remote.inbox)
	req, body := e.remote.inbox[n-1], e.remote.body[n-1]
	e.remote.mu.Unlock()
	if e.pub == nil { // a remote server caches the key it fetched
		pub, err := federation.ParsePublicKeyPEM(e.actor()["publicKey"].(map[string]any)["publicKeyPem"].(string))
		if err != nil {
			e.t.Fatal(err)
		}
		e.pub = pub
	}
	v, err := httpsig.NewVerifier(req)
	if err != nil {
		e.t.Fatal(err)
	}
	if err := v.Verify(e.pub, httpsig.RSA_SHA256); err != nil {
		e.t.Fatalf("delivery does not verify with the published key: %v", err)
	}
	var act map[string]any
	if err := json.Unmarshal(body, &act); err != nil {
		e.t.Fatalf("delivery %s: %v", body, err)
	}
	return req, act
}

func (e *env) deliver(want int) {
	e.t.Helper()
	if n, err := e.svc.DeliverDue(context.Background(), 10, 2); err != nil || n != want {
		e.t.Fatalf("DeliverDue = %d, %v; want %d", n, err, want)
	}
}

func TestPostsDeliveredToFollowers(t *testing.T) {
	ctx := context.Background()
	e := newEnv(t, true)
	if code, body := e.post(e.follow(e.remote.actorURL()+"/follows/1"), e.remote.actorURL()+"#main-key", e.remote.key, e.clock(), nil); code != http.StatusAccepted {
		t.Fatalf("Follow: %d %s", code, body)
	}
	e.deliver(1)
	if _, act := e.received(); act["type"] != "Accept" {
		t.Fatalf("first delivery %v, want the Accept", act)
	}

	pub := e.clock().Add(-time.Minute)
	p := &stgypub.Post{OwnedBy: e.site, PublishedAt: &pub, Snippet: `{"title":"Hello fediverse"}`,
		Content: "# Hello fediverse\n\nA [link](/pub/1) and <script>x</script>.", Tags: []string{"go"}}
	if err := e.st.Posts.CreatePost(ctx, p); err != nil {
		t.Fatal(err)
	}
	e.deliver(1)
	req, act := e.received()
	if req.URL.Path != "/inbox" {
		t.Fatalf("Create went to %s, want the shared inbox", req.URL.Path)
	}
	obj := act["object"].(map[string]any)
	if act["type"] != "Create" || act["actor"] != e.actorID() || obj["type"] != "Article" || obj["id"] != e.local.URL+"/pub/"+p.ID.String() ||
		obj["attributedTo"] != e.actorID() || obj["published"] == nil {
		t.Fatalf("Create = %v", act)
	}
	content := obj["content"].(string)
	if strings.Contains(content, "<script") || !strings.Contains(content, `href="`+e.local.URL+`/pub/1"`) {
		t.Fatalf("content not sanitized with absolute URLs: %s", content)
	}
	if tags := obj["tag"].([]any); len(tags) != 1 || tags[0].(map[string]any)["type"] != "Hashtag" || tags[0].(map[string]any)["name"] != "#go" {
		t.Fatalf("tags = %v", obj["tag"])
	}

	p.Content = "# Hello fediverse\n\nEdited."
	if err := e.st.Posts.UpdatePost(ctx, p); err != nil {
		t.Fatal(err)
	}
	e.deliver(1)
	if _, act := e.received(); act["type"] != "Update" || !strings.Contains(act["object"].(map[string]any)["content"].(string), "Edited.") {
		t.Fatalf("Update = %v", act)
	}

	if err := e.st.Posts.DeletePost(ctx, p.ID); err != nil {
		t.Fatal(err)
	}
	e.deliver(1)
	if _, act := e.received(); act["type"] != "Delete" || act["object"].(map[string]any)["type"] != "Tombstone" ||
		act["object"].(map[string]any)["id"] != e.local.URL+"/pub/"+p.ID.String() {
		t.Fatalf("Delete = %v", act)
	}

	t.Run("scheduled post falling due", func(t *testing.T) {
		at := e.clock().Add(time.Hour)
		q := &stgypub.Post{OwnedBy: e.site, PublishedAt: &at, Snippet: `{"title":"Later"}`, Content: "# Later"}
		if err := e.st.Posts.CreatePost(ctx, q); err != nil {
			t.Fatal(err)
		}
		e.deliver(0)
		e.advance(2 * time.Hour)
		if n, _, err := e.st.Webhooks.AnnounceDuePosts(ctx, e.clock(), e.clock().Add(-24*time.Hour), 10); err != nil || n != 1 {
			t.Fatalf("AnnounceDuePosts looked at %d posts, %v", n, err)
		}
		e.deliver(1)
		if _, act := e.received(); act["type"] != "Create" || act["object"].(map[string]any)["id"] != e.local.URL+"/pub/"+q.ID.String() {
			t.Fatalf("scheduled Create = %v", act)
		}
	})
}

func TestDeliveryRetriedAfterFailure(t *testing.T) {
	ctx := context.Background()
	e := newEnv(t, true)
	// A follower whose inbox answers 503 the first time.
	var fails sync.Once
	down := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		failed := false
		fails.Do(func() { failed = true })
		if failed {
			http.Error(w, "down", http.StatusServiceUnavailable)
			return
		}
		w.WriteHeader(http.StatusAccepted)
	}))
	t.Cleanup(down.Close)
	if err := e.st.Federation.PutFollower(ctx, &stgypub.Follower{UserID: e.site, Actor: down.URL + "/u", Inbox: down.URL + "/inbox", FollowID: "f"}); err != nil {
		t.Fatal(err)
	}
	id, err := e.st.Federation.EnqueueFederation(ctx, e.site, down.URL+"/inbox", []byte(`{"type":"Accept"}`))
	if err != nil {
		t.Fatal(err)
	}
	e.deliver(1)
	d, err := e.st.Federation.FederationDelivery(ctx, id)
	if err != nil || d.DeliveredAt != nil || d.LastStatus != 503 || d.FailedAt != nil || !d.NextAttemptAt.After(e.clock()) {
		t.Fatalf("after a 503: %+v, %v", d, err)
	}
	e.deliver(0) // not due yet
	// Another process (a restarted server) picks it up once due.
	e.advance(time.Minute)
	st2 := storetest.Reopen(t, e.st)
	st2.Now = e.clock
	base, _ := url.Parse(e.local.URL)
	svc2, err := federation.New(federation.Config{BaseURL: base, Key: bytes.Repeat([]byte{7}, federation.KeySize), Now: e.clock}, federation.Stores{Users: st2.Users, Posts: st2.Posts, Federation: st2.Federation}, webhook.NewClient(webhook.ClientConfig{AllowLoopback: true}))
	if err != nil {
		t.Fatal(err)
	}
	if n, err := svc2.DeliverDue(ctx, 10, 1); err != nil || n != 1 {
		t.Fatalf("restarted DeliverDue = %d, %v", n, err)
	}
	if d, err := e.st.Federation.FederationDelivery(ctx, id); err != nil || d.DeliveredAt == nil || d.Attempts != 2 || d.LastStatus != 202 {
		t.Fatalf("after the retry: %+v, %v", d, err)
	}
}

func TestOutboxPaged(t *testing.T) {
	ctx := context.Background()
	e := newEnv(t, true) // one post published an hour ago
	var newest stgypub.ID
	for i := range federation.OutboxPageSize {
		pub := e.clock().Add(-time.Duration(federation.OutboxPageSize-i) * time.Minute)
		p := &stgypub.Post{OwnedBy: e.site, PublishedAt: &pub, Snippet: `{"title":"t"}`, Content: "body " + strconv.Itoa(i)}
		if err := e.st.Posts.CreatePost(ctx, p); err != nil {
			t.Fatal(err)
		}
		newest = p.ID
	}
	later := e.clock().Add(time.Hour)
	hidden := []*stgypub.Post{
		{OwnedBy: e.site, PublishedAt: &later, Snippet: `{"title":"t"}`, Content: "scheduled"},
		{OwnedBy: e.site, Snippet: `{"title":"t"}`, Content: "draft"},
	}
	for _, p := range hidden {
		if err := e.st.Posts.CreatePost(ctx, p); err != nil {
			t.Fatal(err)
		}
	}
	outbox := "/sites/" + e.site.String() + "/outbox"
	var coll struct {
		Type       string
		TotalItems int
		First      string
	}
	code, _, b := e.get(outbox, "application/activity+json")
	if code != 200 || json.Unmarshal(b, &coll) != nil || coll.Type != "OrderedCollection" || coll.TotalItems != federation.OutboxPageSize+1 || coll.First != e.actorID()+"/outbox?page=1" {
		t.Fatalf("outbox: %d %s", code, b)
	}
	type page struct {
		Type, Next, Prev string
		OrderedItems     []struct {
			Type   string
			Object struct{ ID, Type, Content string }
		}
	}
	var p1, p2 page
	if code, _, b := e.get(outbox+"?page=1", ""); code != 200 || json.Unmarshal(b, &p1) != nil {
		t.Fatalf("page 1: %d %s", code, b)
	}
	if p1.Type != "OrderedCollectionPage" || len(p1.OrderedItems) != federation.OutboxPageSize || p1.Next != e.actorID()+"/outbox?page=2" || p1.Prev != "" ||
		p1.OrderedItems[0].Type != "Create" || p1.OrderedItems[0].Object.ID != e.local.URL+"/pub/"+newest.String() {
		t.Fatalf("page 1 = %+v", p1)
	}
	if code, _, b := e.get(outbox+"?page=2", ""); code != 200 || json.Unmarshal(b, &p2) != nil || len(p2.OrderedItems) != 1 || p2.Next != "" || p2.Prev == "" {
		t.Fatalf("page 2: %d %s", code, b)
	}
	for _, it := range append(p1.OrderedItems, p2.OrderedItems...) {
		if strings.Contains(it.Object.Content, "scheduled") || strings.Contains(it.Object.Content, "draft") {
			t.Fatalf("the outbox leaks %s", it.Object.Content)
		}
	}
	for _, bad := range []string{"0", "-1", "x", "01", "10001"} {
		if code, _, b := e.get(outbox+"?page="+bad, ""); code != 400 {
			t.Fatalf("page=%s: %d %s, want 400", bad, code, b)
		}
	}
}

func TestTurningFederationOffDeletesTheActor(t *testing.T) {
	ctx := context.Background()
	e := newEnv(t, true)
	if code, body := e.post(e.follow(e.remote.actorURL()+"/follows/1"), e.remote.actorURL()+"#main-key", e.remote.key, e.clock(), nil); code != http.StatusAccepted {
		t.Fatalf("Follow: %d %s", code, body)
	}
	e.deliver(1)
	e.received() // the Accept; the key is cached from here on
	e.setFederation(false)
	if n, _ := e.st.Federation.CountFollowers(ctx, e.site); n != 0 {
		t.Fatalf("followers after turning federation off = %d", n)
	}
	e.deliver(1)
	req, act := e.received()
	if act["type"] != "Delete" || act["object"] != e.actorID() || act["actor"] != e.actorID() || req.URL.Path != "/inbox" {
		t.Fatalf("Delete of the actor = %v to %s", act, req.URL.Path)
	}
	e.setFederation(false) // saving again with no followers sends nothing
	e.deliver(0)
}

func TestRemoteActorCachedAndRotated(t *testing.T) {
	e := newEnv(t, true)
	keyID := e.remote.actorURL() + "#main-key"
	gets := func() int {
		e.remote.mu.Lock()
		defer e.remote.mu.Unlock()
		return e.remote.gets
	}
	for i := range 3 {
		if code, body := e.post(e.follow(e.remote.actorURL()+"/follows/"+strconv.Itoa(i)), keyID, e.remote.key, e.clock(), nil); code != http.StatusAccepted {
			t.Fatalf("Follow %d: %d %s", i, code, body)
		}
	}
	if n := gets(); n != 1 {
		t.Fatalf("the remote actor was fetched %d times for 3 activities, want once (cached)", n)
	}
	rotated, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		t.Fatal(err)
	}
	e.remote.mu.Lock()
	e.remote.key = rotated
	e.remote.mu.Unlock()
	if code, body := e.post(e.follow(e.remote.actorURL()+"/follows/new"), keyID, rotated, e.clock(), nil); code != http.StatusAccepted {
		t.Fatalf("Follow signed with the rotated key: %d %s", code, body)
	}
	if n := gets(); n != 2 {
		t.Fatalf("fetches after the key rotation = %d, want 2 (one refetch)", n)
	}
}

// TestKeyNotInSiteArchive: a federated site's archive (docs/ARCHIVE.md)
// holds neither half of its key pair.
func TestKeyNotInSiteArchive(t *testing.T) {
	ctx := context.Background()
	e := newEnv(t, true)
	e.actor() // generates the key
	k, err := e.st.Federation.ActorKey(ctx, e.site)
	if err != nil {
		t.Fatal(err)
	}
	site, loc, err := archive.Collect(ctx, archive.Stores{Users: e.st.Users, Accounts: e.st.Users, Posts: e.st.Posts, Comments: e.st.Comments, Checkpoints: e.st.Checkpoints}, e.site, e.clock())
	if err != nil {
		t.Fatal(err)
	}
	var gz bytes.Buffer
	if err := archive.Write(&gz, site, loc); err != nil {
		t.Fatal(err)
	}
	zr, err := gzip.NewReader(&gz)
	if err != nil {
		t.Fatal(err)
	}
	raw, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(raw, []byte("Alice's notes")) {
		t.Fatal("the archive does not hold the site's settings: the check below would prove nothing")
	}
	pemBody := strings.Split(k.PublicPEM, "\n")[1] // a line of the key's base64
	for name, secret := range map[string][]byte{"public key": []byte(pemBody), "sealed private key": k.PrivateSealed[:32], "PEM header": []byte("PRIVATE KEY")} {
		if bytes.Contains(raw, secret) {
			t.Fatalf("the site archive holds the %s", name)
		}
	}
}
