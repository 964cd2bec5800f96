package server_test

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/rsa"
	"crypto/x509"
	"encoding/json"
	"encoding/pem"
	"net/http"
	"net/http/httptest"
	"net/url"
	"testing"
	"time"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/comment"
	"github.com/stgy/stgypub/federation"
	"github.com/stgy/stgypub/server"
	"github.com/stgy/stgypub/webhook"
)

// TestFederationReplyThroughServer posts a signed reply through the
// server's routes, as a reader's browser would never: it becomes a
// published comment (open mode) and is not a page view.
func TestFederationReplyThroughServer(t *testing.T) {
	e := newEnv(t)
	alice := e.user(0, "alice", "Alice")
	post := e.post(0, alice, "# Hello\n\nBody.", "en", at(-time.Hour))
	c := stgypub.DefaultPubConfig(alice)
	c.Extensions, _ = stgypub.ParseExtensions(`{"federation":{"enabled":true},"comments":{"mode":"open"}}`)
	e.config(c)

	key, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		t.Fatal(err)
	}
	var remote *httptest.Server
	remote = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		der, _ := x509.MarshalPKIXPublicKey(&key.PublicKey)
		id := remote.URL + "/users/bob"
		_ = json.NewEncoder(w).Encode(map[string]any{"id": id, "type": "Person", "name": "Bob", "inbox": id + "/inbox",
			"publicKey": map[string]string{"id": id + "#main-key", "owner": id, "publicKeyPem": string(pem.EncodeToMemory(&pem.Block{Type: "PUBLIC KEY", Bytes: der}))}})
	}))
	t.Cleanup(remote.Close)
	actor := remote.URL + "/users/bob"

	base, _ := url.Parse(baseURL)
	fed, err := federation.New(federation.Config{BaseURL: base, Key: bytes.Repeat([]byte{1}, federation.KeySize), Now: e.clock,
		Comments: comment.New(e.st.Comments, nil, nil, comment.Config{Now: e.clock})},
		federation.Stores{Users: e.st.Users, Posts: e.st.Posts, Federation: e.st.Federation}, webhook.NewClient(webhook.ClientConfig{AllowLoopback: true}))
	if err != nil {
		t.Fatal(err)
	}
	e.srv = e.newServer(server.Deps{Views: e.views, Ranker: e.views, Counts: e.views, Pages: e.pages, Federation: fed})

	body, _ := json.Marshal(map[string]any{"id": actor + "/statuses/1/activity", "type": "Create", "actor": actor,
		"object": map[string]any{"id": actor + "/statuses/1", "type": "Note", "attributedTo": actor,
			"inReplyTo": baseURL + "/pub/" + post.String(), "content": "<p>Great <b>post</b></p>",
			"to": []string{"https://www.w3.org/ns/activitystreams#Public"}}})
	req := httptest.NewRequest(http.MethodPost, baseURL+"/sites/"+alice.String()+"/inbox", bytes.NewReader(body))
	req.RemoteAddr = "203.0.113.9:4444"
	req.Header.Set("User-Agent", "Mastodon/4.3.0 (+https://remote.example/)")
	req.Header.Set("Content-Type", "application/activity+json")
	if err := federation.SignRequest(req, body, key, actor+"#main-key", e.clock()); err != nil {
		t.Fatal(err)
	}
	rec := httptest.NewRecorder()
	e.srv.ServeHTTP(rec, req)
	if rec.Code != http.StatusAccepted {
		t.Fatalf("signed reply: %d %s", rec.Code, rec.Body.String())
	}
	cs, err := e.st.Comments.ExportComments(context.Background(), post)
	if err != nil || len(cs) != 1 || cs[0].Status != stgypub.CommentPublished || cs[0].Nickname != "Bob" || cs[0].Body != "Great post\n\n— "+actor+"\n" {
		t.Fatalf("comments = %+v, %v", cs, err)
	}
	if n := len(e.views.recorded()); n != 0 {
		t.Fatalf("%d page views recorded for inbox traffic", n)
	}
}
