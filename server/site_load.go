package server

import (
	"context"
	"fmt"

	"golang.org/x/sync/errgroup"

	"github.com/stgy/stgypub"
)

// loadSite fetches the owner and their public-site settings in parallel,
// once per request. An unknown owner is NOT_FOUND (errNotFound).
func (s *Server) loadSite(ctx context.Context, ownerID stgypub.ID) (siteIdentity, error) {
	var (
		owner *stgypub.User
		cfg   *stgypub.PubConfig
	)
	g, gctx := errgroup.WithContext(ctx)
	g.Go(func() error {
		var err error
		owner, err = s.deps.Users.User(gctx, ownerID)
		return err
	})
	g.Go(func() error {
		var err error
		cfg, err = s.deps.Configs.PubConfig(gctx, ownerID)
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
