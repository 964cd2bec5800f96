package markdown

import (
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stgy/stgypub/internal/corpus"
)

type corpusFile struct {
	name, locale, body string
	fm                 FrontMatter
}

// readCorpus returns the repository's 60 corpus articles as their sources
// wrote them (internal/corpus: demo/ and testdata/corpus/), front matter
// removed; a missing article fails the test.
func readCorpus(tb testing.TB) []corpusFile {
	tb.Helper()
	var files []corpusFile
	for _, a := range corpus.All(tb) {
		fm, body := SplitFrontMatter(a.Text)
		files = append(files, corpusFile{name: a.File, locale: a.Locale, body: body, fm: fm})
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
