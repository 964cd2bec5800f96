package server

import (
	"context"
	"fmt"

	"golang.org/x/sync/errgroup"

	"github.com/stgy/stgypub"
)

// loadSite fetches the owner and their public-site settings in parallel,
// once per request. An unknown owner is NOT_FOUND (errNotFound).
func (s *pageHandlers) loadSite(ctx context.Context, ownerID stgypub.ID) (siteIdentity, error) {
	var (
		owner *stgypub.User
		cfg   *stgypub.PubConfig
	)
	g, gctx := errgroup.WithContext(ctx)
	g.Go(func() error {
		var err error
		owner, err = s.users.User(gctx, ownerID)
		return err
	})
	g.Go(func() error {
		var err error
		cfg, err = s.configs.PubConfig(gctx, ownerID)
		return err
	})
	if err := g.Wait(); err != nil {
		if stgypub.IsNotFound(err) {
			return siteIdentity{}, errNotFound
		}
		return siteIdentity{}, fmt.Errorf("server: load site %s: %w", ownerID, err)
	}
	return newSiteIdentity(owner, cfg), nil
}

// searchSite loads owner, settings, one page of search results and the
// site's last change in parallel (search is not cached).
func (s *pageHandlers) searchSite(ctx context.Context, userID stgypub.ID, p siteParams) (*stgypub.PubSite, int, error) {
	data := &stgypub.PubSite{}
	var total int
	g, gctx := errgroup.WithContext(ctx)
	g.Go(func() error {
		site, err := s.loadSite(gctx, userID)
		if err == nil {
			data.Owner, data.Config = site.owner, site.config
		}
		return err
	})
	g.Go(func() (err error) {
		q := stgypub.PostQuery{Order: p.order, Offset: p.offset(), Limit: p.pageSize()}
		data.Posts, total, err = s.posts.SearchPublished(gctx, userID, p.query, q)
		return err
	})
	g.Go(func() (err error) {
		data.LastChange, err = s.posts.LastPublishedChange(gctx, userID)
		return err
	})
	if err := g.Wait(); err != nil {
		return nil, 0, err
	}
	return data, total, nil
}
