// Package corpus gives tests the repository's 60 real articles (30 Go blog
// posts, 30 Japanese MDN pages): the demo content under demo/ plus
// testdata/corpus/, listed with their sources and licenses in
// testdata/corpus/manifest.json and README.md. A missing or changed file
// fails the test; nothing outside the repository is read.
package corpus

import (
	"encoding/json"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"
)

// Count is the number of articles in the manifest.
const Count = 60

// Article is one corpus article.
type Article struct {
	File   string // manifest name, "en/go1.12.md" or "ja/glossary-slug.md"
	Locale string // "en" or "ja"
	Text   string // the whole file, front matter included
	Where  string // its path from the repository root
}

type entry struct {
	File   string `json:"file"`
	Locale string `json:"locale"`
	Bytes  int    `json:"bytes"`
}

var load = sync.OnceValues(func() ([]Article, error) {
	root, err := repoRoot()
	if err != nil {
		return nil, err
	}
	b, err := os.ReadFile(filepath.Join(root, "testdata", "corpus", "manifest.json"))
	if err != nil {
		return nil, fmt.Errorf("corpus: %w", err)
	}
	var entries []entry
	if err := json.Unmarshal(b, &entries); err != nil {
		return nil, fmt.Errorf("corpus: manifest.json: %w", err)
	}
	if len(entries) != Count {
		return nil, fmt.Errorf("corpus: manifest.json lists %d articles, want %d", len(entries), Count)
	}
	out := make([]Article, 0, len(entries))
	for _, e := range entries {
		a, err := find(root, e)
		if err != nil {
			return nil, err
		}
		out = append(out, a)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].File < out[j].File })
	return out, nil
})

// find reads e from testdata/corpus/, demo/<locale dir>/ or demo/mixed/
// and checks its size against the manifest.
func find(root string, e entry) (Article, error) {
	for _, where := range []string{
		path.Join("testdata", "corpus", e.File),
		path.Join("demo", e.File),
		path.Join("demo", "mixed", path.Base(e.File)),
	} {
		b, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(where)))
		if os.IsNotExist(err) {
			continue
		}
		if err != nil {
			return Article{}, fmt.Errorf("corpus: %w", err)
		}
		if len(b) != e.Bytes {
			return Article{}, fmt.Errorf("corpus: %s has %d bytes, the manifest says %d (changed copy?)", where, len(b), e.Bytes)
		}
		return Article{File: e.File, Locale: e.Locale, Text: string(b), Where: where}, nil
	}
	return Article{}, fmt.Errorf("corpus: %s is in neither testdata/corpus/ nor demo/", e.File)
}

// repoRoot walks up from the working directory (a package folder under
// go test) to the folder holding this module's go.mod.
func repoRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		b, err := os.ReadFile(filepath.Join(dir, "go.mod"))
		if err == nil && strings.HasPrefix(string(b), "module github.com/stgy/stgypub\n") {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", fmt.Errorf("corpus: no go.mod of github.com/stgy/stgypub above the working directory")
		}
		dir = parent
	}
}

// All returns the 60 articles sorted by File; tb fails when one is missing.
func All(tb testing.TB) []Article {
	tb.Helper()
	arts, err := load()
	if err != nil {
		tb.Fatal(err)
	}
	return arts
}

// Get returns one article by its manifest name ("en/go1.12.md"); tb fails
// when it is unknown or missing.
func Get(tb testing.TB, file string) Article {
	tb.Helper()
	for _, a := range All(tb) {
		if a.File == file {
			return a
		}
	}
	tb.Fatalf("corpus: no article %s", file)
	return Article{}
}

// Locale returns the articles of one locale ("en" or "ja"), sorted.
func Locale(tb testing.TB, locale string) []Article {
	tb.Helper()
	var out []Article
	for _, a := range All(tb) {
		if a.Locale == locale {
			out = append(out, a)
		}
	}
	return out
}
