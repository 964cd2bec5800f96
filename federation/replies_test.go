package federation_test

import (
	"context"
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/comment"
	"github.com/stgy/stgypub/federation"
)

// replyEnv is a federated site whose comments go through a real
// comment.Service (cap maxComments) in mode, with one published post
// accepting replies.
type replyEnv struct {
	*env
	article stgypub.ID
}

func newReplyEnv(t *testing.T, mode string, maxComments int, configure func(*federation.Config)) *replyEnv {
	t.Helper()
	e := newEnvWith(t, true, func(e *env, c *federation.Config) {
		c.Comments = comment.New(e.st.Comments, nil, nil, comment.Config{Now: e.clock, MaxComments: maxComments})
		if configure != nil {
			configure(c)
		}
	})
	e.setExtension("comments", map[string]any{"mode": mode})
	return &replyEnv{env: e, article: e.newPost(true)}
}

// setExtension sets one member of the site's extensions.
func (e *env) setExtension(key string, v any) {
	e.t.Helper()
	ctx := context.Background()
	cfg, err := e.st.Users.PubConfig(ctx, e.site)
	if err != nil {
		e.t.Fatal(err)
	}
	obj := cfg.Extensions.Object()
	obj[key] = v
	if cfg.Extensions, err = stgypub.NewExtensions(obj); err != nil {
		e.t.Fatal(err)
	}
	if err := e.st.Users.UpdatePubConfig(ctx, cfg); err != nil {
		e.t.Fatal(err)
	}
}

// newPost creates a post of the site accepting replies, published an
// hour ago or a draft.
func (e *env) newPost(published bool) stgypub.ID {
	e.t.Helper()
	p := &stgypub.Post{OwnedBy: e.site, AllowReplies: true, Snippet: `{"title":"r"}`, Content: "x"}
	if published {
		at := time.Now().Add(-time.Hour)
		p.PublishedAt = &at
	}
	if err := e.st.Posts.CreatePost(context.Background(), p); err != nil {
		e.t.Fatal(err)
	}
	return p.ID
}

func (e *env) postURL(id stgypub.ID) string { return e.local.URL + "/pub/" + id.String() }

func (e *env) bob() string { return e.remote.actorURL() }
func (e *env) eve() string { return e.remote.srv.URL + "/users/eve" }

// noteID is the ID of bob's status n.
func (e *env) noteID(n int) string { return e.bob() + "/statuses/" + strconv.Itoa(n) }

// noteActivity is a Create or Update by actor of an embedded Note.
func noteActivity(typ, actor, noteID, inReplyTo, content string) []byte {
	b, _ := json.Marshal(map[string]any{
		"@context": federation.ContextActivityStreams, "id": noteID + "/activity/" + strings.ToLower(typ), "type": typ, "actor": actor,
		"object": map[string]any{"id": noteID, "type": "Note", "attributedTo": actor, "inReplyTo": inReplyTo, "content": content,
			"to": []string{"https://www.w3.org/ns/activitystreams#Public"}},
	})
	return b
}

func deleteActivity(actor string, object any) []byte {
	b, _ := json.Marshal(map[string]any{"@context": federation.ContextActivityStreams, "id": actor + "#delete/" + strconv.FormatInt(time.Now().UnixNano(), 10),
		"type": "Delete", "actor": actor, "object": object})
	return b
}

// send posts body signed by bob (or eve when actor is hers).
func (e *env) send(actor string, body []byte) (int, string) {
	e.t.Helper()
	if actor == e.eve() {
		return e.post(body, e.eve()+"#main-key", e.remote.eve, time.Now(), nil)
	}
	return e.post(body, e.bob()+"#main-key", e.remote.key, time.Now(), nil)
}

func (e *env) mustSend(actor string, body []byte, want int) string {
	e.t.Helper()
	code, reason := e.send(actor, body)
	if code != want {
		e.t.Fatalf("%s: %d %q, want %d", body, code, reason, want)
	}
	return reason
}

