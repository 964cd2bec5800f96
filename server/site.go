package server

import (
	"bytes"
	"context"
	"fmt"
	"net/http"

	"github.com/go-chi/chi/v5"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/federation"
	"github.com/stgy/stgypub/markdown"
	"github.com/stgy/stgypub/pagecache"
	"github.com/stgy/stgypub/templates"
)

// site serves GET /sites/{userId}: the site's introduction and its published
// posts in Rich or Plain view, newest or oldest first, paged; with ?q= the
// site's search results in KWIC, Rich or Plain view
// (docs/SPEC.md#public-pages). List pages come from the page cache, one entry
// per view, order, page and design; search results are built for each
// request. No share buttons here.
func (s *pageHandlers) site(w http.ResponseWriter, r *http.Request) error {
	userID, err := stgypub.ParseID(chi.URLParam(r, "userId"))
	if err != nil {
		return errNotFound
	}
	if s.federation != nil && federation.WantsActivityJSON(r) {
		// Before the page cache, which holds pages only: the JSON is
		// never cached there, and both answers say Vary: Accept.
		s.federation.ServeActor(w, r, userID)
		return nil
	}
	params, err := parseSiteParams(r.URL.Query())
	if err != nil {
		return err
	}
	if params.respell { // ?page=+2, ?page=02: one URL per page
		http.Redirect(w, r, canonicalPageURL(r.URL, params.page), http.StatusMovedPermanently)
		return nil
	}
	build := func(ctx context.Context) (pagecache.Page, error) { return s.buildSite(ctx, userID, params) }
	if params.query != "" {
		p, err := build(r.Context())
		if err != nil {
			return err
		}
		pagecache.Build(p).Write(w, r, s.now())
		return nil
	}
	key := pagecache.Key{Kind: pagecache.KindSite, ID: userID, Variant: params.key()}
	return s.serve(w, r, key, build)
}

// buildSite loads the page's data (owner, settings and the list in one
// statement, pageData.PubSite; search results through SearchPublished)
// and renders it. Last-Modified is the data's LastChange (the owner's
// site change time, moved by every write that changes what the site
// shows, and the newest publication, so a scheduled post falling due
// moves it too); the page expires at the owner's next scheduled
// publication.
func (s *pageHandlers) buildSite(ctx context.Context, userID stgypub.ID, params siteParams) (pagecache.Page, error) {
	var (
		data    *stgypub.PubSite
		total   int
		hasMore bool
		err     error
	)
	if params.query != "" {
		data, total, err = s.searchSite(ctx, userID, params)
		hasMore = err == nil && params.offset()+len(data.Posts) < total
	} else {
		q := stgypub.PostQuery{Order: params.order, Offset: params.offset(), Limit: params.pageSize() + 1}
		if params.tag != "" {
			q.Tag = stgypub.TagKey(params.tag)
		}
		data, err = s.pageData.PubSite(ctx, userID, q)
		if err == nil && len(data.Posts) > params.pageSize() {
			hasMore = true
		}
	}
	if err != nil {
		if stgypub.IsNotFound(err) {
			return pagecache.Page{}, errNotFound
		}
		return pagecache.Page{}, fmt.Errorf("server: list site %s: %w", userID, err)
	}
	posts := data.Posts
	if hasMore && params.query == "" {
		posts = posts[:params.pageSize()]
	}
	if len(posts) == 0 && params.page > 1 {
		return pagecache.Page{}, notFoundf("No such page: this site has no page %d.", params.page)
	}
	if len(posts) == 0 && params.tag != "" { // no empty tag pages for crawlers
		return pagecache.Page{}, notFoundf("No published post of this site is tagged “%s”.", params.tag)
	}
	site := newSiteIdentity(data.Owner, data.Config)
	theme := stgypub.ChooseTheme(params.design, site.config.DesignTheme)
	page := s.sitePage(site, params, theme, posts, total, hasMore)
	var buf bytes.Buffer
	buf.Grow(32 << 10)
	if err := s.renderer.Site(&buf, page); err != nil {
		return pagecache.Page{}, err
	}
	return pagecache.Page{
		Body: buf.Bytes(), ContentType: htmlType, CacheControl: pageCacheControl,
		CSP:      pagePolicy(nil, page.Analytics != nil),
		Modified: data.LastChange, Owner: userID, Version: pagecache.Micros(data.SiteChanged),
		Expires: data.NextPublication, Vary: s.siteVary(),
	}, nil
}

// siteVary is the Vary of site and article pages besides
// Accept-Encoding: Accept when the same URL answers the actor or Article
// document to ActivityPub clients.
func (s *pageHandlers) siteVary() string {
	if s.federation != nil {
		return "Accept"
	}
	return ""
}

