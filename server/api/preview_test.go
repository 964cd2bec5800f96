package api_test

import (
	"strings"
	"testing"

	"github.com/stgy/stgypub"
)

// TestPreviewMarkdown renders with the article renderer (same HTML,
// sanitized, title rule) and refuses bad input with BAD_USER_INPUT,
// storing nothing.
func TestPreviewMarkdown(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	const q = `query($c: String!, $v: Boolean) { previewMarkdown(content: $c, vertical: $v) { html title description featuredImage } }`
	type preview struct{ HTML, Title, Description, FeaturedImage string }
	cases := []struct {
		name, content string
		vertical      bool
		title         string
		htmlHas       []string
		htmlLacks     []string
		description   string
		image         string
	}{
		{"heading is the title", "# Hello *world*\n\nFirst paragraph.", false, "Hello world",
			[]string{"<h1", "<em>world</em>", "<p>First paragraph.</p>"}, nil, "First paragraph.", ""},
		{"first line without heading", "Just a line\nand more\n\nSecond.", false, "Just a line", []string{"<p>Just a line"}, nil, "Just a line and more", ""},
		{"script stripped", "# T\n\n<script>alert(1)</script><img src=x onerror=alert(1)>\n\n[x](javascript:alert(1))", false, "T",
			nil, []string{"<script", "onerror", "javascript:"}, "", ""},
		// issue 21 #1: the schema promises absolute URLs, the rule is Post.featuredImage's.
		{"protocol-relative made https", "# P\n\n![x](//cdn.example.com/x.png)", false, "P", nil, nil, "", "https://cdn.example.com/x.png"},
		{"space percent-encoded", "![a](<https://example.com/img/a b.png>)", false, "", []string{"a%20b.png"}, nil, "", "https://example.com/img/a%20b.png"},
		{"late image past the snippet", "# Late\n\n" + strings.Repeat("Words before the picture. ", 300) + "\n\n![late](https://example.com/late.jpg)", false, "Late", nil, nil, "", "https://example.com/late.jpg"},
		{"relative passed over", "![r](pics/r.png) ![svg](https://e.org/s.svg) <img src=\"https://e.org/h.gif\">", false, "", nil, nil, "", "https://e.org/h.gif"},
		{"featured image", "# Pic\n\n![cat](https://example.com/cat.png)", false, "Pic", []string{`src="https://example.com/cat.png"`}, nil, "", "https://example.com/cat.png"},
		{"japanese", "# 日本語の見出し\n\n本文です。", false, "日本語の見出し", []string{"本文です。"}, nil, "本文です。", ""},
		{"empty", "", false, "", nil, nil, "", ""},
		{"vertical turns ASCII full width", "# T\n\nABC 123", true, "T", []string{"ＡＢＣ"}, nil, "", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := e.do(t, req{as: "owner", query: q, variables: map[string]any{"c": c.content, "v": c.vertical}})
			if r.code() != "" {
				t.Fatalf("error: %s", r.raw)
			}
			var p preview
			r.data(t, "previewMarkdown", &p)
			if p.Title != c.title {
				t.Errorf("title = %q, want %q", p.Title, c.title)
			}
			for _, s := range c.htmlHas {
				if !strings.Contains(p.HTML, s) {
					t.Errorf("html lacks %q: %s", s, p.HTML)
				}
			}
			for _, s := range c.htmlLacks {
				if strings.Contains(p.HTML, s) {
					t.Errorf("html has %q: %s", s, p.HTML)
				}
			}
			if c.description != "" && p.Description != c.description {
				t.Errorf("description = %q, want %q", p.Description, c.description)
			}
			if p.FeaturedImage != c.image {
				t.Errorf("featuredImage = %q, want %q", p.FeaturedImage, c.image)
			}
		})
	}
	before := e.countPosts(t)
	for name, content := range map[string]string{
		"over 100,000 characters": strings.Repeat("あ", 100_001),
		"NUL":                     "a\x00b",
	} {
		t.Run(name, func(t *testing.T) {
			r := e.do(t, req{as: "owner", query: q, variables: map[string]any{"c": content}})
			if r.code() != stgypub.CodeBadUserInput {
				t.Fatalf("code = %q: %.200s", r.code(), r.raw)
			}
		})
	}
	if after := e.countPosts(t); after != before {
		t.Errorf("posts %d -> %d: preview stored something", before, after)
	}
}