func (e *env) comments(post stgypub.ID) []*stgypub.Comment {
	e.t.Helper()
	cs, err := e.st.Comments.ExportComments(context.Background(), post)
	if err != nil {
		e.t.Fatal(err)
	}
	return cs
}

func TestReplyBecomesComment(t *testing.T) {
	ctx := context.Background()
	for _, tc := range []struct {
		mode   string
		status stgypub.CommentStatus // "" when nothing is stored
	}{
		{stgypub.CommentsModerated, stgypub.CommentPending},
		{stgypub.CommentsOpen, stgypub.CommentPublished},
		{stgypub.CommentsNone, ""},
	} {
		t.Run(tc.mode, func(t *testing.T) {
			e := newReplyEnv(t, tc.mode, 0, nil)
			create := noteActivity("Create", e.bob(), e.noteID(1), e.postURL(e.article),
				`<p><span class="h-card"><a href="`+e.actorID()+`" class="u-url mention">@<span>Alice</span></a></span> Nice post, see <a href="https://ex.example/more">more</a></p>`)
			e.mustSend(e.bob(), create, http.StatusAccepted)
			cs := e.comments(e.article)
			if tc.status == "" {
				if len(cs) != 0 {
					t.Fatalf("mode none stored %d comments", len(cs))
				}
				if _, err := e.st.Federation.RemoteComment(ctx, e.noteID(1)); !stgypub.IsNotFound(err) {
					t.Fatalf("mode none kept the Note: %v", err)
				}
				return
			}
			want := "@Alice Nice post, see more (https://ex.example/more)\n\n— " + e.remote.srv.URL + "/@bob\n"
			if len(cs) != 1 || cs[0].Status != tc.status || cs[0].Nickname != "Bob ☕ Builder" || cs[0].Body != want || cs[0].IsAuthor {
				t.Fatalf("comments = %+v, want one %s by Bob with body %q", cs, tc.status, want)
			}
			rc, err := e.st.Federation.RemoteComment(ctx, e.noteID(1))
			if err != nil || rc.CommentID != cs[0].ID || rc.Actor != e.bob() || rc.PostID != e.article {
				t.Fatalf("RemoteComment = %+v, %v", rc, err)
			}
			ns, unread, err := e.st.Comments.CommentNotifications(ctx, e.site, stgypub.NotificationQuery{Limit: 10})
			if err != nil || unread != 1 || ns[0].CommentID != cs[0].ID || ns[0].Nickname != "Bob ☕ Builder" {
				t.Fatalf("owner notifications = %+v (%d unread), %v", ns, unread, err)
			}
			// A redelivered Create (at-least-once delivery) stores nothing more.
			e.mustSend(e.bob(), create, http.StatusAccepted)
			if cs := e.comments(e.article); len(cs) != 1 {
				t.Fatalf("after redelivery: %d comments", len(cs))
			}
		})
	}
}

