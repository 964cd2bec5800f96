package server

import (
	"context"
	"fmt"

	"golang.org/x/sync/errgroup"

	"github.com/stgy/stgypub"
)

// pageStore returns the one-statement page reads: Deps.Posts itself when
// it implements stgypub.PubPageStore (package store does), else
// separateReads over the three required stores.
func pageStore(d Deps) stgypub.PubPageStore {
	if ps, ok := d.Posts.(stgypub.PubPageStore); ok {
		return ps
	}
	return separateReads{posts: d.Posts, users: d.Users, configs: d.Configs}
}

// separateReads builds the page data from the basic store interfaces for
// stores without PubPageStore: post, then owner and settings, then
// neighbours and Recent, in three round trips.
type separateReads struct {
	posts   stgypub.PubPostStore
	users   stgypub.UserStore
	configs stgypub.PubConfigStore
}

func (r separateReads) site(ctx context.Context, userID stgypub.ID) (*stgypub.User, *stgypub.PubConfig, error) {
	var (
		owner *stgypub.User
		cfg   *stgypub.PubConfig
	)
	g, gctx := errgroup.WithContext(ctx)
	g.Go(func() (err error) { owner, err = r.users.User(gctx, userID); return err })
	g.Go(func() (err error) { cfg, err = r.configs.PubConfig(gctx, userID); return err })
	return owner, cfg, g.Wait()
}

// PubArticle implements stgypub.PubPageStore. LastChange is
// LastPublishedChange of the owner (their site change time and every
// published post's times), which covers the post, neighbours and Recent.
func (r separateReads) PubArticle(ctx context.Context, id stgypub.ID) (*stgypub.PubArticle, error) {
	post, err := r.posts.PublishedPost(ctx, id)
	if err != nil {
		return nil, err
	}
	post.Content, post.PlainText = "", ""
	a := &stgypub.PubArticle{Post: post}
	if a.Owner, a.Config, err = r.site(ctx, post.OwnedBy); err != nil {
		return nil, err
	}
	g, gctx := errgroup.WithContext(ctx)
	g.Go(func() (err error) { a.LastChange, err = r.posts.LastPublishedChange(gctx, post.OwnedBy); return err })
	if a.Config.ShowPagenation {
		g.Go(func() (err error) { a.Older, a.Newer, err = r.posts.AdjacentPublished(gctx, post); return err })
	}
	if n := a.Config.SideRecent(); n > 0 {
		g.Go(func() (err error) {
			a.Recent, err = r.posts.PublishedByUser(gctx, post.OwnedBy, stgypub.PostQuery{Order: stgypub.OrderNewest, Limit: n + 1})
			return err
		})
	}
	return a, g.Wait()
}

// PubSite implements stgypub.PubPageStore.
func (r separateReads) PubSite(ctx context.Context, userID stgypub.ID, q stgypub.PostQuery) (*stgypub.PubSite, error) {
	site := &stgypub.PubSite{}
	g, gctx := errgroup.WithContext(ctx)
	g.Go(func() (err error) { site.Owner, site.Config, err = r.site(gctx, userID); return err })
	g.Go(func() (err error) { site.Posts, err = r.posts.PublishedByUser(gctx, userID, q); return err })
	g.Go(func() (err error) { site.LastChange, err = r.posts.LastPublishedChange(gctx, userID); return err })
	if err := g.Wait(); err != nil {
		return nil, fmt.Errorf("server: site %s: %w", userID, err)
	}
	return site, nil
}
