package stgypub_test

import (
	"testing"

	"github.com/stgy/stgypub"
)

// TestSearchContext (issue 9 #13): fragments are taken from the text after
// the title.
func TestSearchContext(t *testing.T) {
	for _, tt := range []struct{ snippet, plain, want string }{
		{`[{"t":"h","l":1,"c":"Promise.all()"}]`, "Promise.all() Promise.all() は、入力", "Promise.all() は、入力"},
		{`[{"t":"h","l":1,"c":"Title"}]`, "Title", ""},
		{`[{"t":"h","l":1,"c":"Title"}]`, "Titles are not the title", "Titles are not the title"},
		{`[{"t":"p","c":"Just text"}]`, "Just text and more", "and more"},
		{`[]`, "plain", "plain"},
	} {
		p := &stgypub.Post{Snippet: tt.snippet, PlainText: tt.plain}
		if got := stgypub.SearchContext(p); got != tt.want {
			t.Errorf("SearchContext(%q, %q) = %q, want %q", tt.snippet, tt.plain, got, tt.want)
		}
	}
}
