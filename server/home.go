package server

import (
	"bytes"
	"context"
	"fmt"
	"log/slog"
	"net/http"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/pagecache"
	"github.com/stgy/stgypub/templates"
)

// homeHandlers serve the home page (home.go, home_ranking.go) from the
// page cache.
type homeHandlers struct {
	*pageCache
	pageMeta
	*renderCache
	posts      PostStore            // Deps.Posts
	users      stgypub.PubUserStore // Deps.Users
	configs    stgypub.PubUserStore // Deps.Configs
	siteRanker stgypub.CountReader  // Deps.SiteRanker; nil leaves the ranking out
	log        *slog.Logger
}

// homeMaxSites bounds the home page's list.
const homeMaxSites = 100

// home serves GET /: "STGY Pub", the site-wide ranking of the week
// ("Popular this week", homeRanking) and the sites with published posts,
// newest activity first, at most homeMaxSites, from the page cache (a
// cross-site entry: every site change invalidates it, and it expires no
// later than the ranking it embeds).
func (s *homeHandlers) home(w http.ResponseWriter, r *http.Request) error {
	return s.serve(w, r, pagecache.Key{Kind: pagecache.KindHome}, s.buildHome)
}

func (s *homeHandlers) buildHome(ctx context.Context) (pagecache.Page, error) {
	next, err := s.posts.NextPublication(ctx)
	if err != nil {
		return pagecache.Page{}, fmt.Errorf("server: home: %w", err)
	}
	sites, err := s.posts.PublishedSites(ctx, homeMaxSites)
	if err != nil {
		return pagecache.Page{}, fmt.Errorf("server: home: %w", err)
	}
	ranking, rankingUntil := s.homeRanking(ctx, s.defaultLang)
	const title = "STGY Pub"
	desc := templates.TextFor(s.defaultLang).T("HomeDescription")
	page := &templates.HomePage{
		Ranking: ranking,
		Page: templates.Page{
			Meta: templates.Meta{
				Lang: s.defaultLang, Title: title, Description: desc, Canonical: s.base + "/",
				SiteName: title, OGType: "website", OGLocale: ogLocale(s.defaultLang), TwitterCard: "summary_large_image",
				Image: s.serviceImage(), ImageAlt: title,
				JSONLD: &webSiteLD{Context: "https://schema.org", Type: "WebSite", Name: title,
					Description: desc, URL: s.base + "/", InLanguage: s.defaultLang},
			},
			Theme: stgypub.DefaultTheme,
		},
	}
	for _, site := range sites {
		id := newSiteIdentity(site.Owner, site.Config).in(s.defaultLang)
		newest := site.LastChange
		date, iso := id.dates(&newest)
		page.Sites = append(page.Sites, templates.SiteEntry{
			Name: id.name, Subtitle: site.Config.Subtitle, URL: "/sites/" + site.Owner.ID.String(),
			Date: date, DateISO: iso,
		})
	}
	var buf bytes.Buffer
	if err := s.renderer.Home(&buf, page); err != nil {
		return pagecache.Page{}, err
	}
	// No Last-Modified: a renamed site changes the page without a newer
	// publication; the ETag revalidates it.
	return pagecache.Page{Body: buf.Bytes(), ContentType: htmlType, CacheControl: pageCacheControl, Expires: earliest(next, rankingUntil)}, nil
}
