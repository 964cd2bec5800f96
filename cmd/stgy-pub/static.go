package main

import (
	"context"
	"crypto/rand"
	"errors"
	"flag"
	"fmt"
	"log/slog"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/article"
	"github.com/stgy/stgypub/server"
	"github.com/stgy/stgypub/staticcopy"
)

// staticOptions are the flags of `stgy-pub static`.
type staticOptions struct {
	login, dir, baseURL, api string
	incremental              bool
}

// staticFlags declares the flags of `stgy-pub static -user LOGIN -o DIR
// [-base-url URL] [-api URL] [-incremental]` and returns the command.
func staticFlags(fs *flag.FlagSet) runFunc {
	var o staticOptions
	fs.StringVar(&o.login, "user", "", "login name of the site's owner (required)")
	fs.StringVar(&o.dir, "o", "", "folder to write the copy into, created when missing (required)")
	fs.StringVar(&o.baseURL, "base-url", "", "absolute URL the copy is served from (default STGY_BASE_URL)")
	fs.StringVar(&o.api, "api", "", "base URL of the origin server that counts views and serves comments (default STGY_BASE_URL)")
	fs.BoolVar(&o.incremental, "incremental", false, "rewrite only the files whose bytes changed")
	return func(ctx context.Context, cfg *config, _ []string) error { return runStatic(ctx, cfg, o) }
}

// runStatic writes the static copy of the user's site (docs/STATIC.md)
// and prints what it did.
func runStatic(ctx context.Context, cfg *config, o staticOptions) error {
	start := time.Now()
	res, err := writeStatic(ctx, cfg, o)
	if err != nil {
		return err
	}
	fmt.Printf("static copy in %s: %d files (%d pages), %d written, %d removed, %s\n",
		o.dir, res.Files, len(res.Pages), res.Written, res.Removed, time.Since(start).Round(time.Millisecond))
	return nil
}

// writeStatic wires the stores, builds the pages' server for the copy's
// base URL and writes the copy.
func writeStatic(ctx context.Context, cfg *config, o staticOptions) (staticcopy.Result, error) {
	if o.login == "" || o.dir == "" {
		return staticcopy.Result{}, usageError{"-user and -o are required"}
	}
	if err := staticcopy.CheckDir(o.dir); err != nil {
		return staticcopy.Result{}, usageError{"-o: " + strings.TrimPrefix(err.Error(), "staticcopy: ")}
	}
	base, err := staticURL("-base-url", o.baseURL, cfg.BaseURL)
	if err != nil {
		return staticcopy.Result{}, err
	}
	api, err := staticURL("-api", o.api, cfg.BaseURL)
	if err != nil {
		return staticcopy.Result{}, err
	}
	c := staticConfig(cfg, base)
	a, err := wire(ctx, c)
	if err != nil {
		return staticcopy.Result{}, err
	}
	defer a.close()
	u, err := a.store.Users.UserByLogin(ctx, o.login)
	if err != nil {
		return staticcopy.Result{}, fmt.Errorf("user %q: %w", o.login, err)
	}
	posts, err := publishedIDs(ctx, a, u.ID)
	if err != nil {
		return staticcopy.Result{}, err
	}
	h, err := staticServer(c, a)
	if err != nil {
		return staticcopy.Result{}, err
	}
	return staticcopy.Write(ctx, staticcopy.Config{Handler: h, BaseURL: base, API: api, UserID: u.ID, Posts: posts, Dir: o.dir, Incremental: o.incremental})
}

// staticURL is flag name's absolute http(s) URL without query or
// fragment, def when empty.
func staticURL(name, raw string, def *url.URL) (*url.URL, error) {
	if raw == "" {
		return def, nil
	}
	u, err := url.Parse(raw)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.RawQuery != "" || u.Fragment != "" {
		return nil, usageError{fmt.Sprintf("%s must be an absolute http(s) URL without query, not %q", name, raw)}
	}
	return u, nil
}

// staticConfig is cfg for a copy served at base: pages are built with
// base as their base URL; a batch has time, so Redis gets a longer page
// budget and PostgreSQL a longer read deadline (Popular entries and view
// counts are not dropped on a busy machine). The view secret only fingerprints views, and a copy records
// none: without one, a random one stands in.
func staticConfig(cfg *config, base *url.URL) *config {
	c := *cfg
	c.BaseURL = base
	c.AccessLog = "errors"
	c.RedisTimeout = max(c.RedisTimeout, 2*time.Second)
	c.RedisPageBudget = max(c.RedisPageBudget, 5*time.Second)
	c.PGReadDeadline = max(c.PGReadDeadline, 30*time.Second)
	if len(c.ViewSecret) == 0 {
		c.ViewSecret = []byte(rand.Text())
	}
	return &c
}

// publishedIDs lists the IDs of the user's published posts, newest first.
func publishedIDs(ctx context.Context, a *app, user stgypub.ID) ([]stgypub.ID, error) {
	const page = 200
	var ids []stgypub.ID
	for offset := 0; ; offset += page {
		q := stgypubQuery(page)
		q.Offset = offset
		ps, err := a.store.Posts.PublishedByUser(ctx, user, q)
		if err != nil {
			return nil, err
		}
		for _, p := range ps {
			ids = append(ids, p.ID)
		}
		if len(ps) < page {
			return ids, nil
		}
	}
}

// staticServer is the live server of a's stores for the copy: the same
// pages, without the view queue and crawl tallies (its requests are not
// readers), without the API, the owners' routes and the page cache.
func staticServer(cfg *config, a *app) (http.Handler, error) {
	srv, err := server.New(pageServerConfig(cfg, slog.Default()), server.Deps{
		Posts:    a.store.Posts,
		Users:    a.store.Users,
		Configs:  a.store.Users,
		Ranker:   a.counter,
		Counts:   a.counter,
		Articles: article.New(a.store.Posts, article.Config{}),
		Comments: a.comments, // the copy posts no comments
	})
	if err != nil {
		return nil, errors.New("static: " + err.Error())
	}
	return srv, nil
}
