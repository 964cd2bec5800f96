package server

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"strings"

	"github.com/go-chi/chi/v5"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/federation"
	"github.com/stgy/stgypub/pagecache"
	"github.com/stgy/stgypub/templates"
)

// pub serves GET /pub/{postId}: one published article with its metadata,
// previous/next links, share buttons and sidebar (docs/SPEC.md#public-pages,
// docs/SPEC.md#metadata, docs/SPEC.md#share-buttons), from the page cache
// (servePub). Malformed, unknown, unpublished, scheduled and deleted IDs all
// give the same 404, which is never cached.
func (s *pageHandlers) pub(w http.ResponseWriter, r *http.Request) error {
	id, err := stgypub.ParseID(chi.URLParam(r, "postId"))
	if err != nil {
		return errNotFound
	}
	if s.federation != nil && federation.WantsActivityJSON(r) {
		// The Article, before the page cache and the view recorder:
		// federation traffic is neither cached there nor a page view.
		s.federation.ServeArticle(w, r, id)
		return nil
	}
	design := ""
	if t, ok := stgypub.ThemeByName(r.URL.Query().Get("design")); ok {
		design = t.Name
	}
	key := pagecache.Key{Kind: pagecache.KindPub, ID: id, Variant: design}
	return s.servePub(w, r, key, func(ctx context.Context) (pagecache.Page, error) {
		return s.buildPub(ctx, id, design)
	})
}

// buildPub builds the article page: the post with its owner, settings,
// neighbours and Recent posts from one statement (PubArticle), the
// rendered body from the article cache (Content is read only on a miss),
// Popular entries and the view count from the counter, in parallel with
// the body. Last-Modified is the article data's LastChange (the owner's
// site change time: any edit, publication or deletion of their posts,
// their settings and profile; their newest publication, so a scheduled
// post falling due; the shown posts' times). Popular entries and the view
// count may change without moving it: the ETag changes with them, and the
// page expires when the ranking it shows does (sideData.until).
func (s *pageHandlers) buildPub(ctx context.Context, id stgypub.ID, design string) (pagecache.Page, error) {
	a, err := s.pageData.PubArticle(ctx, id)
	if err != nil {
		if stgypub.IsNotFound(err) {
			return pagecache.Page{}, errNotFound
		}
		return pagecache.Page{}, fmt.Errorf("server: load post %s: %w", id, err)
	}
	post := a.Post
	site := newSiteIdentity(a.Owner, a.Config).in(s.langTag(a.Post.Locale))
	sideDone := make(chan *sideData, 1)
	go func() { sideDone <- s.readSide(ctx, post.OwnedBy, post.ID, site.config.SidePopular()) }()
	theme := stgypub.ChooseTheme(design, site.config.DesignTheme)
	comments := s.startComments(ctx, post, site.config, theme.Vertical)
	article, err := s.articleHTML(ctx, post, theme.Vertical)
	sec := comments()
	d := <-sideDone
	if err != nil {
		if stgypub.IsNotFound(err) {
			return pagecache.Page{}, errNotFound
		}
		return pagecache.Page{}, fmt.Errorf("server: content of %s: %w", id, err)
	}
	location := s.pubURL(post.ID)
	if design != "" {
		location += "?design=" + design
	}
	page := s.pubPage(location, post, site, theme, article)
	if site.config.ShowPagination {
		page.Older, page.Newer = s.linkCard(a.Older, site), s.linkCard(a.Newer, site)
	}
	if n := site.config.SideRecent(); n > 0 {
		page.Sidebar.Recent = s.sideCards(dropPost(a.Recent, post.ID, n), site)
	}
	page.Sidebar.Popular = s.sideCards(d.popular, site)
	page.ViewCount, page.ShowViews = d.views, d.viewsOK && site.config.Extensions.ShowViewCount()
	s.setComments(page, sec)
	expires := earliest(a.NextPublication, d.until)
	if sec != nil && !sec.CountKnown {
		expires = earliest(expires, s.now().Add(degradedTTL))
	}
	var buf bytes.Buffer
	buf.Grow(64 << 10)
	if err := s.renderer.Pub(&buf, page); err != nil {
		return pagecache.Page{}, err
	}
	return pagecache.Page{
		Body: buf.Bytes(), ContentType: htmlType, CacheControl: pageCacheControl,
		CSP:      pagePolicy(page.Share, page.Analytics != nil),
		Modified: latest(&a.LastChange, post.PublishedAt, post.UpdatedAt),
		Owner:    post.OwnedBy, Version: pagecache.Micros(a.SiteChanged),
		Expires: expires, Vary: s.siteVary(),
		View: &stgypub.View{
			PostID: post.ID, OwnerID: post.OwnedBy, PublishedAt: *post.PublishedAt,
		},
	}, nil
}

