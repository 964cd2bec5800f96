package server

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"time"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/pagecache"
	"github.com/stgy/stgypub/templates"
)

// homeMaxSites bounds the home page's list.
const homeMaxSites = 100

// home serves GET /: "STGY Pub", the site-wide ranking of the week
// ("Popular this week", homeRanking) and the sites with published posts,
// newest activity first, at most homeMaxSites, from the page cache (a
// cross-site entry: every site change invalidates it, and it expires no
// later than the ranking it embeds).
func (s *Server) home(w http.ResponseWriter, r *http.Request) error {
	return s.serve(w, r, pagecache.Key{Kind: pagecache.KindHome}, s.buildHome)
}

// nextPublication is the earliest scheduled publication of any site (zero
// when none is known), the expiry of the home page and the sitemap.
func (s *Server) nextPublication(ctx context.Context) (time.Time, error) {
	return s.deps.Posts.NextPublication(ctx)
}

func (s *Server) buildHome(ctx context.Context) (pagecache.Page, error) {
	next, err := s.nextPublication(ctx)
	if err != nil {
		return pagecache.Page{}, fmt.Errorf("server: home: %w", err)
	}
	sites, err := s.deps.Posts.PublishedSites(ctx, homeMaxSites)
	if err != nil {
		return pagecache.Page{}, fmt.Errorf("server: home: %w", err)
	}
	ranking, rankingUntil := s.homeRanking(ctx, s.cfg.DefaultLang)
	const title = "STGY Pub"
	desc := templates.TextFor(s.cfg.DefaultLang).T("HomeDescription")
	page := &templates.HomePage{
		Ranking: ranking,
		Page: templates.Page{
			Meta: templates.Meta{
				Lang: s.cfg.DefaultLang, Title: title, Description: desc, Canonical: s.base + "/",
				SiteName: title, OGType: "website", OGLocale: ogLocale(s.cfg.DefaultLang), TwitterCard: "summary_large_image",
				Image: s.serviceImage(), ImageAlt: title,
				JSONLD: &webSiteLD{Context: "https://schema.org", Type: "WebSite", Name: title,
					Description: desc, URL: s.base + "/", InLanguage: s.cfg.DefaultLang},
			},
			Theme: stgypub.DefaultTheme,
		},
	}
	for _, site := range sites {
		id := newSiteIdentity(site.Owner, site.Config).in(s.cfg.DefaultLang)
		newest := site.LastChange
		date, iso := id.dates(&newest)
		page.Sites = append(page.Sites, templates.SiteEntry{
			Name: id.name, Subtitle: site.Config.Subtitle, URL: "/sites/" + site.Owner.ID.String(),
			Date: date, DateISO: iso,
		})
	}
	var buf bytes.Buffer
	if err := s.pages.Home(&buf, page); err != nil {
		return pagecache.Page{}, err
	}
	// No Last-Modified: a renamed site changes the page without a newer
	// publication; the ETag revalidates it.
	return pagecache.Page{Body: buf.Bytes(), ContentType: htmlType, CacheControl: pageCacheControl, Expires: earliest(next, rankingUntil)}, nil
}
