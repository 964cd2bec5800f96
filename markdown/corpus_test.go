package markdown

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"
)

// corpusDir holds the demo articles as their sources wrote them (Go blog
// in en/, MDN Japanese in ja/, both in mixed/; see demo/LICENSES.md).
var corpusDir = filepath.Join("..", "demo")

type corpusFile struct {
	name, locale, body string
	fm                 FrontMatter
}

// readCorpus returns every demo article with its front matter removed;
// a missing folder fails the test.
func readCorpus(tb testing.TB) []corpusFile {
	tb.Helper()
	paths, err := filepath.Glob(filepath.Join(corpusDir, "*", "*.md"))
	if err != nil || len(paths) == 0 {
		tb.Fatalf("no corpus articles under %s (err %v)", corpusDir, err)
	}
	var files []corpusFile
	for _, p := range paths {
		b, err := os.ReadFile(p)
		if err != nil {
			tb.Fatal(err)
		}
		fm, body := SplitFrontMatter(string(b))
		files = append(files, corpusFile{
			name:   filepath.Base(filepath.Dir(p)) + "/" + filepath.Base(p),
			locale: filepath.Base(filepath.Dir(p)),
			body:   body,
			fm:     fm,
		})
	}
	return files
}

func TestCorpusConverts(t *testing.T) {
	for _, f := range readCorpus(t) {
		t.Run(f.name, func(t *testing.T) {
			empty := strings.TrimSpace(f.body) == "" // e.g. a redirect stub
			for _, opts := range []Options{{}, {Vertical: true}} {
				d := Convert(f.body, opts)
				if strings.TrimSpace(d.HTML) == "" && !empty {
					t.Fatalf("vertical=%v: empty HTML", opts.Vertical)
				}
				if !json.Valid([]byte(d.Snippet)) {
					t.Fatalf("snippet is not valid JSON: %q", d.Snippet)
				}
				if n := utf8.RuneCountInString(d.Snippet); n > SnippetMaxLen {
					t.Fatalf("snippet has %d code points", n)
				}
				if (d.Title == "" || d.Description == "") && !empty {
					t.Errorf("title %q, description %q: want both", d.Title, d.Description)
				}
				assertSafeHTML(t, d.HTML)
				assertBalanced(t, d.HTML)
			}
			if got := Render(f.body, Options{}); got != Convert(f.body, Options{}).HTML {
				t.Errorf("Render differs from Convert().HTML")
			}
		})
	}
}