// pubPage builds the article page model and its metadata.
func (s *pageHandlers) pubPage(location string, post *stgypub.Post, site siteIdentity, theme stgypub.Theme, article string) *templates.PubPage {
	canonical := s.pubURL(post.ID)
	parts := s.snippetParts(post, false, false)
	date, dateISO := site.dates(post.PublishedAt)
	title := articleTitle(parts.title, post, site)
	lang := s.langTag(post.Locale)
	// The featured image, else the site image (docs/SPEC.md#site-image).
	siteImage := s.siteImage(site)
	image, imageAlt := stgypub.ShareableImage(post.Derived.FeaturedImage, s.base), ""
	if image != "" {
		imageAlt = post.Derived.FeaturedImageAlt
	} else {
		image, imageAlt = siteImage, site.name
	}
	// dateModified and article:modified_time always: the last edit when
	// it came after the publication, else the publication itself.
	modified := dateISO
	if post.UpdatedAt != nil && post.UpdatedAt.After(*post.PublishedAt) {
		_, modified = site.dates(post.UpdatedAt)
	}
	card := "summary"
	if image != "" {
		card = "summary_large_image"
	}
	ld := &blogPosting{
		Context: "https://schema.org", Type: "BlogPosting",
		Headline: title, Description: parts.description,
		URL: canonical, MainEntityOfPage: canonical,
		DatePublished: dateISO, DateModified: modified,
		Image: image, InLanguage: lang, Keywords: strings.Join(post.Tags, ", "),
		Author:    person{Type: "Person", Name: site.author, URL: s.siteURL(site.owner.ID)},
		Publisher: &person{Type: "Organization", Name: site.name, URL: s.siteURL(site.owner.ID), Logo: &imageObject{Type: "ImageObject", URL: siteImage}},
		IsPartOf:  &blogLD{Type: "Blog", Name: site.name, URL: s.siteURL(site.owner.ID)},
	}
	page := &templates.PubPage{
		Page: templates.Page{
			Meta: templates.Meta{
				Lang: lang, Title: title, Description: parts.description,
				Canonical: canonical, SiteName: site.name,
				OGType: "article", OGLocale: ogLocale(lang),
				PublishedTime: dateISO, ModifiedTime: modified,
				Image: image, ImageAlt: imageAlt, TwitterCard: card, Author: site.author,
				DCDate: date, JSONLD: ld,
				NoAI: site.config.Extensions.DisallowAI(),
			},
			Theme:     theme,
			Site:      site.header(),
			Analytics: analytics(site.config, location, title, post.ID.String(), "post"),
		},
		Article: trustedHTML(article),
		// One <h1>: the body's own, else the title above it.
		TitleHeading:   titleHeading(article, title),
		Date:           date,
		DateISO:        dateISO,
		Author:         site.author,
		ReadingMinutes: post.Derived.ReadingMinutes,
		Tags:           s.tagLinks(site.owner.ID, post.Tags),
		Share:          s.shareRegion(site, post.ID, canonical, title, theme.Vertical),
		ViewDays:       s.viewDays,
		Sidebar: templates.Sidebar{
			ShowRecent:  site.config.SideRecent() > 0,
			ShowPopular: site.config.SidePopular() > 0,
		},
	}
	if site.config.ShowSideProfile {
		intro := site.config.DisplayIntroduction(site.owner)
		page.Sidebar.Profile = &templates.Profile{Name: site.author, Introduction: intro, URL: "/sites/" + site.owner.ID.String()}
	}
	return page
}

// articleTitle is the article's title as its page and its share links
// give it: the snippet's title, else the root's untitled rule
// (stgypub.TitleOrDate: the publication date in the site's zone).
func articleTitle(snippetTitle string, post *stgypub.Post, site siteIdentity) string {
	return stgypub.TitleOrDate(snippetTitle, post, site.loc)
}

// titleHeading is the title to show as the page's <h1> when the rendered
// body has no level-1 heading of its own, else "".
func titleHeading(article, title string) string {
	if strings.Contains(article, "<h1") {
		return ""
	}
	return title
}
