// Package article is the one way to a post body's HTML: HTML renders a
// body (body.go), and Articles gives published posts' bodies to the public
// pages and the API, rendering each body once (docs/ARCHITECTURE.md
// "Rendering"): a small LRU in front of the stored renderings
// (post_renders), one build per post and direction when many requests
// miss at once (singleflight), and a parse budget so hostile Markdown
// costs at most markdown.RenderBudget, once.
package article

import (
	"context"
	"fmt"
	"log/slog"
	"strconv"

	lru "github.com/hashicorp/golang-lru/v2"
	"golang.org/x/sync/singleflight"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/markdown"
)

// Store is what Articles needs: the stored renderings and the published
// post's Markdown (*store.Store implements it).
type Store interface {
	// PostRender is the stored rendering; NOT_FOUND when nothing is stored.
	PostRender(ctx context.Context, id stgypub.ID, vertical bool) (*stgypub.PostRender, error)
	// SavePostRender keeps r.
	SavePostRender(ctx context.Context, r *stgypub.PostRender) error
	PostReader
}

// PostReader reads a published post's Markdown when the caller's post
// has no Content loaded (store.Store, api.ReadCache).
type PostReader interface {
	// PublishedPost returns the published post with Content; NOT_FOUND
	// when it is missing or not published.
	PublishedPost(ctx context.Context, id stgypub.ID) (*stgypub.Post, error)
}

// Config tunes Articles; the zero value is usable.
type Config struct {
	// CacheSize is the number of renderings kept in process; 0 means 256.
	CacheSize int
	// Logger receives failures to store a rendering (the page still
	// shows it); nil discards.
	Logger *slog.Logger
}

// Articles implements stgypub.ArticleRenderer.
type Articles struct {
	st    Store
	cache *lru.Cache[key, string]
	group singleflight.Group
	log   *slog.Logger
}

// key is one rendering: a post in one version and direction.
type key struct {
	id       stgypub.ID
	updated  int64 // UnixNano of UpdatedAt, 0 when nil
	vertical bool
}

// New returns Articles over st.
func New(st Store, cfg Config) *Articles {
	if cfg.CacheSize <= 0 {
		cfg.CacheSize = 256
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.DiscardHandler)
	}
	c, _ := lru.New[key, string](cfg.CacheSize)
	return &Articles{st: st, cache: c, log: cfg.Logger}
}

// ArticleHTML returns the sanitized HTML of p's body (p as the page data
// loads it: ID and UpdatedAt are what matter; Content is used when
// loaded). Order of lookups: the in-process LRU, the stored rendering
// when it is current (stgypub.PostRender.Current with
// markdown.RenderVersion), else one render per key however many callers
// ask at once, stored for every later request and process. A body too
// complex to parse within markdown.RenderBudget is shown as its escaped
// text (markdown.Render's fallback) and that is stored too, so it is never
// tried again. Errors: the post's (NOT_FOUND when it is not published)
// and the store's; a failure to save is only logged.
func (a *Articles) ArticleHTML(ctx context.Context, p *stgypub.Post, vertical bool) (string, error) {
	k := key{id: p.ID, vertical: vertical}
	if p.UpdatedAt != nil {
		k.updated = p.UpdatedAt.UnixNano()
	}
	if html, ok := a.cache.Get(k); ok {
		return html, nil
	}
	flight := p.ID.String() + ":" + strconv.FormatInt(k.updated, 10) + ":" + strconv.FormatBool(vertical)
	// The first caller's cancellation must not fail the others.
	v, err, _ := a.group.Do(flight, func() (any, error) { return a.load(context.WithoutCancel(ctx), p, vertical) })
	if err != nil {
		return "", err
	}
	html := v.(string)
	a.cache.Add(k, html)
	return html, nil
}

// load reads the stored rendering or renders and stores it.
func (a *Articles) load(ctx context.Context, p *stgypub.Post, vertical bool) (string, error) {
	r, err := a.st.PostRender(ctx, p.ID, vertical)
	if err != nil && !stgypub.IsNotFound(err) {
		return "", err
	}
	if r.Current(p, markdown.RenderVersion) {
		return r.HTML, nil
	}
	content, err := contentOf(ctx, a.st, p)
	if err != nil {
		return "", err
	}
	html := HTML(content, vertical)
	r = &stgypub.PostRender{PostID: p.ID, Vertical: vertical, Version: markdown.RenderVersion,
		SourceUpdatedAt: p.UpdatedAt, HTML: html}
	if err := a.st.SavePostRender(ctx, r); err != nil {
		a.log.Warn("article: store a rendering", "post", p.ID.String(), "error", fmt.Sprint(err))
	}
	return html, nil
}
