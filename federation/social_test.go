package federation_test

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/go-fed/httpsig"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/federation"
)

// sendAs posts an activity signed by remote f (its actor, its key) to
// the site's inbox and fails unless it is answered 202.
func (e *env) sendAs(f *fakeRemote, act map[string]any) {
	e.t.Helper()
	act["actor"] = f.actorURL()
	b, _ := json.Marshal(act)
	if code, body := e.post(b, f.actorURL()+"#main-key", f.key, e.clock(), nil); code != http.StatusAccepted {
		e.t.Fatalf("%s: %d %s", act["type"], code, body)
	}
}

// publish creates a published post of owner and returns it.
func (e *env) publish(owner stgypub.ID, title string) *stgypub.Post {
	e.t.Helper()
	at := e.clock().Add(-time.Minute)
	p := &stgypub.Post{OwnedBy: owner, PublishedAt: &at, Snippet: `{"title":"` + title + `"}`, Content: "# " + title}
	if err := e.st.Posts.CreatePost(context.Background(), p); err != nil {
		e.t.Fatal(err)
	}
	return p
}

func (e *env) reactions(viewer *stgypub.User, p *stgypub.Post) *stgypub.ReactionCounts {
	e.t.Helper()
	rc, err := e.svc.PostReactions(context.Background(), viewer, p)
	if err != nil {
		e.t.Fatal(err)
	}
	return rc
}

