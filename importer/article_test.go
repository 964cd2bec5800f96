package importer

import (
	"strings"
	"testing"
	"time"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/markdown"
)

func TestTitleWithMarkupStaysText(t *testing.T) {
	for _, title := range []string{"<time>", "<details>: 詳細折りたたみ要素", "*args* & [x](y) `c` \\"} {
		t.Run(title, func(t *testing.T) {
			a, _ := parseArticle("x.md", "---\ntitle: '"+title+"'\n---\n\nBody text.\n", &Options{}, time.Now())
			doc := markdown.Convert(a.Content, markdown.Options{})
			if doc.Title != title {
				t.Errorf("derived title %q from content %q", doc.Title, a.Content)
			}
		})
	}
}

// TestFrontMatterTitleWins (issue 9 #2): the front-matter title (YAML or
// Hugo's TOML) is the post's title whatever heading the body starts with.
func TestFrontMatterTitleWins(t *testing.T) {
	cases := []struct {
		name, body string
		headings   int // level-1 headings reading the title in the content
	}{
		{"body starts with h2", "## Introduction\n\nText.", 1},
		{"body starts with h3", "### Overview\n\nText.", 1},
		{"body starts with another h1", "# Something else\n\nText.", 1},
		{"setext h2 first", "Introduction\n------------\n\nText.", 1},
		{"no heading", "Just text.", 1},
		{"already titled", "# The Laws of Reflection\n\nText.", 1},
		{"already titled, setext", "The Laws of Reflection\n======================\n\nText.", 1},
		{"already titled, spaced", "#   The  Laws of Reflection  #\n\nText.", 0}, // kept as written
	}
	fronts := map[string]string{
		"yaml": "---\ntitle: The Laws of Reflection\ndate: 2011-09-06\n---\n\n",
		"toml": "+++\ntitle = \"The Laws of Reflection\"\ndate = 2011-09-06\n+++\n\n",
	}
	for kind, front := range fronts {
		for _, c := range cases {
			t.Run(kind+" "+c.name, func(t *testing.T) {
				src := front + c.body
				a, _ := parseArticle("x.md", src, &Options{}, time.Now())
				doc := markdown.Convert(a.Content, markdown.Options{})
				if doc.Title != "The Laws of Reflection" {
					t.Errorf("title %q from content %q", doc.Title, a.Content)
				}
				if title := stgypub.SummarizeSnippet(a.Snippet).Title; title != "The Laws of Reflection" {
					t.Errorf("snippet title %q", title)
				}
				if n := strings.Count(doc.HTML, ">The Laws of Reflection</h1>"); n != c.headings {
					t.Errorf("%d h1 with the title in %s", n, doc.HTML)
				}
				if strings.HasPrefix(c.name, "already titled") && strings.Count(doc.HTML, "<h1") != 1 {
					t.Errorf("title added twice: %s", doc.HTML)
				}
				if !a.Date.Equal(time.Date(2011, 9, 6, 12, 0, 0, 0, time.UTC)) {
					t.Errorf("date %v", a.Date)
				}
			})
		}
	}
	// A BOM before the front matter or the body is not content.
	for _, src := range []string{"\uFEFF---\ntitle: T\n---\n\n## Intro\n", "\uFEFF# Hello\n\nBody"} {
		a, _ := parseArticle("x.md", src, &Options{}, time.Now())
		if strings.Contains(a.Content, "\uFEFF") || strings.Contains(a.PlainText, "\uFEFF") {
			t.Errorf("BOM kept in %q", a.Content)
		}
	}
}
