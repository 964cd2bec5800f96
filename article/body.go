package article

import (
	"context"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/markdown"
)

// HTML is the sanitized HTML of a Markdown body in one writing direction
// (markdown.Render): the one place a post's body becomes HTML. Articles
// stores what it gives; an unpublished post's body in the API and a
// federated Article call it directly. A body too complex to parse within
// markdown.RenderBudget is its escaped text.
func HTML(content string, vertical bool) string {
	return markdown.Render(content, markdown.Options{Vertical: vertical})
}

// Unstored is a stgypub.ArticleRenderer that renders every call with
// HTML and keeps nothing: what a server built without Articles (tests,
// tools) uses, so its pages show the same HTML Articles would store.
type Unstored struct {
	posts PostReader
}

// NewUnstored returns Unstored reading bodies that are not loaded from
// posts.
func NewUnstored(posts PostReader) *Unstored { return &Unstored{posts: posts} }

// ArticleHTML is HTML of p's body, read with PublishedPost when p has no
// Content loaded (NOT_FOUND when the post is not published).
func (u *Unstored) ArticleHTML(ctx context.Context, p *stgypub.Post, vertical bool) (string, error) {
	content, err := contentOf(ctx, u.posts, p)
	if err != nil {
		return "", err
	}
	return HTML(content, vertical), nil
}

// contentOf is p's Content, read from posts when p has none loaded.
func contentOf(ctx context.Context, posts PostReader, p *stgypub.Post) (string, error) {
	if p.Content != "" {
		return p.Content, nil
	}
	full, err := posts.PublishedPost(ctx, p.ID)
	if err != nil {
		return "", err
	}
	return full.Content, nil
}
