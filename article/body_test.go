package article_test

import (
	"context"
	"testing"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/article"
	"github.com/stgy/stgypub/markdown"
)

// posts is a PostReader holding one published body.
type posts map[stgypub.ID]string

func (ps posts) PublishedPost(_ context.Context, id stgypub.ID) (*stgypub.Post, error) {
	c, ok := ps[id]
	if !ok {
		return nil, stgypub.Errorf(stgypub.CodeNotFound, "post not found")
	}
	return &stgypub.Post{ID: id, Content: c}, nil
}

// TestUnstored: Unstored gives article.HTML of the loaded body, else of
// the body PublishedPost reads, and that post's NOT_FOUND; article.HTML
// is markdown.Render in the given direction.
func TestUnstored(t *testing.T) {
	const body = "# Title\n\nText <script>x()</script> and *more*."
	for _, vertical := range []bool{false, true} {
		if got, want := article.HTML(body, vertical), markdown.Render(body, markdown.Options{Vertical: vertical}); got != want {
			t.Fatalf("HTML(vertical=%v) = %q, want %q", vertical, got, want)
		}
	}
	u := article.NewUnstored(posts{7: body})
	ctx := context.Background()
	loaded, err := u.ArticleHTML(ctx, &stgypub.Post{ID: 8, Content: body}, true)
	if err != nil || loaded != article.HTML(body, true) {
		t.Fatalf("loaded body: %q, %v", loaded, err)
	}
	read, err := u.ArticleHTML(ctx, &stgypub.Post{ID: 7}, false)
	if err != nil || read != article.HTML(body, false) {
		t.Fatalf("body read: %q, %v", read, err)
	}
	if _, err := u.ArticleHTML(ctx, &stgypub.Post{ID: 9}, false); !stgypub.IsNotFound(err) {
		t.Fatalf("missing post: %v, want NOT_FOUND", err)
	}
}
