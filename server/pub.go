package server

import (
	"bytes"
	"fmt"
	"net/http"
	"time"

	"github.com/go-chi/chi/v5"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/prerender"
)

// pub serves GET /pub/{postId}: one published article with its metadata,
// previous/next links, share buttons and sidebar (seed 001 "External Page
// Structure", "Server-Side Rendering and Metadata", "Sharing Published
// Articles"). Malformed, unknown, unpublished, scheduled and deleted IDs
// all give the same 404. The post is fetched once and shared by the page,
// its metadata and the view recording, which runs while the page renders
// and is finished before the response is written.
func (s *Server) pub(w http.ResponseWriter, r *http.Request) error {
	page, modified, recorded, err := s.buildPub(r, chi.URLParam(r, "postId"))
	if err != nil {
		return err
	}
	var buf bytes.Buffer
	buf.Grow(64 << 10)
	err = s.pages.Pub(&buf, page)
	recorded()
	if err != nil {
		return err
	}
	writeBody(w, r, htmlType, pageCacheControl, modified, buf.Bytes())
	return nil
}

// buildPub loads everything the article page shows and returns the page
// model, its Last-Modified time and a function that waits for the view
// recording it started (GET only). Last-Modified is the article data's
// LastChange (the owner's site change time: any edit, publication or
// deletion of their posts, their settings and profile; their newest
// publication, so a scheduled post falling due; the shown posts' times),
// so If-Modified-Since alone never keeps a stale page. Popular entries
// and the view count come from the counter (Redis ranking, cached up to
// five minutes) and may change without moving Last-Modified: the ETag,
// a hash of the whole body, still changes with them. The post with its owner, settings,
// neighbours and Recent posts comes from one statement
// (pageData.PubArticle); the rendered body from the article cache (its
// Content is read only on a miss); Popular entries and the view count are
// read from the counter in parallel with the statement when an earlier
// request left a hint (speculateSide), else right after it.
func (s *Server) buildPub(r *http.Request, rawID string) (*prerender.PubPage, time.Time, func(), error) {
	id, err := stgypub.ParseID(rawID)
	if err != nil {
		return nil, time.Time{}, nil, errNotFound
	}
	ctx := r.Context()
	side := s.speculateSide(ctx, id)
	a, err := s.articleData.get(id, func() (*stgypub.PubArticle, error) { return s.pageData.PubArticle(ctx, id) })
	if err != nil {
		side(sideHint{})
		if stgypub.IsNotFound(err) {
			return nil, time.Time{}, nil, errNotFound
		}
		return nil, time.Time{}, nil, fmt.Errorf("server: load post %s: %w", id, err)
	}
	post := a.Post
	site := newSiteIdentity(a.Owner, a.Config)
	want := sideHint{owner: post.OwnedBy, popular: site.config.SidePopular()}
	sideDone := make(chan *sideData, 1)
	if d := side(want); d != nil {
		sideDone <- d
	} else {
		go func() { sideDone <- s.loadSide(ctx, want.owner, post.ID, want.popular) }()
	}
	theme := prerender.ChooseTheme(r.URL.Query().Get("design"), site.config.DesignTheme)
	comments := s.startComments(ctx, post, site.config, theme.Vertical)
	article, err := s.articleHTML(ctx, post, theme.Vertical)
	if err != nil {
		<-sideDone
		comments()
		if stgypub.IsNotFound(err) {
			return nil, time.Time{}, nil, errNotFound
		}
		return nil, time.Time{}, nil, fmt.Errorf("server: content of %s: %w", id, err)
	}
	recorded := func() {}
	if r.Method == http.MethodGet {
		done := make(chan struct{})
		go func() { defer close(done); s.recordView(ctx, r, post) }()
		recorded = func() { <-done }
	}
	d := <-sideDone

	page := s.pubPage(r, post, site, theme, article)
	if site.config.ShowPagenation {
		page.Older, page.Newer = s.linkCard(a.Older), s.linkCard(a.Newer)
	}
	if n := site.config.SideRecent(); n > 0 {
		page.Sidebar.Recent = s.sideCards(dropPost(a.Recent, post.ID, n), site)
	}
	page.Sidebar.Popular = s.sideCards(d.popular, site)
	page.ViewCount, page.ShowViews = d.views, d.viewsOK && site.config.Extensions.ShowViewCount()
	s.setComments(page, comments())
	return page, latest(&a.LastChange, post.PublishedAt, post.UpdatedAt), recorded, nil
}

// pubPage builds the article page model and its metadata.
func (s *Server) pubPage(r *http.Request, post *stgypub.Post, site siteIdentity, theme prerender.Theme, article string) *prerender.PubPage {
	canonical := s.pubURL(post.ID)
	parts := s.snippetParts(post, false, false)
	date, dateISO := s.dates(post.PublishedAt)
	title := parts.title
	if title == "" {
		title = site.name + " " + date
	}
	lang := s.langTag(post.Locale)
	image, imageAlt := stgypub.ShareableImage(parts.image), ""
	if image != "" {
		imageAlt = parts.imageAlt
	}
	var modified string
	if post.UpdatedAt != nil && post.UpdatedAt.After(*post.PublishedAt) {
		_, modified = s.dates(post.UpdatedAt)
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
		Image: image, InLanguage: lang,
		Author:   person{Type: "Person", Name: site.author, URL: s.siteURL(site.owner.ID)},
		IsPartOf: &blogLD{Type: "Blog", Name: site.name, URL: s.siteURL(site.owner.ID)},
	}
	page := &prerender.PubPage{
		Page: prerender.Page{
			Meta: prerender.Meta{
				Lang: lang, Title: title, Description: parts.description,
				Canonical: canonical, SiteName: site.name,
				OGType: "article", OGLocale: ogLocale(lang),
				PublishedTime: dateISO, ModifiedTime: modified,
				Image: image, ImageAlt: imageAlt, TwitterCard: card, Author: site.author,
				DCDate: date, JSONLD: ld,
			},
			Theme:     theme,
			Site:      s.siteHeader(site),
			Analytics: analytics(site.config, s.requestLocation(r.URL), title, post.ID.String(), "post"),
		},
		Article:  trustedHTML(article),
		Date:     date,
		DateISO:  dateISO,
		Author:   site.author,
		Share:    prerender.NewShare(site.config.Extensions.ShareButtons(), canonical, title, theme.Vertical),
		ViewDays: s.cfg.ViewDays,
		Sidebar: prerender.Sidebar{
			ShowRecent:  site.config.SideRecent() > 0,
			ShowPopular: site.config.SidePopular() > 0,
		},
	}
	if site.config.ShowSideProfile {
		intro := site.config.Introduction
		if intro == "" {
			intro = site.owner.Introduction
		}
		page.Sidebar.Profile = &prerender.Profile{Name: site.author, Introduction: intro, URL: "/sites/" + site.owner.ID.String()}
	}
	return page
}
