package server_test

import (
	"context"
	"encoding/xml"
	"strings"
	"testing"
	"time"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/comment"
	"github.com/stgy/stgypub/demo"
	"github.com/stgy/stgypub/internal/redistest"
	"github.com/stgy/stgypub/server"
)

// TestDemoFeedsValidate (issue 21 #3): the site feed of every demo site
// and the comments feed of every article that has one pass the feed
// validator's rules (validateAtom: required elements, feed metadata
// before the entries, self link, unique absolute ids, RFC 3339 dates,
// content type="html" with absolute URLs), with comments in English and
// Japanese, markup in them, and an image-only post whose entry keeps its
// image and alt text.
func TestDemoFeedsValidate(t *testing.T) {
	ctx := context.Background()
	e := newEnv(t)
	r := redistest.New(t)
	svc := comment.New(e.st.Comments, nil, comment.NewPublicCache(r.Client, r.Prefix, nil), comment.Config{})
	e.srv = e.newServer(server.Deps{Views: e.views, Ranker: e.views, Counts: e.views, Comments: svc, Pages: e.pages})
	e.clk.Set(time.Now().UTC().Truncate(time.Second)) // the demo's dates are real ones
	loaded, err := demo.Load(ctx, e.st.Posts, e.st.Users, e.clock)
	if err != nil {
		t.Fatal(err)
	}
	imageOnly := e.post(0, loaded[0].UserID, "![A gopher at work](https://go.dev/blog/gopher/work.png)\n", "en", ptrTime(e.clock().Add(-time.Minute)))
	comments := []string{"Thanks! <b>bold</b> & \"quotes\"\nsecond line", "ありがとうございます。とても参考になりました。", "x < y && y > z"}
	feeds, commentFeeds := 0, 0
	for _, l := range loaded {
		self := baseURL + "/sites/" + l.UserID.String() + "/feed.atom"
		rec := e.get("/sites/" + l.UserID.String() + "/feed.atom")
		if rec.Code != 200 {
			t.Fatalf("%s feed: %d", l.LoginName, rec.Code)
		}
		for _, p := range validateAtom(rec.Body.Bytes(), feedRules{self: self, wantContent: true}) {
			t.Errorf("%s feed: %s", l.LoginName, p)
		}
		feeds++
		posts, err := e.st.Posts.PublishedByUser(ctx, l.UserID, stgypub.PostQuery{Order: stgypub.OrderNewest, Limit: 100})
		if err != nil {
			t.Fatal(err)
		}
		for i, p := range posts {
			if i < len(comments) {
				c := &stgypub.Comment{PostID: p.ID, Nickname: []string{"Ann", "花子", "O'Brien <x>"}[i], Body: comments[i], Status: stgypub.CommentPublished}
				if err := e.st.Comments.InsertComment(ctx, &stgypub.NewComment{Comment: c}); err != nil {
					t.Fatal(err)
				}
			}
			rec := e.get("/pub/" + p.ID.String() + "/comments.atom")
			if rec.Code == 404 {
				continue // no comment section on this article
			}
			if rec.Code != 200 {
				t.Fatalf("%s comments feed: %d", p.ID, rec.Code)
			}
			for _, prob := range validateAtom(rec.Body.Bytes(), feedRules{self: baseURL + "/pub/" + p.ID.String() + "/comments.atom"}) {
				t.Errorf("%s/%s comments feed: %s", l.LoginName, p.ID, prob)
			}
			commentFeeds++
		}
	}
	t.Logf("validated %d site feeds and %d comments feeds", feeds, commentFeeds)
	if feeds != 3 || commentFeeds < 20 {
		t.Errorf("validated %d site feeds and %d comments feeds", feeds, commentFeeds)
	}

	// The image-only post's entry keeps image and alt text.
	var feed struct {
		Entries []struct {
			ID      string `xml:"id"`
			Summary string `xml:"summary"`
			Content struct {
				Type string `xml:"type,attr"`
				Text string `xml:",chardata"`
			} `xml:"content"`
			Thumbnail struct {
				URL string `xml:"url,attr"`
			} `xml:"http://search.yahoo.com/mrss/ thumbnail"`
		} `xml:"entry"`
	}
	if err := xml.Unmarshal(e.get("/sites/"+loaded[0].UserID.String()+"/feed.atom").Body.Bytes(), &feed); err != nil {
		t.Fatal(err)
	}
	found := false
	for _, en := range feed.Entries {
		if en.ID != baseURL+"/pub/"+imageOnly.String() {
			continue
		}
		found = true
		if en.Summary != "A gopher at work" || en.Content.Type != "html" ||
			!strings.Contains(en.Content.Text, `src="https://go.dev/blog/gopher/work.png"`) || !strings.Contains(en.Content.Text, `alt="A gopher at work"`) ||
			en.Thumbnail.URL != "https://go.dev/blog/gopher/work.png" {
			t.Errorf("image-only entry: %+v", en)
		}
	}
	if !found {
		t.Error("image-only post not in the feed")
	}
}

func ptrTime(t time.Time) *time.Time { return &t }
