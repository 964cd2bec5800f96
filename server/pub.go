package server

import (
	"bytes"
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"sync"
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
// its metadata and the view recording.
func (s *Server) pub(w http.ResponseWriter, r *http.Request) error {
	page, modified, err := s.buildPub(r, chi.URLParam(r, "postId"))
	if err != nil {
		return err
	}
	var buf bytes.Buffer
	buf.Grow(64 << 10)
	if err := s.pages.Pub(&buf, page); err != nil {
		return err
	}
	writeBody(w, r, htmlType, pageCacheControl, modified, buf.Bytes())
	return nil
}

// buildPub loads everything the article page shows and returns the page
// model and its Last-Modified time: the post with its owner, settings,
// neighbours and Recent posts in one statement (pageData.PubArticle),
// then in parallel the view recording, the view count and Popular entries
// (Ranker, then PublishedByIDs).
func (s *Server) buildPub(r *http.Request, rawID string) (*prerender.PubPage, time.Time, error) {
	id, err := stgypub.ParseID(rawID)
	if err != nil {
		return nil, time.Time{}, errNotFound
	}
	ctx := r.Context()
	a, err := s.articleData.get(id, func() (*stgypub.PubArticle, error) { return s.pageData.PubArticle(ctx, id) })
	if err != nil {
		if stgypub.IsNotFound(err) {
			return nil, time.Time{}, errNotFound
		}
		return nil, time.Time{}, fmt.Errorf("server: load post %s: %w", id, err)
	}
	post := a.Post
	site := newSiteIdentity(a.Owner, a.Config)
	theme := prerender.ChooseTheme(r.URL.Query().Get("design"), site.config.DesignTheme)

	var (
		popular []*stgypub.Post
		views   int64
		viewsOK bool
		wg      sync.WaitGroup
	)
	if n := site.config.SidePopular(); n > 0 {
		wg.Go(func() { popular = s.popularPosts(ctx, post.OwnedBy, post.ID, n) })
	}
	if s.deps.Counts != nil {
		wg.Go(func() { views, viewsOK = s.viewCount(ctx, post) })
	}
	if r.Method == http.MethodGet {
		wg.Go(func() { s.recordView(ctx, r, post) })
	}
	wg.Wait()

	page := s.pubPage(r, post, site, theme)
	if site.config.ShowPagenation {
		page.Older, page.Newer = s.linkCard(a.Older), s.linkCard(a.Newer)
	}
	if n := site.config.SideRecent(); n > 0 {
		page.Sidebar.Recent = s.sideCards(dropPost(a.Recent, post.ID, n), site)
	}
	page.Sidebar.Popular = s.sideCards(popular, site)
	page.ViewCount, page.ShowViews = views, viewsOK
	return page, latest(post.PublishedAt, post.UpdatedAt), nil
}

// pubPage builds the article page model and its metadata.
func (s *Server) pubPage(r *http.Request, post *stgypub.Post, site siteIdentity, theme prerender.Theme) *prerender.PubPage {
	canonical := s.pubURL(post.ID)
	parts := s.snippetParts(post, false, false)
	date, dateISO := s.dates(post.PublishedAt)
	title := parts.title
	if title == "" {
		title = site.name + " " + date
	}
	lang := s.langTag(post.Locale)
	image := absolute(canonical, parts.image)
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
				Image: image, TwitterCard: card, Author: site.author,
				DCDate: date, JSONLD: ld,
			},
			Theme:     theme,
			Site:      s.siteHeader(site),
			Analytics: analytics(site.config, s.requestLocation(r.URL), title, post.ID.String(), "post"),
		},
		Article:  trustedHTML(s.articleHTML(post, theme.Vertical)),
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

// viewCount is the post's PV over the retention window; ok is false when
// the counter fails (the line is then hidden).
func (s *Server) viewCount(ctx context.Context, post *stgypub.Post) (int64, bool) {
	m, err := s.deps.Counts.ViewCounts(ctx, post.OwnedBy, []stgypub.ID{post.ID})
	if err != nil {
		s.log.LogAttrs(ctx, slog.LevelWarn, "view counts unavailable",
			slog.String("request_id", RequestID(ctx)), slog.String("post", post.ID.String()), slog.String("error", err.Error()))
		return 0, false
	}
	return m[post.ID], true
}