func TestReplyHTMLBecomesPlainText(t *testing.T) {
	e := newReplyEnv(t, stgypub.CommentsOpen, 0, nil)
	sig := "\n\n— " + e.remote.srv.URL + "/@bob\n"
	for i, tc := range []struct{ name, html, want string }{
		{"script and style", `<p>safe<script>document.cookie</script> text</p><style>*{display:none}</style><img src=x onerror=alert(1)>`, "safe text"},
		{"nested markup", `<div><p><b>bold <i>italic <a href="https://e.example/x"><code>code</code> link</a></i></b></p><blockquote><p>quote</p></blockquote><ul><li>a</li><li>b</li></ul></div>`,
			"bold italic code link (https://e.example/x)\n\nquote\n\na\nb"},
		{"Japanese", `<p>記事を読みました。<br>とても<strong>面白い</strong>です！ <a href="https://例え.jp/メモ">メモ</a></p>`, "記事を読みました。\nとても面白いです！ メモ (https://例え.jp/メモ)"},
		{"entities and a bare link", `<p>1 &lt; 2 &amp;&amp; <a href="https://e.example/p"><span class="invisible">https://</span>e.example/p</a></p>`, "1 < 2 && https://e.example/p"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			post := e.newPost(true)
			e.mustSend(e.bob(), noteActivity("Create", e.bob(), e.noteID(100+i), e.postURL(post), tc.html), http.StatusAccepted)
			cs := e.comments(post)
			if len(cs) != 1 || cs[0].Body != tc.want+sig {
				t.Fatalf("comments = %+v, want body %q", cs, tc.want+sig)
			}
		})
	}
	t.Run("long note cut to the limit", func(t *testing.T) {
		post := e.newPost(true)
		e.mustSend(e.bob(), noteActivity("Create", e.bob(), e.noteID(200), e.postURL(post), "<p>"+strings.Repeat("あ", 1500)+"</p>"), http.StatusAccepted)
		cs := e.comments(post)
		if len(cs) != 1 || stgypub.BodyLength(cs[0].Body) != stgypub.CommentBodyMaxChars || !strings.HasSuffix(cs[0].Body, "…"+sig) {
			t.Fatalf("comments = %+v", cs)
		}
	})
	t.Run("no text is 400", func(t *testing.T) {
		post := e.newPost(true)
		reason := e.mustSend(e.bob(), noteActivity("Create", e.bob(), e.noteID(201), e.postURL(post), `<p><img src="https://e.example/cat.png"></p>`), http.StatusBadRequest)
		if !strings.Contains(reason, "no text") || len(e.comments(post)) != 0 {
			t.Fatalf("reason %q, comments %d", reason, len(e.comments(post)))
		}
	})
}