func TestLikeAndAnnounceCounted(t *testing.T) {
	ctx := context.Background()
	e := newEnv(t, true)
	carol := newFakeRemote(t)
	owner, err := e.st.Users.User(ctx, e.site)
	if err != nil {
		t.Fatal(err)
	}
	p := e.publish(e.site, "Liked")
	postURL := e.local.URL + "/pub/" + p.ID.String()
	want := func(likes, announces int) {
		t.Helper()
		if rc := e.reactions(owner, p); rc == nil || *rc != (stgypub.ReactionCounts{Likes: likes, Announces: announces}) {
			t.Fatalf("reactions = %+v, want %d likes, %d announces", rc, likes, announces)
		}
	}
	want(0, 0)

	// Mastodon's shapes: a Like's object is the post's id, an Announce's
	// its URL (the same here); a repeat does not count twice.
	e.sendAs(e.remote, map[string]any{"id": e.remote.actorURL() + "#likes/1", "type": "Like", "object": postURL})
	e.sendAs(e.remote, map[string]any{"id": e.remote.actorURL() + "#likes/2", "type": "Like", "object": postURL})
	e.sendAs(e.remote, map[string]any{"id": e.remote.actorURL() + "/statuses/9/activity", "type": "Announce", "object": postURL,
		"to": []string{"https://www.w3.org/ns/activitystreams#Public"}})
	e.sendAs(carol, map[string]any{"id": carol.actorURL() + "#likes/1", "type": "Like", "object": map[string]any{"id": postURL, "type": "Article"}})
	want(2, 1)

	// Unknown objects are ignored (202, nothing kept): another server's
	// note, a post ID that does not exist, another site's post, a post
	// not published, the actor itself.
	other := &stgypub.User{LoginName: "other", Nickname: "O"}
	if err := e.st.Users.CreateUser(ctx, other); err != nil {
		t.Fatal(err)
	}
	theirs := e.publish(other.ID, "Theirs")
	draft := &stgypub.Post{OwnedBy: e.site, Snippet: `{"title":"draft"}`, Content: "# draft"}
	if err := e.st.Posts.CreatePost(ctx, draft); err != nil {
		t.Fatal(err)
	}
	for _, obj := range []string{"https://elsewhere.example/notes/1", e.local.URL + "/pub/00000000000000ff", e.local.URL + "/pub/nothex",
		e.local.URL + "/pub/" + theirs.ID.String(), e.local.URL + "/pub/" + draft.ID.String(), e.actorID()} {
		e.sendAs(carol, map[string]any{"id": carol.actorURL() + "#x", "type": "Like", "object": obj})
		e.sendAs(carol, map[string]any{"id": carol.actorURL() + "#y", "type": "Announce", "object": obj})
	}
	want(2, 1)
	if rc, err := e.st.Federation.ReactionCounts(ctx, theirs.ID); err != nil || rc != (stgypub.ReactionCounts{}) {
		t.Fatalf("another site's post counted %+v", rc)
	}

	// Only the owner (or an administrator) reads the counts.
	stranger := &stgypub.User{ID: other.ID, LoginName: "other"}
	if rc := e.reactions(stranger, p); rc != nil {
		t.Fatalf("a stranger reads %+v", rc)
	}
	if rc := e.reactions(nil, p); rc != nil {
		t.Fatalf("anonymous reads %+v", rc)
	}
	if rc := e.reactions(&stgypub.User{ID: other.ID, IsAdmin: true}, p); rc == nil || rc.Likes != 2 {
		t.Fatalf("an administrator reads %+v", rc)
	}
	ov, err := e.svc.Overview(ctx, owner, e.site)
	if err != nil || ov.Reactions != (stgypub.ReactionCounts{Likes: 2, Announces: 1}) || ov.Handle != "@Alice@"+strings.TrimPrefix(e.local.URL, "http://") || !ov.Enabled {
		t.Fatalf("Overview = %+v, %v", ov, err)
	}
	if _, err := e.svc.Overview(ctx, stranger, e.site); stgypub.ErrorCode(err) != stgypub.CodeForbidden {
		t.Fatalf("Overview by a stranger: %v", err)
	}
	if _, err := e.svc.Overview(ctx, nil, e.site); stgypub.ErrorCode(err) != stgypub.CodeUnauthenticated {
		t.Fatalf("Overview anonymous: %v", err)
	}

	// Undo: embedded (Mastodon's Undo of a Like), by the Announce's ID;
	// another actor's Undo of bob's Like removes nothing.
	e.sendAs(carol, map[string]any{"id": carol.actorURL() + "#undo/0", "type": "Undo", "object": map[string]any{
		"id": e.remote.actorURL() + "#likes/2", "type": "Like", "actor": e.remote.actorURL(), "object": postURL}})
	e.sendAs(carol, map[string]any{"id": carol.actorURL() + "#undo/00", "type": "Undo", "object": e.remote.actorURL() + "#likes/2"})
	want(2, 1)
	e.sendAs(e.remote, map[string]any{"id": e.remote.actorURL() + "#undo/1", "type": "Undo", "object": map[string]any{
		"id": e.remote.actorURL() + "#likes/1", "type": "Like", "actor": e.remote.actorURL(), "object": postURL}})
	want(1, 1)
	e.sendAs(e.remote, map[string]any{"id": e.remote.actorURL() + "#undo/2", "type": "Undo", "object": e.remote.actorURL() + "/statuses/9/activity"})
	want(1, 0)
	// Liking again after the Undo counts again.
	e.sendAs(e.remote, map[string]any{"id": e.remote.actorURL() + "#likes/3", "type": "Like", "object": postURL})
	want(2, 0)

	// A deleted post's reactions go with it.
	if err := e.st.Posts.DeletePost(ctx, p.ID); err != nil {
		t.Fatal(err)
	}
	if rc, err := e.st.Federation.SiteReactionCounts(ctx, e.site); err != nil || rc != (stgypub.ReactionCounts{}) {
		t.Fatalf("after delete: %+v, %v", rc, err)
	}
}

