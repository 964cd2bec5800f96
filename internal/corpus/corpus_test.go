package corpus

import (
	"strings"
	"testing"
)

func TestAll(t *testing.T) {
	arts := All(t)
	if len(arts) != Count {
		t.Fatalf("%d articles", len(arts))
	}
	n := map[string]int{}
	inDemo := 0
	for _, a := range arts {
		n[a.Locale]++
		if strings.HasPrefix(a.Where, "demo/") {
			inDemo++
		}
		if !strings.HasPrefix(a.File, a.Locale+"/") {
			t.Errorf("%s has locale %s", a.File, a.Locale)
		}
	}
	if n["en"] != 30 || n["ja"] != 30 || inDemo != 31 {
		t.Errorf("locales %v, %d from demo/", n, inDemo)
	}
	if a := Get(t, "en/c-go-cgo.md"); len(a.Text) != 28 {
		t.Errorf("c-go-cgo.md: %q", a.Text)
	}
	if a := Get(t, "ja/glossary-slug.md"); !strings.Contains(a.Text, "スラッグ") && !strings.Contains(a.Text, "Slug") {
		t.Errorf("glossary-slug.md: %.80q", a.Text)
	}
	if got := len(Locale(t, "ja")); got != 30 {
		t.Errorf("ja: %d", got)
	}
}

// TestMissingArticleFails: a manifest entry found nowhere is an error
// naming it (the tests using the corpus then fail, never skip).
func TestMissingArticleFails(t *testing.T) {
	root, err := repoRoot()
	if err != nil {
		t.Fatal(err)
	}
	_, err = find(root, entry{File: "en/not-there.md", Locale: "en", Bytes: 1})
	if err == nil || !strings.Contains(err.Error(), "en/not-there.md") {
		t.Errorf("err = %v", err)
	}
	_, err = find(root, entry{File: "en/go1.12.md", Locale: "en", Bytes: 1})
	if err == nil || !strings.Contains(err.Error(), "changed copy") {
		t.Errorf("size check: err = %v", err)
	}
}
