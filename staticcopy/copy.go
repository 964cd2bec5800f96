// Package staticcopy writes one site as static files (docs/STATIC.md):
// its listing pages, tag pages, feed and a site sitemap, an article page
// per published post and the assets they use under the hashed names the
// server serves them by, so that any static file server serves the same
// pages. The pages come from the live server's own handler, asked in
// process; the copy rewrites only what must differ on a static host:
// links to its pages become folder URLs, links the copy cannot serve
// (search, comment feeds, share links, other sites) go to the origin,
// the comment widget talks to the origin, and each article gets
// ui/static/view.js, which records its view at the origin with a view
// token. The same input gives byte-identical files; Incremental rewrites
// only the files whose bytes changed.
package staticcopy

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"sort"
	"strings"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/ui"
)

// Config is one copy to write.
type Config struct {
	// Handler is the live server's handler (server.Server), built with
	// BaseURL as its base URL so canonical, feed and sitemap URLs are the
	// copy's. It should record no views: the copy's requests carry no
	// client address, and cmd/stgy-pub builds it without a view queue.
	Handler http.Handler
	// BaseURL is where the copy is served (an absolute http(s) URL, an
	// optional path prefix).
	BaseURL *url.URL
	// API is the origin server's base URL: its /graphql counts views and
	// serves comments, and links the copy does not hold go there.
	API *url.URL
	// UserID is the site's owner; Posts are the IDs of the site's
	// published posts (each gets its article page).
	UserID stgypub.ID
	Posts  []stgypub.ID
	// Dir is the folder written (created when missing).
	Dir string
	// Incremental rewrites only the files whose bytes changed; otherwise
	// every file is written.
	Incremental bool
}

// Result counts one run: Files in the copy, Written (every file without
// Incremental, else those whose bytes changed or were missing) and
// Removed (files of the previous copy that it no longer has).
type Result struct {
	Files, Written, Removed int
	// Pages are the HTML pages' files (slash-separated, under Dir).
	Pages []string
}

// copier is one run's state.
type copier struct {
	cfg    Config
	prefix string          // BaseURL's path without a trailing slash
	posts  map[string]bool // the published posts' IDs
	// fetched maps a target's request to the answer, once each.
	fetched map[string]*answer
}

// answer is the handler's response to one target.
type answer struct {
	t      target
	status int
	ctype  string
	body   []byte
	// to is where a redirect's Location leads (a local request), "" else.
	to string
}

// Write fetches every page of the site from cfg.Handler, following the
// links the copy keeps, rewrites the HTML pages and writes the files
// under cfg.Dir (refused by CheckDir before anything is fetched when it
// holds other files). It fails when the site's first listing page or a
// published post's page does not answer 200, or on a file system error.
func Write(ctx context.Context, cfg Config) (Result, error) {
	if cfg.Handler == nil || cfg.BaseURL == nil || cfg.API == nil || cfg.Dir == "" {
		return Result{}, errors.New("staticcopy: Handler, BaseURL, API and Dir are required")
	}
	if err := CheckDir(cfg.Dir); err != nil {
		return Result{}, err
	}
	c := &copier{cfg: cfg, prefix: strings.TrimSuffix(cfg.BaseURL.Path, "/"), posts: map[string]bool{}, fetched: map[string]*answer{}}
	for _, id := range cfg.Posts {
		c.posts[id.String()] = true
	}
	roots := []string{"/sites/" + cfg.UserID.String(), "/sites/" + cfg.UserID.String() + "/feed.atom", "/favicon.svg"}
	for _, id := range cfg.Posts {
		roots = append(roots, "/pub/"+id.String())
	}
	if len(cfg.Posts) > 0 {
		roots = append(roots, ui.URL(viewScript))
	}
	for _, r := range roots {
		t, _ := c.localTarget(r, nil)
		if err := c.crawl(ctx, t); err != nil {
			return Result{}, err
		}
		if a := c.fetched[t.request]; a.status != http.StatusOK {
			return Result{}, fmt.Errorf("staticcopy: %s answered %d", t.request, a.status)
		}
	}
	// The site image is named by og:image (a meta value, not a link) when
	// the site has none of its own.
	card, _ := c.localTarget("/sites/"+cfg.UserID.String()+"/card.png", nil)
	if err := c.crawl(ctx, card); err != nil {
		return Result{}, err
	}
	files, pages, err := c.render()
	if err != nil {
		return Result{}, err
	}
	res, err := writeFiles(cfg.Dir, files, cfg.Incremental)
	res.Pages = pages
	return res, err
}

