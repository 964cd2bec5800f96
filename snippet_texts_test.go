package stgypub

import "testing"

// TestTextsDecodedOncePerSnippet: a post's title, description and digest
// come from its snippet, decoded once per snippet version, and an edited
// snippet gives the new texts.
func TestTextsDecodedOncePerSnippet(t *testing.T) {
	snip := func(title, para string) string {
		return `[{"t":"h","l":1,"c":"` + title + `"},{"t":"p","c":"` + para + `"}]`
	}
	p := &Post{ID: 1, Snippet: snip("First title", "Some words.")}
	a := TextsOf(p.Snippet)
	if a.Summary != p.Summary() || a.Digest != p.Digest() || a.Summary.Title == "" {
		t.Fatalf("texts %+v, want %+v / %q", a, p.Summary(), p.Digest())
	}
	if b := TextsOf(p.Snippet); b != a {
		t.Error("the same snippet was decoded again")
	}
	for _, title := range []string{"Edited title", "Edited again", "日本語のタイトル"} {
		q := &Post{ID: 1, Snippet: snip(title, "Other words.")}
		if got := TextsOf(q.Snippet); got.Summary != q.Summary() || got.Digest != q.Digest() {
			t.Errorf("after an edit: %+v, want %q", got, q.Summary().Title)
		}
	}
}
