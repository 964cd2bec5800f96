package server_test

import (
	"context"
	"encoding/json"
	"encoding/xml"

	"strings"
	"testing"
	"time"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/comment"
	"github.com/stgy/stgypub/internal/redistest"
	"github.com/stgy/stgypub/server"
	"github.com/stgy/stgypub/ui"
)

// commentsEnv is env with the real comment service (PostgreSQL and a
// Redis prefix for its public cache), an owner and a published post.
type commentsEnv struct {
	*env
	svc   *comment.Service
	owner stgypub.ID
	post  stgypub.ID
}

func newCommentsEnv(t *testing.T, mode string) *commentsEnv {
	t.Helper()
	e := newEnv(t)
	r := redistest.New(t)
	svc := comment.New(e.st.Comments, nil, comment.NewPublicCache(r.Client, r.Prefix, nil), comment.Config{})
	e.srv = e.newServer(server.Deps{Views: e.views, Ranker: e.views, Counts: e.views, Comments: svc})
	ce := &commentsEnv{env: e, svc: svc}
	ce.owner = e.user(0x19FD000000000001, "owner", "Owner")
	ce.setMode(mode)
	ce.post = e.post(0x19FD000000100001, ce.owner, "# Commented post\n\nBody.", "en", at(-time.Hour))
	return ce
}

func (e *commentsEnv) setMode(mode string) {
	e.t.Helper()
	cfg, _ := e.st.Users.PubConfig(context.Background(), e.owner)
	cfg.Extensions, _ = stgypub.ParseExtensions(`{"comments":{"mode":"` + mode + `"}}`)
	e.config(cfg)
}

func (e *commentsEnv) comment(nick, body string, st stgypub.CommentStatus) *stgypub.Comment {
	e.t.Helper()
	c := &stgypub.Comment{PostID: e.post, Nickname: nick, Body: body, Status: st}
	if err := e.st.Comments.InsertComment(context.Background(), &stgypub.NewComment{Comment: c}); err != nil {
		e.t.Fatal(err)
	}
	return c
}

func jsonLD(t *testing.T, page string) map[string]any {
	t.Helper()
	m := ldRE.FindStringSubmatch(page)
	if m == nil {
		t.Fatal("no JSON-LD")
	}
	var v map[string]any
	if err := json.Unmarshal([]byte(m[1]), &v); err != nil {
		t.Fatalf("JSON-LD: %v", err)
	}
	return v
}

func TestCommentSectionOnPubPage(t *testing.T) {
	e := newCommentsEnv(t, stgypub.CommentsModerated)
	e.views.counts = map[stgypub.ID]int64{e.post: 42}
	e.comment("Ann", "first <b>bold</b>\n", stgypub.CommentPublished)
	e.comment("Ben", "second\n", stgypub.CommentPublished)
	e.comment("Spam", "pending\n", stgypub.CommentPending)
	rec := e.get("/pub/" + e.post.String())
	body := rec.Body.String()
	if rec.Code != 200 {
		t.Fatalf("status %d", rec.Code)
	}
	for _, want := range []string{
		`<section class="comments" id="stgy-comments" aria-labelledby="stgy-comments-heading">`,
		`<h2 id="stgy-comments-heading">Comments <span class="comments-count">(2)</span></h2>`,
		`data-stgy-comments data-post-id="` + e.post.String() + `"`,
		`<a href="` + baseURL + `/pub/` + e.post.String() + `/comments.atom" type="application/atom+xml">Comments feed</a>`,
		`<link rel="alternate" type="application/atom+xml" title="Comments: Commented post" href="` + baseURL + `/pub/` + e.post.String() + `/comments.atom">`,
	} {
		if !strings.Contains(body, want) {
			t.Errorf("page lacks %s", want)
		}
	}
	// The widget's script and stylesheet, from the ui build, no inline code.
	w := ui.MustEntry("comments")
	if !strings.Contains(body, `<script defer src="`+w.Scripts[0]+`"></script>`) || !strings.Contains(body, `<link rel="stylesheet" href="`+w.Styles[0]+`">`) {
		t.Errorf("page lacks the widget's files %v", w)
	}
	// No comment text in the page (the widget reads it), no inline code
	// or style attributes.
	for _, bad := range []string{"first", "pending", "Spam", " style=", " onclick="} {
		if strings.Contains(body, bad) {
			t.Errorf("page contains %q", bad)
		}
	}
	ld := jsonLD(t, body)
	if ld["commentCount"] != float64(2) {
		t.Errorf("commentCount %v", ld["commentCount"])
	}
	stats, _ := ld["interactionStatistic"].([]any)
	got := map[string]float64{}
	for _, s := range stats {
		m := s.(map[string]any)
		if m["@type"] != "InteractionCounter" {
			t.Errorf("statistic %v", m)
		}
		got[m["interactionType"].(string)] = m["userInteractionCount"].(float64)
	}
	if got["https://schema.org/CommentAction"] != 2 || got["https://schema.org/ViewAction"] != 42 || len(got) != 2 {
		t.Errorf("interactionStatistic %v", got)
	}

	// A new published comment shows in the count at once (the cache is
	// dropped) and moves Last-Modified.
	before := rec.Header().Get("Last-Modified")
	e.clk.Add(time.Minute)
	if _, err := e.svc.Approve(context.Background(), &stgypub.User{ID: e.owner}, e.comment("Cy", "third\n", stgypub.CommentPending).ID); err != nil {
		t.Fatal(err)
	}
	rec = e.get("/pub/" + e.post.String())
	if ld := jsonLD(t, rec.Body.String()); ld["commentCount"] != float64(3) {
		t.Errorf("after approval commentCount %v", ld["commentCount"])
	}
	if after := rec.Header().Get("Last-Modified"); after == before {
		t.Errorf("Last-Modified did not move: %s", after)
	}
}