func TestFollowersOwnerListAndRemove(t *testing.T) {
	ctx := context.Background()
	e := newEnv(t, true)
	carol := newFakeRemote(t)
	owner, err := e.st.Users.User(ctx, e.site)
	if err != nil {
		t.Fatal(err)
	}
	e.sendAs(e.remote, map[string]any{"id": e.remote.actorURL() + "/follows/1", "type": "Follow", "object": e.actorID()})
	e.advance(time.Millisecond)
	e.sendAs(carol, map[string]any{"id": carol.actorURL() + "/follows/7", "type": "Follow", "object": e.actorID()})
	e.deliver(2) // the Accepts
	<-e.remote.got
	<-carol.got

	// Publicly: the count, no list.
	code, _, b := e.get("/sites/"+e.site.String()+"/followers", "application/activity+json")
	var coll map[string]any
	if err := json.Unmarshal(b, &coll); code != http.StatusOK || err != nil || coll["totalItems"] != 2.0 || coll["type"] != "OrderedCollection" {
		t.Fatalf("followers: %d %s", code, b)
	}
	for _, k := range []string{"items", "orderedItems", "first"} {
		if _, ok := coll[k]; ok || strings.Contains(string(b), carol.actorURL()) {
			t.Fatalf("followers collection shows %s: %s", k, b)
		}
	}

	// The owner's list, paged oldest first.
	page, more, err := e.svc.FollowerList(ctx, owner, e.site, 1, nil)
	if err != nil || len(page) != 1 || !more || page[0].Actor != e.remote.actorURL() {
		t.Fatalf("first page = %v, %v", page, err)
	}
	next, more, err := e.svc.FollowerList(ctx, owner, e.site, 1, &stgypub.FollowerCursor{CreatedAt: page[0].CreatedAt, Actor: page[0].Actor})
	if err != nil || len(next) != 1 || more || next[0].Actor != carol.actorURL() || next[0].Inbox != carol.actorURL()+"/inbox" || next[0].CreatedAt.IsZero() {
		t.Fatalf("second page = %v, %v", next, err)
	}
	last, _, err := e.svc.FollowerList(ctx, owner, e.site, 1, &stgypub.FollowerCursor{CreatedAt: next[0].CreatedAt, Actor: next[0].Actor})
	if err != nil || len(last) != 0 {
		t.Fatalf("after the last = %v, %v", last, err)
	}
	if all, _, err := e.svc.FollowerList(ctx, owner, e.site, federation.MaxFollowersPage, nil); err != nil || len(all) != 2 {
		t.Fatalf("all = %v, %v", all, err)
	}
	for _, first := range []int{0, federation.MaxFollowersPage + 1} {
		if _, _, err := e.svc.FollowerList(ctx, owner, e.site, first, nil); stgypub.ErrorCode(err) != stgypub.CodeBadUserInput {
			t.Fatalf("first %d: %v", first, err)
		}
	}
	stranger := &stgypub.User{ID: e.site + 1, LoginName: "x"}
	if _, _, err := e.svc.FollowerList(ctx, stranger, e.site, 10, nil); stgypub.ErrorCode(err) != stgypub.CodeForbidden {
		t.Fatalf("a stranger's list: %v", err)
	}
	if err := e.svc.RemoveFollower(ctx, stranger, e.site, carol.actorURL()); stgypub.ErrorCode(err) != stgypub.CodeForbidden {
		t.Fatalf("a stranger removes: %v", err)
	}

	// Removing carol: gone from the count, and a signed Reject of her
	// Follow reaches her inbox.
	if err := e.svc.RemoveFollower(ctx, owner, e.site, carol.actorURL()); err != nil {
		t.Fatal(err)
	}
	if n, _ := e.st.Federation.CountFollowers(ctx, e.site); n != 1 {
		t.Fatalf("followers after remove = %d", n)
	}
	if err := e.svc.RemoveFollower(ctx, owner, e.site, carol.actorURL()); !stgypub.IsNotFound(err) {
		t.Fatalf("removing again: %v", err)
	}
	e.deliver(1)
	select {
	case <-carol.got:
	case <-time.After(time.Minute):
		t.Fatal("no Reject reached the removed follower")
	}
	carol.mu.Lock()
	req, body := carol.inbox[len(carol.inbox)-1], carol.body[len(carol.body)-1]
	carol.mu.Unlock()
	var reject map[string]any
	if err := json.Unmarshal(body, &reject); err != nil || reject["type"] != "Reject" || reject["actor"] != e.actorID() {
		t.Fatalf("Reject = %s", body)
	}
	if obj := reject["object"].(map[string]any); obj["id"] != carol.actorURL()+"/follows/7" || obj["type"] != "Follow" || obj["actor"] != carol.actorURL() || obj["object"] != e.actorID() {
		t.Fatalf("Reject object = %v", obj)
	}
	pub, err := federation.ParsePublicKeyPEM(e.actor()["publicKey"].(map[string]any)["publicKeyPem"].(string))
	if err != nil {
		t.Fatal(err)
	}
	v, err := httpsig.NewVerifier(req)
	if err != nil {
		t.Fatal(err)
	}
	if err := v.Verify(pub, httpsig.RSA_SHA256); err != nil {
		t.Fatalf("Reject does not verify with the published key: %v", err)
	}
	// Her next post is not sent to her.
	e.publish(e.site, "After")
	e.deliver(1)
	if _, act := e.received(); act["type"] != "Create" {
		t.Fatalf("to bob: %v", act)
	}
	carol.mu.Lock()
	n := len(carol.inbox)
	carol.mu.Unlock()
	if n != 2 {
		t.Fatalf("carol received %d deliveries, want the Accept and the Reject", n)
	}
}
