package stgypub

import (
	"strings"
	"testing"
)

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

// TestTextsByAddress: the identity table in front of the LRU answers a
// string by its bytes' address and length only: a prefix sharing the
// address (another length), a copy (another address) and strings that
// land in the same slots all get their own snippet's texts.
func TestTextsByAddress(t *testing.T) {
	long := `[{"t":"h","l":1,"c":"Long title"},{"t":"p","c":"Body."}]`
	// A prefix of long that is a valid snippet too, at long's address.
	both := `[{"t":"h","l":1,"c":"Short"}]` + `,{"t":"h","l":1,"c":"Other"}]`
	short := both[:len(`[{"t":"h","l":1,"c":"Short"}]`)]
	for range 2 {
		for _, s := range []string{long, string([]byte(long)), both, short} {
			p := &Post{Snippet: s}
			if got := TextsOf(s); got.Summary != p.Summary() || got.Digest != p.Digest() {
				t.Errorf("TextsOf(%q) = %+v, want %+v", s, got.Summary, p.Summary())
			}
		}
	}
	for i := range 3 * len(textsByAddress) {
		s := `[{"t":"h","l":1,"c":"Title ` + string(rune('a'+i%26)) + `"}]` + strings.Repeat(" ", i%7)
		if got, want := TextsOf(s).Summary.Title, (&Post{Snippet: s}).Summary().Title; got != want {
			t.Fatalf("churn %d: title %q, want %q", i, got, want)
		}
	}
}
