package graph

import (
	"context"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/graph/model"
)

// identity loads a site's owner and settings through the request's
// dataloaders (one query each for a whole list); NOT_FOUND for an
// unknown owner.
func (r *Resolver) identity(ctx context.Context, owner stgypub.ID) (*stgypub.User, *stgypub.PubConfig, error) {
	u, err := r.user(ctx, owner)
	if err != nil {
		return nil, nil, err
	}
	if u == nil {
		return nil, nil, stgypub.Errorf(stgypub.CodeNotFound, "user not found")
	}
	c, err := r.config(ctx, owner)
	return u, c, err
}

// siteDisplay is one of the names a site's pages show (the root's
// PubConfig.Display* rules, as the pages apply them).
func (r *Resolver) siteDisplay(ctx context.Context, owner stgypub.ID, f func(*stgypub.PubConfig, *stgypub.User) string) (string, error) {
	u, c, err := r.identity(ctx, owner)
	if err != nil {
		return "", err
	}
	return f(c, u), nil
}

// sites is Query.sites: the home page's list of sites with published
// posts, newest publication first.
func (r *Resolver) sites(ctx context.Context, limit *int) ([]*model.Site, error) {
	n := intOr(limit, 50)
	if n < 1 {
		return nil, stgypub.Errorf(stgypub.CodeBadUserInput, "limit must be at least 1")
	}
	ss, err := r.Posts.PublishedSites(ctx, min(n, maxSites))
	if err != nil {
		return nil, err
	}
	out := make([]*model.Site, len(ss))
	ids := make([]stgypub.ID, len(ss))
	for i, s := range ss {
		out[i], ids[i] = &model.Site{ID: s.Owner.ID}, s.Owner.ID
	}
	r.prefetchSites(ctx, ids...)
	return out, nil
}

// site is Query.site: the site of the user userID, nil when there is no
// such user; the owner and their settings are read at once (and primed
// for the site's fields, prefetchSites).
func (r *Resolver) site(ctx context.Context, userID stgypub.ID) (*model.Site, error) {
	r.primeIdentities(ctx, []stgypub.ID{userID})
	if u, err := r.user(ctx, userID); u == nil || err != nil {
		return nil, err // after a failed prefetch, the loader's read reports it
	}
	return &model.Site{ID: userID}, nil
}

// typedExtensions is PubConfig.typedExtensions.
func typedExtensions(c *stgypub.PubConfig) *model.PubExtensions {
	e := c.Extensions
	out := &model.PubExtensions{ShareButtons: e.ShareButtons(), ShowViewCount: e.ShowViewCount()}
	switch e.CommentsMode() {
	case stgypub.CommentsNone, "":
		out.CommentMode = model.CommentModeNone
	case stgypub.CommentsOpen:
		out.CommentMode = model.CommentModeOpen
	default:
		out.CommentMode = model.CommentModeModerated
	}
	if id := e.GAMeasurementID(); id != "" {
		out.GoogleAnalyticsID = &id
	}
	if tz := e.TimeZone(); tz != "" {
		out.TimeZone = &tz
	}
	return out
}