// crawl fetches t and, breadth first, every local target its HTML links
// to, each once.
func (c *copier) crawl(ctx context.Context, t target) error {
	queue := []target{t}
	for len(queue) > 0 {
		t, queue = queue[0], queue[1:]
		if _, ok := c.fetched[t.request]; ok {
			continue
		}
		if err := ctx.Err(); err != nil {
			return err
		}
		a := c.fetch(t)
		c.fetched[t.request] = a
		if a.to != "" {
			if next, ok := c.resolve(a.to); ok {
				queue = append(queue, next)
			}
			continue
		}
		if a.status == http.StatusOK && isHTML(a.ctype) {
			for _, l := range links(a.body) {
				if next, ok := c.resolveFrom(t, l); ok {
					queue = append(queue, next)
				}
			}
		}
	}
	return nil
}

// fetch asks the handler for t as a GET without a client address (no
// view, no crawl is counted) and without compression.
func (c *copier) fetch(t target) *answer {
	u := *c.cfg.BaseURL
	u.Path, u.RawQuery = "", ""
	req := httptest.NewRequest(http.MethodGet, u.String()+t.request, nil)
	req.RemoteAddr = ""
	req.Header.Set("Accept", "text/html,application/xhtml+xml,*/*")
	rec := httptest.NewRecorder()
	c.cfg.Handler.ServeHTTP(rec, req)
	a := &answer{t: t, status: rec.Code, ctype: rec.Header().Get("Content-Type"), body: rec.Body.Bytes()}
	if rec.Code >= 300 && rec.Code < 400 {
		a.to = rec.Header().Get("Location")
	}
	return a
}

// resolveFrom resolves ref as found on from's page to a local target.
func (c *copier) resolveFrom(from target, ref string) (target, bool) {
	base, err := c.cfg.BaseURL.Parse(c.prefix + from.request)
	if err != nil {
		return target{}, false
	}
	u, err := base.Parse(ref)
	if err != nil {
		return target{}, false
	}
	return c.local(u)
}

// resolve is resolveFrom for a reference relative to the base URL.
func (c *copier) resolve(ref string) (target, bool) {
	u, err := c.cfg.BaseURL.Parse(ref)
	if err != nil {
		return target{}, false
	}
	return c.local(u)
}

// local is the target of the absolute URL u when the copy holds it.
func (c *copier) local(u *url.URL) (target, bool) {
	p, ok := c.sitePath(u)
	if !ok {
		return target{}, false
	}
	return c.localTarget(p, u.Query())
}

// sitePath is u's path below the base URL's prefix; false for another
// scheme or host. Root paths outside the prefix (the hashed assets are
// always /ui/…) are kept as they are.
func (c *copier) sitePath(u *url.URL) (string, bool) {
	b := c.cfg.BaseURL
	if !strings.EqualFold(u.Scheme, b.Scheme) || !strings.EqualFold(u.Host, b.Host) {
		return "", false
	}
	p := u.Path
	if c.prefix != "" && (p == c.prefix || strings.HasPrefix(p, c.prefix+"/")) {
		p = strings.TrimPrefix(p, c.prefix)
	}
	if p == "" {
		p = "/"
	}
	return p, true
}

// final follows t's redirects (at most a few) to the answer that holds
// its bytes; nil when it does not end in a 200.
func (c *copier) final(t target) *answer {
	for range 5 {
		a := c.fetched[t.request]
		if a == nil {
			return nil
		}
		if a.to == "" {
			if a.status != http.StatusOK {
				return nil
			}
			return a
		}
		next, ok := c.resolve(a.to)
		if !ok {
			return nil
		}
		t = next
	}
	return nil
}

// render rewrites every page and returns the copy's files (path → bytes)
// and its HTML pages' paths, sorted.
func (c *copier) render() (map[string][]byte, []string, error) {
	files := map[string][]byte{}
	var pages []string
	var entries []sitemapEntry
	for _, a := range c.fetched {
		if a.status != http.StatusOK || a.to != "" {
			continue
		}
		body := a.body
		if isHTML(a.ctype) {
			var meta pageMeta
			body, meta = c.rewrite(a, body)
			pages = append(pages, a.t.file)
			if meta.indexable {
				entries = append(entries, sitemapEntry{loc: c.absolute(a.t), lastmod: meta.lastmod})
			}
		}
		files[a.t.file] = body
	}
	sort.Strings(pages)
	files["sites/"+c.cfg.UserID.String()+"/sitemap.xml"] = sitemapXML(entries)
	return files, pages, nil
}

// absolute is t's absolute URL in the copy.
func (c *copier) absolute(t target) string {
	u := *c.cfg.BaseURL
	u.Path, u.RawQuery, u.Fragment = "", "", ""
	return u.String() + t.href(c.prefix)
}

func isHTML(ctype string) bool { return strings.HasPrefix(ctype, "text/html") }