func TestReplyUpdatedAndDeleted(t *testing.T) {
	ctx := context.Background()
	e := newReplyEnv(t, stgypub.CommentsOpen, 0, nil)
	sig := "\n\n— " + e.remote.srv.URL + "/@bob\n"
	e.mustSend(e.bob(), noteActivity("Create", e.bob(), e.noteID(1), e.postURL(e.article), "<p>first</p>"), http.StatusAccepted)
	e.mustSend(e.bob(), noteActivity("Update", e.bob(), e.noteID(1), e.postURL(e.article), "<p>second <b>thoughts</b></p>"), http.StatusAccepted)
	if cs := e.comments(e.article); len(cs) != 1 || cs[0].Body != "second thoughts"+sig || cs[0].Status != stgypub.CommentPublished {
		t.Fatalf("after Update: %+v", cs)
	}

	// Eve may neither edit nor delete bob's Note: 403 with the reason.
	for _, body := range [][]byte{
		noteActivity("Update", e.eve(), e.noteID(1), e.postURL(e.article), "<p>spam</p>"),
		deleteActivity(e.eve(), e.noteID(1)),
		deleteActivity(e.eve(), map[string]any{"id": e.noteID(1), "type": "Tombstone"}),
	} {
		if reason := e.mustSend(e.eve(), body, http.StatusForbidden); !strings.Contains(reason, "another actor") {
			t.Fatalf("reason %q", reason)
		}
	}
	// Nor claim a Note of hers is bob's.
	forged, _ := json.Marshal(map[string]any{"id": e.eve() + "/activity/9", "type": "Create", "actor": e.eve(),
		"object": map[string]any{"id": e.remote.srv.URL + "/users/eve/statuses/9", "type": "Note", "attributedTo": e.bob(), "inReplyTo": e.postURL(e.article), "content": "x"}})
	if reason := e.mustSend(e.eve(), forged, http.StatusForbidden); !strings.Contains(reason, "attributed to") {
		t.Fatalf("reason %q", reason)
	}
	if cs := e.comments(e.article); len(cs) != 1 || cs[0].Body != "second thoughts"+sig {
		t.Fatalf("after eve's attempts: %+v", cs)
	}

	// Bob deletes it (a Tombstone); then another by its bare ID.
	e.mustSend(e.bob(), deleteActivity(e.bob(), map[string]any{"id": e.noteID(1), "type": "Tombstone"}), http.StatusAccepted)
	if cs := e.comments(e.article); len(cs) != 0 {
		t.Fatalf("after Delete: %+v", cs)
	}
	if _, err := e.st.Federation.RemoteComment(ctx, e.noteID(1)); !stgypub.IsNotFound(err) {
		t.Fatalf("the Note outlived its comment: %v", err)
	}
	e.mustSend(e.bob(), noteActivity("Create", e.bob(), e.noteID(2), e.postURL(e.article), "<p>again</p>"), http.StatusAccepted)
	e.mustSend(e.bob(), deleteActivity(e.bob(), e.noteID(2)), http.StatusAccepted)
	if cs := e.comments(e.article); len(cs) != 0 {
		t.Fatalf("after Delete by ID: %+v", cs)
	}
	// Update and Delete of a Note never stored: ignored.
	e.mustSend(e.bob(), noteActivity("Update", e.bob(), e.noteID(3), e.postURL(e.article), "<p>?</p>"), http.StatusAccepted)
	e.mustSend(e.bob(), deleteActivity(e.bob(), e.noteID(3)), http.StatusAccepted)
	if cs := e.comments(e.article); len(cs) != 0 {
		t.Fatalf("an Update of an unknown Note made a comment: %+v", cs)
	}

	// Deleting the actor removes its comments, and only its.
	e.mustSend(e.bob(), noteActivity("Create", e.bob(), e.noteID(4), e.postURL(e.article), "<p>one</p>"), http.StatusAccepted)
	e.mustSend(e.bob(), noteActivity("Create", e.bob(), e.noteID(5), e.postURL(e.article), "<p>two</p>"), http.StatusAccepted)
	e.mustSend(e.eve(), noteActivity("Create", e.eve(), e.eve()+"/statuses/1", e.postURL(e.article), "<p>eve's</p>"), http.StatusAccepted)
	e.mustSend(e.bob(), deleteActivity(e.bob(), e.bob()), http.StatusAccepted)
	cs := e.comments(e.article)
	// Eve has no name and no url: her nickname is her preferredUsername,
	// her link her actor ID.
	if len(cs) != 1 || cs[0].Nickname != "eve" || cs[0].Body != "eve's\n\n— "+e.eve()+"\n" {
		t.Fatalf("after bob's actor Delete: %+v", cs)
	}
}

