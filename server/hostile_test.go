package server_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/article"
	"github.com/stgy/stgypub/server"
)

// TestHostilePostPage (issue 9 #6): the article page of a 99 KB post of
// "* " repeated 49,499 times, and of other hostile shapes, is served (the
// over-deep markers as text) and its rendering is stored once. Shapes
// that multiply their size (a wide table header padded onto 45,000
// lines, a long reference used 18,000 times) give pages about as large
// as the post: the table stays text (markdown.MaxTableCells), the
// references are shown as the escaped text (markdown.MaxHTMLBytes).
func TestHostilePostPage(t *testing.T) {
	e := newEnv(t)
	e.srv = e.newServer(server.Deps{Views: e.views, Ranker: e.views, Counts: e.views, Articles: article.New(e.st.Posts, article.Config{})})
	u := e.user(0x1000000000000001, "alice", "Alice")
	bodies := []string{
		strings.Repeat("* ", 49_499) + "a",
		strings.Repeat("> ", 49_499) + "a",
		strings.Repeat("[a](", 24_999),
		strings.Repeat("<b></i>", 14_000),
		strings.Repeat("|a", 2000) + "\n" + strings.Repeat("|-", 2000) + "\n" + strings.Repeat("x\n", 45_000),
		"[a]: /" + strings.Repeat("x", 5000) + "\n\n" + strings.Repeat("[a] ", 18_000),
	}
	for i, body := range bodies {
		p := e.post(stgypub.ID(0x2000000000000001+i), u, body, "en", at(-time.Hour))
		rec := e.get("/pub/" + p.String())
		if rec.Code != http.StatusOK || rec.Body.Len() > 3*len(body)+50_000 {
			t.Fatalf("%.10q…: status %d, %d bytes for a %d-byte post", body, rec.Code, rec.Body.Len(), len(body))
		}
		if r, err := e.st.Posts.PostRender(t.Context(), p, false); err != nil || r.HTML == "" {
			t.Errorf("%.10q…: stored rendering %v, %v", body, r, err)
		}
	}
	page := e.get("/pub/" + stgypub.ID(0x2000000000000001).String()).Body.String()
	if strings.Count(page, "<ul>") != 32 || !strings.Contains(page, "* * * a") {
		t.Errorf("nesting not cut at 32: %d lists", strings.Count(page, "<ul>"))
	}
	if page := e.get("/pub/" + stgypub.ID(0x2000000000000005).String()).Body.String(); strings.Contains(page, "<table") || !strings.Contains(page, "|a|a|a") {
		t.Errorf("the padded table is not text: %.200q", page)
	}
	if page := e.get("/pub/" + stgypub.ID(0x2000000000000006).String()).Body.String(); !strings.Contains(page, `<pre class="unrendered">[a]: /xxx`) {
		t.Errorf("the references are not shown as text")
	}
}
