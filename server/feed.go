package server

import (
	"context"
	"fmt"
	"html"
	"log/slog"
	"net/http"
	"net/url"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/gorilla/feeds"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/comment"
	"github.com/stgy/stgypub/markdown"
	"github.com/stgy/stgypub/pagecache"
)

// feedHandlers serve the Atom feeds: a site's posts (feed.go) and an
// article's comments (comments_feed.go), from the page cache.
type feedHandlers struct {
	*pageCache
	pageMeta
	*renderCache
	pageData stgypub.PubPageStore // Deps.Posts
	comments *comment.Service     // Deps.Comments; nil: no comments feed
	log      *slog.Logger
}

// feedSize is the number of entries in a site's Atom feed.
const feedSize = 20

// feed serves GET /sites/{userId}/feed.atom: the site's newest 20
// published posts as Atom (gorilla/feeds, atomXML), entry links and IDs
// being the canonical /pub URLs; each entry has the article as content
// type="html" (absolute URLs), its description as summary and its
// featured image (docs/SPEC.md#feeds-and-sitemap). Unknown sites are 404.
// From the page cache.
func (s *feedHandlers) feed(w http.ResponseWriter, r *http.Request) error {
	userID, err := stgypub.ParseID(chi.URLParam(r, "userId"))
	if err != nil {
		return errNotFound
	}
	key := pagecache.Key{Kind: pagecache.KindFeed, ID: userID}
	return s.serve(w, r, key, func(ctx context.Context) (pagecache.Page, error) { return s.buildFeed(ctx, userID) })
}

// buildFeed renders the feed; owner, settings and posts come from one
// statement (pageData.PubSite).
func (s *feedHandlers) buildFeed(ctx context.Context, userID stgypub.ID) (pagecache.Page, error) {
	q := stgypub.PostQuery{Order: stgypub.OrderNewest, Limit: feedSize}
	data, err := s.pageData.PubSite(ctx, userID, q)
	if err != nil {
		if stgypub.IsNotFound(err) {
			return pagecache.Page{}, errNotFound
		}
		return pagecache.Page{}, fmt.Errorf("server: feed of %s: %w", userID, err)
	}
	site, posts := newSiteIdentity(data.Owner, data.Config), data.Posts
	site = site.in(s.siteLang(site.config))
	f := &feeds.Feed{
		Title:       site.name,
		Link:        &feeds.Link{Href: s.siteURL(userID)},
		Description: site.config.Subtitle,
		Author:      &feeds.Author{Name: site.author},
		Id:          s.siteURL(userID),
	}
	var updated time.Time
	extras := make([]entryExtra, 0, len(posts))
	for _, p := range posts {
		parts := s.snippetParts(p, false, false)
		changed := latest(p.PublishedAt, p.UpdatedAt)
		if changed.After(updated) {
			updated = changed
		}
		title := stgypub.TitleOrDate(parts.title, p, site.loc)
		image := stgypub.ShareableImage(p.Derived.FeaturedImage, s.base)
		f.Items = append(f.Items, &feeds.Item{
			Title:       title,
			Link:        &feeds.Link{Href: s.pubURL(p.ID)},
			Id:          s.pubURL(p.ID),
			Description: html.EscapeString(feedSummary(parts.description, p.Derived.FeaturedImageAlt, image)), // summary type="html"
			Content:     s.feedContent(ctx, p),                                                                // content type="html"
			Author:      &feeds.Author{Name: site.author},
			Created:     p.PublishedAt.In(site.loc),
			Updated:     changed.In(site.loc),
		})
		extras = append(extras, entryExtra{image: image, categories: p.Tags})
	}
	// <updated> is the newest entry's change (its publication or last
	// edit; the site's creation for an empty feed), in the site's zone.
	if updated.IsZero() {
		updated = userID.Time()
	}
	f.Updated = updated.In(site.loc)
	atom, err := atomXML(f, s.feedURL(userID), extras)
	if err != nil {
		return pagecache.Page{}, fmt.Errorf("server: encode feed of %s: %w", userID, err)
	}
	// The feed's title, subtitle and author come from the settings and
	// profile, its entries from the listing: Last-Modified takes the site
	// change time too, so If-Modified-Since never keeps a stale feed.
	modified := updated
	if data.LastChange.After(modified) {
		modified = data.LastChange
	}
	return pagecache.Page{
		Body: atom, ContentType: "application/atom+xml; charset=utf-8", CacheControl: "public, max-age=300",
		Modified: modified, Owner: userID, Version: pagecache.Micros(data.SiteChanged), Expires: data.NextPublication,
	}, nil
}

// feedSummary is an entry's summary (plain text): the post's description,
// else, for a post that is only an image, its featured image's alt text.
func feedSummary(description, imageAlt, image string) string {
	if description != "" || image == "" {
		return description
	}
	return imageAlt
}

// feedContent is an entry's content: the article's sanitized HTML as the
// article page shows it (horizontal), every URL in it absolute against
// the article's URL (feed readers show it elsewhere). A failing renderer
// leaves the content out (the entry keeps its summary and link) rather
// than failing the feed.
func (s *feedHandlers) feedContent(ctx context.Context, p *stgypub.Post) string {
	article, err := s.articleHTML(ctx, p, false)
	if err != nil {
		s.log.Warn("server: feed entry content", "post", p.ID.String(), "error", err.Error())
		return ""
	}
	base, err := url.Parse(s.pubURL(p.ID))
	if err != nil {
		return ""
	}
	return markdown.AbsoluteURLs(article, base)
}
