package graph

import (
	"testing"

	"github.com/stgy/stgypub"
)

// TestTextsDecodedOncePerSnippet: a post's title, description and digest
// come from its snippet, decoded once per snippet version, and an edited
// snippet (same ID, same times) gives the new texts.
func TestTextsDecodedOncePerSnippet(t *testing.T) {
	r := &Resolver{}
	snip := func(title, para string) string {
		return `[{"t":"h","l":1,"c":"` + title + `"},{"t":"p","c":"` + para + `"}]`
	}
	p := &stgypub.Post{ID: 1, Snippet: snip("First title", "Some words.")}
	a := r.texts(p)
	if a.summary.Title != p.Summary().Title || a.digest != p.Digest() || a.summary.Title == "" {
		t.Fatalf("texts %+v, want %+v / %q", a, p.Summary(), p.Digest())
	}
	if b := r.texts(&stgypub.Post{ID: 1, Snippet: p.Snippet}); b != a {
		t.Error("the same snippet was decoded again")
	}
	for _, title := range []string{"Edited title", "Edited again", "日本語のタイトル"} {
		q := &stgypub.Post{ID: 1, Snippet: snip(title, "Other words.")}
		if got := r.texts(q); got.summary.Title != q.Summary().Title || got.digest != q.Digest() {
			t.Errorf("after an edit: %+v, want %q", got, q.Summary().Title)
		}
	}
}
