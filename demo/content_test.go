package demo_test

import (
	"io/fs"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/stgy/stgypub/demo"
	"github.com/stgy/stgypub/importer"
	"github.com/stgy/stgypub/markdown"
)

var (
	// codeOrPre matches <code>…</code> and <pre>…</pre> elements.
	codeOrPre = regexp.MustCompile(`(?s)<pre\b.*?</pre>|<code\b.*?</code>`)
	// urlAttr matches the href and src attributes of rendered HTML.
	urlAttr = regexp.MustCompile(`\s(?:href|src)="([^"]*)"`)
)

// TestDemoContentIsPlainMarkdown (issue 13 #6, issue 9 #5): what the
// importer stores for every demo file is plain CommonMark + GFM: no macro
// is left outside code, and no link or image is relative (each resolves
// to go.dev or developer.mozilla.org), except in-page "#" links.
func TestDemoContentIsPlainMarkdown(t *testing.T) {
	n := 0
	for _, site := range demo.Sites() {
		opts := site.ImportOptions(time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC))
		names, err := fs.Glob(site.Files, "*.md")
		if err != nil || len(names) == 0 {
			t.Fatalf("%s: no files (%v)", site.User.LoginName, err)
		}
		for _, name := range names {
			n++
			b, err := fs.ReadFile(site.Files, name)
			if err != nil {
				t.Fatal(err)
			}
			md, err := importer.Content(name, string(b), opts)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			html := markdown.Render(md, markdown.Options{})
			outside := codeOrPre.ReplaceAllString(html, "")
			if i := strings.Index(outside, "{{"); i >= 0 {
				t.Errorf("%s: macro left outside code: %q", name, outside[max(0, i-60):min(len(outside), i+60)])
			}
			for _, d := range markdown.LinkDestinations(md) {
				if !absoluteOrFragment(d) {
					t.Errorf("%s: relative destination %q left", name, d)
				}
			}
			for _, m := range urlAttr.FindAllStringSubmatch(html, -1) {
				if !absoluteOrFragment(m[1]) {
					t.Errorf("%s: rendered reference %q is relative", name, m[1])
				}
			}
		}
	}
	if n != 31 {
		t.Errorf("checked %d demo files, want 31", n)
	}
}

func absoluteOrFragment(u string) bool {
	return strings.HasPrefix(u, "https://") || strings.HasPrefix(u, "http://") ||
		strings.HasPrefix(u, "mailto:") || strings.HasPrefix(u, "#")
}
