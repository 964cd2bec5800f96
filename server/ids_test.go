package server_test

import (
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/templates"
)

var idAttrRE = regexp.MustCompile(`\sid="([^"]*)"`)

// TestArticleIDsCannotShadowPageIDs: ids written in an article (raw HTML,
// heading ids, links to them) never take the page's own namespace
// (templates.PageIDPrefix: the ids pub.js gives the widget scripts it
// loads once), on the article page and in Rich lists; in-article links
// follow the renamed ids, other ids are left alone.
func TestArticleIDsCannotShadowPageIDs(t *testing.T) {
	e := newEnv(t)
	u := e.user(0x1000000000000001, "alice", "Alice")
	cfg := stgypub.DefaultPubConfig(u)
	ext, err := stgypub.ParseExtensions(`{"shareButtons":["x","hatena"]}`)
	if err != nil {
		t.Fatal(err)
	}
	cfg.Extensions = ext
	e.config(cfg)
	md := "## Stgy Share\n\n<span id=\"stgy-x-widgets\">x</span> <span id=\"stgy-hatena-star\">s</span> <span id=\"comments\">c</span>\n\n" +
		"[to the widget](#stgy-x-widgets) [to the heading](#stgy-share) [to comments](#comments)\n"
	p := e.post(0x2000000000000001, u, md, "en", at(-time.Hour))
	for _, path := range []string{"/pub/" + p.String(), "/pub/" + p.String() + "?design=vertical", "/sites/" + u.String()} {
		t.Run(path, func(t *testing.T) {
			rec := e.get(path)
			if rec.Code != 200 {
				t.Fatalf("status = %d", rec.Code)
			}
			body := rec.Body.String()
			for _, m := range idAttrRE.FindAllStringSubmatch(body, -1) {
				if strings.HasPrefix(m[1], templates.PageIDPrefix) {
					t.Errorf("id %q in the page's own namespace", m[1])
				}
			}
			if !strings.HasPrefix(path, "/pub/") {
				return
			}
			for _, want := range []string{
				`id="user-content-stgy-x-widgets"`, `id="user-content-stgy-hatena-star"`, `id="user-content-stgy-share"`,
				`href="#user-content-stgy-x-widgets"`, `href="#user-content-stgy-share"`,
				`id="comments"`, `href="#comments"`,
			} {
				if !strings.Contains(body, want) {
					t.Errorf("body lacks %s", want)
				}
			}
		})
	}
}
