package server_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/markdown"
)

// TestFeaturedImageOnPages (issue 21 #1): the article's og:image,
// twitter:image and JSON-LD image come from the featured-image rule over
// the whole body: late images (English and Japanese), images in tables,
// links and HTML blocks, with spaces and protocol-relative ones.
func TestFeaturedImageOnPages(t *testing.T) {
	e := newEnv(t)
	u := e.user(0x1000000000000001, "alice", "Alice")
	longEN := strings.Repeat("Sweeping the heap takes a while, and the text goes on. ", 120)
	longJA := strings.Repeat("ヒープを掃除するには時間がかかり、文章は続きます。", 200)
	cases := []struct{ md, image, alt string }{
		{"# Green Tea\n\n" + longEN + "\n\n![Mark and sweep](https://go.dev/blog/greenteagc/marksweep-007.png)", "https://go.dev/blog/greenteagc/marksweep-007.png", "Mark and sweep"},
		{"# 緑茶\n\n" + longJA + "\n\n![図 1](https://example.jp/図/1.png)", "https://example.jp/%E5%9B%B3/1.png", "図 1"},
		{"# Table\n\n" + longEN + "\n\n| a | b |\n|---|---|\n| ![cell](https://e.org/cell.png) | x |", "https://e.org/cell.png", "cell"},
		{"# Link\n\n[![Badge](https://e.org/badge.jpg)](https://e.org/)", "https://e.org/badge.jpg", "Badge"},
		{"# HTML\n\n<div class=\"hero\">\n<img src=\"https://e.org/hero.webp\" alt=\"Hero\">\n</div>", "https://e.org/hero.webp", "Hero"},
		{"# Space\n\n![a b](<https://example.com/img/a b.png>)", "https://example.com/img/a%20b.png", "a b"},
		{"# CDN\n\n![svg](https://e.org/x.svg) ![cdn](//cdn.example.com/x.png)", "https://cdn.example.com/x.png", "cdn"},
	}
	for i, c := range cases {
		p := e.post(stgypub.ID(0x2000000000000001+i), u, c.md, "en", at(-time.Hour))
		body := e.get("/pub/" + p.String()).Body.String()
		for _, want := range []string{
			`<meta property="og:image" content="` + c.image + `">`,
			`<meta name="twitter:image" content="` + c.image + `">`,
			`"image":"` + c.image + `"`,
			`<meta property="og:image:alt" content="` + c.alt + `">`,
			`<meta name="twitter:card" content="summary_large_image">`,
		} {
			if !strings.Contains(body, want) {
				t.Errorf("%.20q: page lacks %s", c.md, want)
			}
		}
	}
}

// TestModifiedDateAlways (issue 21 #2): dateModified and
// article:modified_time are on every article: the publication time until
// the post is edited, then the edit's time.
func TestModifiedDateAlways(t *testing.T) {
	e := newEnv(t)
	u := e.user(0x1000000000000001, "alice", "Alice")
	md := "# Never edited\n\nText."
	p := e.post(0x2000000000000001, u, md, "en", at(-time.Hour))
	published := e.clock().Add(-time.Hour).UTC().Format(time.RFC3339)
	body := e.get("/pub/" + p.String()).Body.String()
	for _, want := range []string{
		`"datePublished":"` + published + `","dateModified":"` + published + `"`,
		`<meta property="article:modified_time" content="` + published + `">`,
	} {
		if !strings.Contains(body, want) {
			t.Errorf("never edited: page lacks %s", want)
		}
	}
	post, err := e.st.Posts.Post(context.Background(), p)
	if err != nil {
		t.Fatal(err)
	}
	post.Content = "# Edited\n\nNew text."
	post.Snippet = markdown.Convert(post.Content, markdown.Options{}).Snippet
	if err := e.st.Posts.UpdatePost(context.Background(), post); err != nil {
		t.Fatal(err)
	}
	edited := post.UpdatedAt.UTC().Format(time.RFC3339)
	if edited == published {
		t.Fatalf("the edit has the publication's time %s", edited)
	}
	body = e.get("/pub/" + p.String()).Body.String()
	for _, want := range []string{`"dateModified":"` + edited + `"`, `<meta property="article:modified_time" content="` + edited + `">`} {
		if !strings.Contains(body, want) {
			t.Errorf("edited: page lacks %s", want)
		}
	}
}