// sitePage builds the page model and metadata of a site page.
func (s *pageHandlers) sitePage(site siteIdentity, p siteParams, theme stgypub.Theme,
	posts []*stgypub.Post, total int, hasMore bool) *templates.SitePage {
	id := site.owner.ID
	canonical := s.siteCanonical(id, p)
	lang := s.siteLang(site.config)
	site = site.in(lang)
	desc := site.config.Subtitle
	if desc == "" {
		desc = stgypub.TruncateEllipsis(stgypub.CollapseSpace(site.config.Introduction), stgypub.DescriptionMaxLen)
	}
	title := siteTitle(site, p)
	page := &templates.SitePage{
		Page: templates.Page{
			Meta: templates.Meta{
				Lang: lang, Title: title, Description: desc, Canonical: canonical,
				SiteName: site.name, OGType: "website", OGLocale: ogLocale(lang),
				TwitterCard: "summary_large_image", Author: site.author, FeedURL: s.feedURL(id),
				Image: s.siteImage(site), ImageAlt: site.name,
				NoIndexFollow: p.query != "",
				NoAI:          site.config.Extensions.DisallowAI(),
				JSONLD: &blogLD{
					Context: "https://schema.org", Type: "Blog", Name: site.name, Description: desc,
					URL: s.siteURL(id), InLanguage: lang, Author: &person{Type: "Person", Name: site.author, URL: s.siteURL(id)},
					Image: s.siteImage(site),
				},
			},
			Theme:     theme,
			Site:      site.header(),
			Analytics: analytics(site.config, s.base+p.url(id), title, id.String(), "site"),
		},
		Author:       site.author,
		Introduction: site.config.DisplayIntroduction(site.owner),
		View:         p.view,
		Query:        p.query,
		Total:        total,
		PageNumber:   p.page,
		SearchAction: "/sites/" + id.String(),
	}
	// One <h1> per page: the query on search results, else the site name
	// (in the header when it is shown there).
	switch {
	case p.query != "":
		page.Heading = site.text.T("SearchHeading", "Query", p.query)
	case p.tag != "":
		page.Heading = site.text.T("TagHeading", "Tag", p.tag)
	case site.config.ShowSiteName:
		page.Site.NameIsHeading = true
	default:
		page.Heading = site.name
	}
	s.fillList(page, site, p, theme, posts)
	s.fillControls(page, site, p, hasMore)
	return page
}

// fillList renders the posts in the chosen view.
func (s *pageHandlers) fillList(page *templates.SitePage, site siteIdentity, p siteParams, theme stgypub.Theme, posts []*stgypub.Post) {
	switch p.view {
	case viewKWIC:
		for _, post := range posts {
			hit := templates.SearchHit{Card: s.card(post, site, false, false)}
			for _, f := range markdown.KWIC(stgypub.SearchContext(post), p.query, stgypub.KWICRadius, stgypub.KWICFragments) {
				hit.Fragments = append(hit.Fragments, templates.Fragment{Before: f.Before, Match: f.Match, After: f.After, Start: f.Start, End: f.End})
			}
			page.Hits = append(page.Hits, hit)
		}
	default:
		rich := p.view == viewRich
		page.Cards = make([]templates.Card, len(posts))
		kind := templates.PlainCard
		if rich {
			kind = templates.RichCard
		}
		for i, post := range posts {
			page.Cards[i] = s.withFragment(s.card(post, site, theme.Vertical, rich), post, site, kind, theme.Vertical)
		}
	}
	if len(posts) == 0 {
		page.Empty = site.text.T("NoPublishedPosts")
		if p.query != "" {
			page.Empty = site.text.T("NoMatches")
		}
	}
}

// fillControls adds the view and order switches, the search form's hidden
// fields and the newer/older page links.
func (s *pageHandlers) fillControls(page *templates.SitePage, site siteIdentity, p siteParams, hasMore bool) {
	id := site.owner.ID
	views := []string{viewRich, viewPlain}
	if p.query != "" {
		views = []string{viewKWIC, viewRich, viewPlain}
	}
	labels := map[string]string{viewKWIC: site.text.T("ViewKWIC"), viewRich: site.text.T("ViewRich"), viewPlain: site.text.T("ViewPlain")}
	for _, v := range views {
		q := p
		q.view, q.page = v, 1
		page.ViewLinks = append(page.ViewLinks, templates.Link{Label: labels[v], URL: q.url(id), Current: v == p.view})
	}
	for _, o := range []stgypub.Order{stgypub.OrderNewest, stgypub.OrderOldest} {
		q := p
		q.order, q.page = o, 1
		label := site.text.T("NewestFirst")
		if o == stgypub.OrderOldest {
			label = site.text.T("OldestFirst")
		}
		page.OrderLinks = append(page.OrderLinks, templates.Link{Label: label, URL: q.url(id), Current: o == p.order})
	}
	// A new search keeps an explicitly chosen view (Plain, or Rich on a
	// results page); from the Rich list it starts in KWIC.
	if p.view == viewPlain || (p.query != "" && p.view == viewRich) {
		page.Hidden = append(page.Hidden, templates.Link{Label: "view", URL: p.view})
	}
	if p.order != stgypub.OrderNewest {
		page.Hidden = append(page.Hidden, templates.Link{Label: "order", URL: string(p.order)})
	}
	if p.design != "" {
		page.Hidden = append(page.Hidden, templates.Link{Label: "design", URL: p.design})
	}
	var prev, next string
	if p.page > 1 {
		q := p
		q.page--
		prev = q.url(id)
	}
	if hasMore {
		q := p
		q.page++
		next = q.url(id)
	}
	if p.order == stgypub.OrderNewest {
		page.NewerURL, page.OlderURL = prev, next
	} else {
		page.NewerURL, page.OlderURL = next, prev
	}
}
