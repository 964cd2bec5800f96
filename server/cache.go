package server

import (
	"context"
	"fmt"
	"html/template"
	"log/slog"

	lru "github.com/hashicorp/golang-lru/v2"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/markdown"
	"github.com/stgy/stgypub/templates"
)

// renderCache renders post bodies, list snippets and list entries once
// and keeps them in in-process LRUs (Config.ArticleCacheSize,
// Config.CardCacheSize). The pages and feeds that show posts embed it.
type renderCache struct {
	articles *lru.Cache[articleKey, string]
	cards    *lru.Cache[cardKey, *cardParts]
	// fragments are pre-rendered list entries (templates.Card.Rendered).
	fragments *lru.Cache[fragmentKey, template.HTML]
	renderer  *templates.Renderer
	source    stgypub.ArticleRenderer // Deps.Articles (article.Articles or article.NewUnstored)
	log       *slog.Logger
}

// newRenderCache makes the LRUs of cfg's sizes.
func newRenderCache(cfg Config, deps Deps, renderer *templates.Renderer) (*renderCache, error) {
	articles, err := lru.New[articleKey, string](cfg.ArticleCacheSize)
	if err != nil {
		return nil, fmt.Errorf("server: article cache: %w", err)
	}
	cards, err := lru.New[cardKey, *cardParts](cfg.CardCacheSize)
	if err != nil {
		return nil, fmt.Errorf("server: card cache: %w", err)
	}
	fragments, err := lru.New[fragmentKey, template.HTML](cfg.CardCacheSize)
	if err != nil {
		return nil, fmt.Errorf("server: fragment cache: %w", err)
	}
	return &renderCache{articles: articles, cards: cards, fragments: fragments, renderer: renderer,
		source: deps.Articles, log: cfg.Logger}, nil
}

// articleKey identifies one rendering of a post body: editing the post
// changes UpdatedAt, republishing changes PublishedAt, so a stale entry is
// never hit.
type articleKey struct {
	id        stgypub.ID
	updated   int64 // UnixNano of UpdatedAt, 0 when nil
	published int64 // UnixNano of PublishedAt
	vertical  bool
}

func versionKey(p *stgypub.Post) (updated, published int64) {
	if p.UpdatedAt != nil {
		updated = p.UpdatedAt.UnixNano()
	}
	if p.PublishedAt != nil {
		published = p.PublishedAt.UnixNano()
	}
	return
}

// articleHTML is the post's rendered body (Deps.Articles:
// article.Articles, rendered once and stored), through the LRU, with user
// ids moved out of the page's own id namespace (templates.ScopeIDs), so an
// article cannot shadow the page's elements. The page data carries no
// Content (stgypub.PubArticle): the renderer reads the body with
// PublishedPost, which also applies the publication rule again.
func (s *renderCache) articleHTML(ctx context.Context, p *stgypub.Post, vertical bool) (string, error) {
	u, pub := versionKey(p)
	k := articleKey{id: p.ID, updated: u, published: pub, vertical: vertical}
	if html, ok := s.articles.Get(k); ok {
		return html, nil
	}
	raw, err := s.source.ArticleHTML(ctx, p, vertical)
	if err != nil {
		return "", err
	}
	html := templates.ScopeIDs(raw)
	s.articles.Add(k, html)
	return html, nil
}

// cardKey identifies the derived parts of a post's snippet.
type cardKey struct {
	id        stgypub.ID
	updated   int64
	published int64
	vertical  bool
	rich      bool
}

// cardParts are what lists need of a snippet: summary and, for the Rich
// view, the rendered snippet HTML.
type cardParts struct {
	title, description string
	rich               string
}

// snippetParts derives (and caches) a post's summary, plus its rendered
// snippet (ids scoped as in articleHTML) when rich is set. Vertical affects only the rendered snippet.
func (s *renderCache) snippetParts(p *stgypub.Post, vertical, rich bool) *cardParts {
	u, pub := versionKey(p)
	k := cardKey{id: p.ID, updated: u, published: pub, vertical: vertical && rich, rich: rich}
	if c, ok := s.cards.Get(k); ok {
		return c
	}
	c := &cardParts{}
	sum := p.Summary()
	c.title, c.description = sum.Title, sum.Description
	if rich {
		c.rich = templates.ScopeIDs(markdown.RenderSnippetCard(p.Snippet, markdown.Options{Vertical: vertical}, c.title))
	}
	s.cards.Add(k, c)
	return c
}

// fragmentKey identifies a pre-rendered list entry: the snippet version,
// the list, the site author shown in it, the page's chrome language and
// the time zone of its dates.
type fragmentKey struct {
	card   cardKey
	kind   templates.CardKind
	author string
	lang   string
	zone   string
}

// withFragment sets c.Rendered from the fragment cache, rendering it on a
// miss; on a render error the fields are rendered by the page instead.
func (s *renderCache) withFragment(c templates.Card, p *stgypub.Post, site siteIdentity, kind templates.CardKind, vertical bool) templates.Card {
	u, pub := versionKey(p)
	rich := kind == templates.RichCard
	k := fragmentKey{card: cardKey{id: p.ID, updated: u, published: pub, vertical: vertical && rich, rich: rich}, kind: kind, author: c.Author,
		lang: site.text.Lang() + "/" + c.Lang, zone: site.loc.String()}
	if html, ok := s.fragments.Get(k); ok {
		c.Rendered = html
		return c
	}
	html, err := s.renderer.Card(kind, site.lang, c)
	if err != nil {
		s.log.Warn("server: pre-render card", "post", p.ID.String(), "error", err.Error())
		return c
	}
	s.fragments.Add(k, html)
	c.Rendered = html
	return c
}