func TestNoCommentSectionWhenClosed(t *testing.T) {
	for _, tc := range []struct {
		name    string
		mode    string
		replies bool
	}{
		{"mode none", stgypub.CommentsNone, true},
		{"replies off", stgypub.CommentsOpen, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e := newCommentsEnv(t, stgypub.CommentsOpen)
			e.comment("Ann", "kept\n", stgypub.CommentPublished)
			e.setMode(tc.mode)
			if !tc.replies {
				p, _ := e.st.Posts.Post(context.Background(), e.post)
				p.AllowReplies = false
				if err := e.st.Posts.UpdatePost(context.Background(), p); err != nil {
					t.Fatal(err)
				}
			}
			body := e.get("/pub/" + e.post.String()).Body.String()
			if strings.Contains(body, "stgy-comments") || strings.Contains(body, "comments.atom") {
				t.Error("a closed section is rendered")
			}
			if ld := jsonLD(t, body); ld["commentCount"] != nil {
				t.Errorf("commentCount %v on a closed section", ld["commentCount"])
			}
			if rec := e.get("/pub/" + e.post.String() + "/comments.atom"); rec.Code != 404 {
				t.Errorf("feed of a closed section: %d", rec.Code)
			}
		})
	}
}

type atomFeed struct {
	Title   string `xml:"title"`
	Updated string `xml:"updated"`
	Entries []struct {
		Title   string `xml:"title"`
		ID      string `xml:"id"`
		Content struct {
			Type string `xml:"type,attr"`
			Text string `xml:",chardata"`
		} `xml:"content"`
		Author struct {
			Name string `xml:"name"`
		} `xml:"author"`
	} `xml:"entry"`
}

func TestCommentsFeed(t *testing.T) {
	e := newCommentsEnv(t, stgypub.CommentsModerated)
	a := e.comment("Ann <admin>", "Hello <script>alert(1)</script>\nsecond & line\n", stgypub.CommentPublished)
	e.comment("Hidden", "pending text\n", stgypub.CommentPending)
	b := e.comment("Ben", "newer\n", stgypub.CommentPublished)
	rec := e.get("/pub/" + e.post.String() + "/comments.atom")
	if rec.Code != 200 || !strings.HasPrefix(rec.Header().Get("Content-Type"), "application/atom+xml") {
		t.Fatalf("feed %d %s", rec.Code, rec.Header().Get("Content-Type"))
	}
	raw := rec.Body.String()
	if strings.Contains(raw, "<script") || strings.Contains(raw, "<admin>") || strings.Contains(raw, "pending text") {
		t.Errorf("feed carries raw markup or a pending comment:\n%s", raw)
	}
	var f atomFeed
	if err := xml.Unmarshal(rec.Body.Bytes(), &f); err != nil {
		t.Fatal(err)
	}
	if f.Title != "Comments: Commented post" || len(f.Entries) != 2 {
		t.Fatalf("feed %q with %d entries", f.Title, len(f.Entries))
	}
	if f.Entries[0].ID != baseURL+"/pub/"+e.post.String()+"#stgy-comment-"+b.ID.String() {
		t.Errorf("newest entry id %s", f.Entries[0].ID)
	}
	old := f.Entries[1]
	// Once the XML is read, the content is HTML whose text is the body.
	if old.Content.Type != "html" || old.Content.Text != "Hello &lt;script&gt;alert(1)&lt;/script&gt;<br>\nsecond &amp; line" ||
		old.Author.Name != "Ann <admin>" || old.Title != "Ann <admin>" {
		t.Errorf("entry %+v", old)
	}
	if old.ID != baseURL+"/pub/"+e.post.String()+"#stgy-comment-"+a.ID.String() {
		t.Errorf("older entry id %s", old.ID)
	}
	for _, path := range []string{"/pub/nothex/comments.atom", "/pub/00000000000000FF/comments.atom"} {
		if rec := e.get(path); rec.Code != 404 {
			t.Errorf("%s: %d", path, rec.Code)
		}
	}
	// Unpublished: 404.
	if err := e.st.Posts.SetPublication(context.Background(), e.post, nil); err != nil {
		t.Fatal(err)
	}
	if rec := e.get("/pub/" + e.post.String() + "/comments.atom"); rec.Code != 404 {
		t.Errorf("unpublished post's feed: %d", rec.Code)
	}
}

// The count on the page degrades, not the page: without the public
// cache's Redis the count comes from PostgreSQL.
func TestCommentCountWithRedisDown(t *testing.T) {
	e := newCommentsEnv(t, stgypub.CommentsOpen)
	srv := redistest.Start(t)
	svc := comment.New(e.st.Comments, nil, comment.NewPublicCache(srv.Client, "x:", nil), comment.Config{})
	e.srv = e.newServer(server.Deps{Views: e.views, Ranker: e.views, Counts: e.views, Comments: svc})
	e.comment("Ann", "hi\n", stgypub.CommentPublished)
	srv.Stop()
	rec := e.get("/pub/" + e.post.String())
	if rec.Code != 200 || jsonLD(t, rec.Body.String())["commentCount"] != float64(1) {
		t.Errorf("with Redis down: %d, %v", rec.Code, jsonLD(t, rec.Body.String())["commentCount"])
	}
}
