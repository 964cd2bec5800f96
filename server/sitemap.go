package server

import (
	"bytes"
	"context"
	"encoding/xml"
	"fmt"
	"log/slog"
	"net/http"
	"time"

	"golang.org/x/sync/errgroup"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/pagecache"
)

// sitemapHandlers serve what crawlers read of the whole service:
// /sitemap.xml (sitemap.go, from the page cache) and /robots.txt
// (robots.go).
type sitemapHandlers struct {
	*pageCache
	pageMeta
	posts   PostStore            // Deps.Posts
	configs stgypub.PubUserStore // Deps.Configs, the owners' time zones
	log     *slog.Logger
}

// sitemapMaxPosts keeps posts plus site pages within the sitemap
// protocol's 50,000 URLs per file.
const sitemapMaxPosts = 45000

type sitemapURL struct {
	Loc     string `xml:"loc"`
	LastMod string `xml:"lastmod,omitempty"`
}

type urlset struct {
	XMLName xml.Name     `xml:"urlset"`
	Xmlns   string       `xml:"xmlns,attr"`
	URLs    []sitemapURL `xml:"url"`
}

// sitemap serves GET /sitemap.xml (sitemaps.org 0.9): every published
// post's canonical URL and every site with a published post, with
// lastmod (latest of published_at and updated_at, with the offset of
// the site's time zone, as the site's pages and feed give it; the
// owners' settings come in one more statement). Unpublished and
// scheduled posts never appear. Last-Modified is the latest of every
// lastmod and of every site change time (SitemapLastChange), so an
// unpublished or deleted post, which only leaves the list, moves it too.
// From the page cache (a cross-site entry).
func (s *sitemapHandlers) sitemap(w http.ResponseWriter, r *http.Request) error {
	return s.serve(w, r, pagecache.Key{Kind: pagecache.KindSitemap}, s.buildSitemap)
}

func (s *sitemapHandlers) buildSitemap(ctx context.Context) (pagecache.Page, error) {
	var (
		posts        []*stgypub.Post
		newest, next time.Time
	)
	g, gctx := errgroup.WithContext(ctx)
	g.Go(func() (err error) {
		next, err = s.posts.NextPublication(gctx)
		return err
	})
	g.Go(func() (err error) {
		posts, err = s.posts.PublishedForSitemap(gctx, sitemapMaxPosts)
		return err
	})
	g.Go(func() (err error) {
		newest, err = s.posts.SitemapLastChange(gctx)
		return err
	})
	if err := g.Wait(); err != nil {
		return pagecache.Page{}, fmt.Errorf("server: sitemap: %w", err)
	}
	zones, err := s.siteZones(ctx, posts)
	if err != nil {
		return pagecache.Page{}, fmt.Errorf("server: sitemap: %w", err)
	}
	lastmod := func(owner stgypub.ID, t time.Time) string { return t.In(zones[owner]).Format(time.RFC3339) }
	set := urlset{Xmlns: "http://www.sitemaps.org/schemas/sitemap/0.9"}
	siteMod := map[stgypub.ID]time.Time{}
	var sites []stgypub.ID
	for _, p := range posts {
		mod := latest(p.PublishedAt, p.UpdatedAt)
		set.URLs = append(set.URLs, sitemapURL{Loc: s.pubURL(p.ID), LastMod: lastmod(p.OwnedBy, mod)})
		if prev, ok := siteMod[p.OwnedBy]; !ok {
			sites = append(sites, p.OwnedBy)
			siteMod[p.OwnedBy] = mod
		} else if mod.After(prev) {
			siteMod[p.OwnedBy] = mod
		}
		if mod.After(newest) {
			newest = mod
		}
	}
	for _, id := range sites {
		set.URLs = append(set.URLs, sitemapURL{Loc: s.siteURL(id), LastMod: lastmod(id, siteMod[id])})
	}
	var buf bytes.Buffer
	buf.WriteString(xml.Header)
	enc := xml.NewEncoder(&buf)
	enc.Indent("", " ")
	if err := enc.Encode(set); err != nil {
		return pagecache.Page{}, fmt.Errorf("server: encode sitemap: %w", err)
	}
	buf.WriteByte('\n')
	return pagecache.Page{
		Body: buf.Bytes(), ContentType: "application/xml; charset=utf-8", CacheControl: "public, max-age=3600",
		Modified: newest, Expires: next,
	}, nil
}

// siteZones is the time zone of each owner of posts (UTC for one whose
// settings are missing), from one PubConfigs read.
func (s *sitemapHandlers) siteZones(ctx context.Context, posts []*stgypub.Post) (map[stgypub.ID]*time.Location, error) {
	zones := make(map[stgypub.ID]*time.Location)
	var owners []stgypub.ID
	for _, p := range posts {
		if _, ok := zones[p.OwnedBy]; !ok {
			zones[p.OwnedBy] = time.UTC
			owners = append(owners, p.OwnedBy)
		}
	}
	if len(owners) == 0 {
		return zones, nil
	}
	cfgs, err := s.configs.PubConfigs(ctx, owners)
	if err != nil {
		return nil, err
	}
	for _, c := range cfgs {
		zones[c.UserID] = c.Location()
	}
	return zones, nil
}