func TestReplyToUnknownPostIgnored(t *testing.T) {
	e := newReplyEnv(t, stgypub.CommentsOpen, 0, nil)
	draft := e.newPost(false)
	other := &stgypub.User{LoginName: "carol", Nickname: "Carol"}
	if err := e.st.Users.CreateUser(context.Background(), other); err != nil {
		t.Fatal(err)
	}
	at := time.Now().Add(-time.Hour)
	otherPost := &stgypub.Post{OwnedBy: other.ID, PublishedAt: &at, AllowReplies: true, Snippet: `{"title":"c"}`, Content: "x"}
	if err := e.st.Posts.CreatePost(context.Background(), otherPost); err != nil {
		t.Fatal(err)
	}
	for i, inReplyTo := range []string{
		e.postURL(stgypub.ID(123456789)),                      // no such post
		e.postURL(draft),                                      // not published
		e.postURL(otherPost.ID),                               // another site's post, sent to this inbox
		"https://elsewhere.example/pub/" + e.article.String(), // another server
		e.local.URL + "/pub/" + e.article.String() + "x",      // not an ID
		"",
	} {
		e.mustSend(e.bob(), noteActivity("Create", e.bob(), e.noteID(i), inReplyTo, "<p>hi</p>"), http.StatusAccepted)
	}
	for _, p := range []stgypub.ID{e.article, draft, otherPost.ID} {
		if cs := e.comments(p); len(cs) != 0 {
			t.Fatalf("post %s got %+v", p, cs)
		}
	}
	// A direct or followers-only reply never becomes a public comment.
	for i, to := range []any{[]string{e.actorID()}, e.bob() + "/followers", nil} {
		b, _ := json.Marshal(map[string]any{"id": e.noteID(60+i) + "/activity", "type": "Create", "actor": e.bob(),
			"object": map[string]any{"id": e.noteID(60 + i), "type": "Note", "attributedTo": e.bob(), "inReplyTo": e.postURL(e.article),
				"content": "<p>private</p>", "to": to, "cc": []string{e.actorID()}}})
		e.mustSend(e.bob(), b, http.StatusAccepted)
	}
	if cs := e.comments(e.article); len(cs) != 0 {
		t.Fatalf("a non-public reply became %+v", cs)
	}
	// Unlisted (the public collection in cc) is public.
	b, _ := json.Marshal(map[string]any{"id": e.noteID(70) + "/activity", "type": "Create", "actor": e.bob(),
		"object": map[string]any{"id": e.noteID(70), "type": "Note", "attributedTo": e.bob(), "inReplyTo": e.postURL(e.article),
			"content": "<p>unlisted</p>", "to": e.bob() + "/followers", "cc": []string{"https://www.w3.org/ns/activitystreams#Public"}}})
	e.mustSend(e.bob(), b, http.StatusAccepted)
	if cs := e.comments(e.article); len(cs) != 1 {
		t.Fatalf("an unlisted reply: %+v", cs)
	}
	// A post whose replies are off is like mode none.
	closed := &stgypub.Post{OwnedBy: e.site, PublishedAt: &at, Snippet: `{"title":"n"}`, Content: "x"}
	if err := e.st.Posts.CreatePost(context.Background(), closed); err != nil {
		t.Fatal(err)
	}
	e.mustSend(e.bob(), noteActivity("Create", e.bob(), e.noteID(50), e.postURL(closed.ID), "<p>hi</p>"), http.StatusAccepted)
	if cs := e.comments(closed.ID); len(cs) != 0 {
		t.Fatalf("replies off stored %+v", cs)
	}
}

func TestReplyCapHonoured(t *testing.T) {
	e := newReplyEnv(t, stgypub.CommentsModerated, 2, nil)
	for i := range 3 {
		e.mustSend(e.bob(), noteActivity("Create", e.bob(), e.noteID(i), e.postURL(e.article), "<p>n"+strconv.Itoa(i)+"</p>"), http.StatusAccepted)
	}
	if cs := e.comments(e.article); len(cs) != 2 {
		t.Fatalf("%d comments stored, the cap is 2", len(cs))
	}
}

func TestInboxBlocklist(t *testing.T) {
	ctx := context.Background()
	for _, tc := range []struct{ name, entry string }{
		{"host", "127.0.0.1"},
		{"actor", "x"}, // set below: bob's actor URL
	} {
		t.Run(tc.name, func(t *testing.T) {
			e := newReplyEnv(t, stgypub.CommentsOpen, 0, nil)
			entry := tc.entry
			if tc.name == "actor" {
				entry = e.bob()
			}
			e.setExtension("federation", map[string]any{"enabled": true, "blocked": []any{"spam.example", entry}})
			for _, body := range [][]byte{e.follow(e.bob() + "/follows/1"), noteActivity("Create", e.bob(), e.noteID(1), e.postURL(e.article), "<p>hi</p>")} {
				if reason := e.mustSend(e.bob(), body, http.StatusForbidden); !strings.Contains(reason, "blocked") || !strings.Contains(reason, entry) {
					t.Fatalf("reason %q", reason)
				}
			}
			if n, _ := e.st.Federation.CountFollowers(ctx, e.site); n != 0 || len(e.comments(e.article)) != 0 {
				t.Fatalf("a blocked actor left %d followers, %d comments", n, len(e.comments(e.article)))
			}
			// Eve is on the same server: blocked with the host, not with bob.
			eveFollow, _ := json.Marshal(map[string]any{"id": e.eve() + "/follows/1", "type": "Follow", "actor": e.eve(), "object": e.actorID()})
			want := http.StatusForbidden
			if tc.name == "actor" {
				want = http.StatusAccepted
			}
			e.mustSend(e.eve(), eveFollow, want)
		})
	}
}

