package server_test

import (
	"flag"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/templates"
)

var update = flag.Bool("update", false, "rewrite testdata/*.golden from the current output")

// TestMain fails the run when a page template was never rendered by any
// test (goatcounter's check), unless tests were filtered with -run.
func TestMain(m *testing.M) {
	flag.Parse()
	code := m.Run()
	if f := flag.Lookup("test.run"); code == 0 && (f == nil || f.Value.String() == "") {
		for page, n := range templates.RenderCounts() {
			if n == 0 {
				println("template page", page, "was never rendered by a test")
				code = 1
			}
		}
	}
	os.Exit(code)
}

// goldenEnv is a fixed site: fixed IDs, dates and clock, corpus content.
func goldenEnv(t *testing.T) (*env, stgypub.ID, stgypub.ID, stgypub.ID) {
	e := newEnv(t)
	u := e.user(0x19FD000000000001, "gopher", "Gopher")
	ext, err := stgypub.ParseExtensions(`{"shareButtons":["x","facebook","line","hatena"],"analytics":{"googleAnalytics":{"measurementId":"G-GOLDEN1"}}}`)
	if err != nil {
		t.Fatal(err)
	}
	e.config(&stgypub.PubConfig{
		UserID: u, SiteName: "Gopher's Notes", Subtitle: "Go & the web", Author: "The Gopher",
		Introduction: "Articles about Go.\nAnd the web.", ShowServiceHeader: true, ShowSiteName: true,
		ShowPagination: true, ShowSideProfile: true, ShowSideRecent: 3, ShowSidePopular: 3, Extensions: ext,
	})
	enMD, enLoc := corpusArticle(t, "en/go1.12.md")
	jaMD, jaLoc := corpusArticle(t, "ja/glossary-slug.md")
	en := e.post(0x19FD000000100001, u, enMD, enLoc, at(-72*time.Hour))
	ja := e.post(0x19FD000000100002, u, jaMD, jaLoc, at(-48*time.Hour))
	e.post(0x19FD000000100003, u, "# Short note\n\nA third post with an image.\n\n![chart](/images/chart.png)", "en", at(-24*time.Hour))
	e.views.ranking = []stgypub.RankingEntry{{ID: ja, PV: 12}, {ID: en, PV: 5}}
	e.views.counts = map[stgypub.ID]int64{en: 5, ja: 12}
	return e, u, en, ja
}

func TestGoldenPages(t *testing.T) {
	e, u, en, ja := goldenEnv(t)
	tests := []struct {
		name, path string
	}{
		{"pub_en", "/pub/" + en.String()},
		{"pub_ja_vertical", "/pub/" + ja.String() + "?design=vertical"},
		{"site", "/sites/" + u.String()},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec := e.get(tt.path)
			if rec.Code != 200 {
				t.Fatalf("status = %d", rec.Code)
			}
			file := filepath.Join("testdata", tt.name+".golden")
			if *update {
				if err := os.MkdirAll("testdata", 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(file, rec.Body.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(file)
			if err != nil {
				t.Fatalf("%v (run with -update to create)", err)
			}
			if got := rec.Body.String(); got != string(want) {
				t.Errorf("%s differs from %s; run go test -run TestGoldenPages -update and review the diff", tt.path, file)
			}
		})
	}
}
