package stgypub

import (
	"context"
	"time"
)

// PostRender is the stored HTML of a post's Markdown body in one writing
// direction (docs/SPEC.md#bounded-rendering): rendered once, on the
// first request that needs it, and kept until the post changes or the
// renderer's output does.
type PostRender struct {
	PostID   ID
	Vertical bool
	// Version is the renderer version that made HTML (markdown.RenderVersion).
	Version int
	// SourceUpdatedAt is the post's UpdatedAt when it was rendered (nil
	// for a post never edited).
	SourceUpdatedAt *time.Time
	HTML            string
}

// Current reports whether r still renders p with renderer version.
func (r *PostRender) Current(p *Post, version int) bool {
	if r == nil || r.Version != version || r.PostID != p.ID {
		return false
	}
	switch {
	case r.SourceUpdatedAt == nil || p.UpdatedAt == nil:
		return r.SourceUpdatedAt == nil && p.UpdatedAt == nil
	default:
		return r.SourceUpdatedAt.Equal(*p.UpdatedAt)
	}
}

// ArticleRenderer gives the sanitized HTML of a published post's body
// (article.Articles implements it): the page and the API use the same one.
type ArticleRenderer interface {
	ArticleHTML(ctx context.Context, p *Post, vertical bool) (string, error)
}
