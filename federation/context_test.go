package federation_test

import (
	"context"
	"encoding/json"
	"net/http"
	"reflect"
	"testing"
	"time"

	"github.com/stgy/stgypub"
)

// wantArticleContext is the @context of Articles and of what carries
// them: ActivityStreams has no Hashtag term, so without the second entry
// a JSON-LD reader (Fedify; found by TestFedifyInterop) drops the tags.
var wantArticleContext = []any{"https://www.w3.org/ns/activitystreams", map[string]any{"Hashtag": "as:Hashtag"}}

// TestArticleContextDefinesHashtag checks the @context of the Create and
// Update delivered to followers, of the Article document and of an
// outbox page.
func TestArticleContextDefinesHashtag(t *testing.T) {
	ctx := context.Background()
	e := newEnv(t, true)
	if code, body := e.post(e.follow(e.remote.actorURL()+"/follows/1"), e.remote.actorURL()+"#main-key", e.remote.key, e.clock(), nil); code != http.StatusAccepted {
		t.Fatalf("Follow: %d %s", code, body)
	}
	e.deliver(1)
	e.received() // the Accept
	pub := e.clock().Add(-time.Minute)
	p := &stgypub.Post{OwnedBy: e.site, PublishedAt: &pub, Snippet: `{"title":"t"}`, Content: "# Tagged", Tags: []string{"go"}}
	if err := e.st.Posts.CreatePost(ctx, p); err != nil {
		t.Fatal(err)
	}
	e.deliver(1)
	if _, act := e.received(); act["type"] != "Create" || !reflect.DeepEqual(act["@context"], wantArticleContext) {
		t.Fatalf("Create @context = %#v", act["@context"])
	}
	p.Content = "# Tagged\n\nEdited."
	if err := e.st.Posts.UpdatePost(ctx, p); err != nil {
		t.Fatal(err)
	}
	e.deliver(1)
	if _, act := e.received(); act["type"] != "Update" || !reflect.DeepEqual(act["@context"], wantArticleContext) {
		t.Fatalf("Update @context = %#v", act["@context"])
	}

	a, err := e.svc.Article(ctx, p.ID)
	if err != nil {
		t.Fatal(err)
	}
	var doc map[string]any
	b, _ := json.Marshal(a)
	if err := json.Unmarshal(b, &doc); err != nil || !reflect.DeepEqual(doc["@context"], wantArticleContext) {
		t.Fatalf("Article @context = %s", b)
	}
	code, _, b := e.get("/sites/"+e.site.String()+"/outbox?page=1", "application/activity+json")
	doc = nil
	if code != 200 || json.Unmarshal(b, &doc) != nil || !reflect.DeepEqual(doc["@context"], wantArticleContext) {
		t.Fatalf("outbox page: %d %s", code, b)
	}
}