func TestInboxRateLimitedPerServer(t *testing.T) {
	// A bucket of 3 that refills once in 100 minutes: the fourth
	// activity is over it however slow the machine.
	e := newReplyEnv(t, stgypub.CommentsOpen, 0, func(c *federation.Config) { c.InboxPerMinute, c.InboxBurst = 0.01, 3 })
	like := func(actor string) []byte {
		b, _ := json.Marshal(map[string]any{"id": actor + "/likes/1", "type": "Like", "actor": actor, "object": e.postURL(e.article)})
		return b
	}
	for range 3 {
		e.mustSend(e.bob(), like(e.bob()), http.StatusAccepted)
	}
	body := like(e.eve())
	req, _ := http.NewRequest(http.MethodPost, e.actorID()+"/inbox", strings.NewReader(string(body)))
	if err := federation.SignRequest(req, body, e.remote.eve, e.eve()+"#main-key", time.Now()); err != nil {
		t.Fatal(err)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	// The same server (eve's key is on bob's host): over its limit.
	if resp.StatusCode != http.StatusTooManyRequests {
		t.Fatalf("fourth activity from the server: %d, want 429", resp.StatusCode)
	}
	if s, err := strconv.Atoi(resp.Header.Get("Retry-After")); err != nil || s < 1 {
		t.Fatalf("Retry-After = %q", resp.Header.Get("Retry-After"))
	}
	// An unverified request is refused for its signature, not counted.
	if code, _ := e.post(like(e.bob()), e.bob()+"#main-key", e.remote.eve, time.Now(), nil); code != http.StatusUnauthorized {
		t.Fatalf("bad signature over the limit: %d, want 401", code)
	}
	// A reply over the limit stores nothing.
	e.mustSend(e.bob(), noteActivity("Create", e.bob(), e.noteID(1), e.postURL(e.article), "<p>hi</p>"), http.StatusTooManyRequests)
	if cs := e.comments(e.article); len(cs) != 0 {
		t.Fatalf("stored over the limit: %+v", cs)
	}
}

// TestReplyEditedInModeratedMode: an approved reply whose Note changes
// is pending again, as a new reader's comment would be; an Update
// changing nothing leaves it published.
func TestReplyEditedInModeratedMode(t *testing.T) {
	ctx := context.Background()
	e := newReplyEnv(t, stgypub.CommentsModerated, 0, nil)
	e.mustSend(e.bob(), noteActivity("Create", e.bob(), e.noteID(1), e.postURL(e.article), "<p>fine words</p>"), http.StatusAccepted)
	cs := e.comments(e.article)
	if len(cs) != 1 || cs[0].Status != stgypub.CommentPending {
		t.Fatalf("after Create: %+v", cs)
	}
	if _, err := e.st.Comments.ApproveComment(ctx, cs[0].ID); err != nil {
		t.Fatal(err)
	}
	e.mustSend(e.bob(), noteActivity("Update", e.bob(), e.noteID(1), e.postURL(e.article), "<p>fine words</p>"), http.StatusAccepted)
	if cs := e.comments(e.article); cs[0].Status != stgypub.CommentPublished {
		t.Fatalf("an Update changing nothing: %+v", cs[0])
	}
	e.mustSend(e.bob(), noteActivity("Update", e.bob(), e.noteID(1), e.postURL(e.article), "<p>buy <a href=\"https://spam.example/\">pills</a></p>"), http.StatusAccepted)
	if cs := e.comments(e.article); cs[0].Status != stgypub.CommentPending || !strings.HasPrefix(cs[0].Body, "buy pills (https://spam.example/)") {
		t.Fatalf("an approved reply edited: %+v, want pending with the new text", cs[0])
	}
}
