package store

import (
	"context"
	"fmt"

	"github.com/stgy/stgypub"
)

var sqlPublishedForSitemap = sqlTemplate("published_for_sitemap", "published_for_sitemap", variant{})

// PublishedForSitemap lists every user's published posts, newest
// (published_at, id) first, without Content, at most limit (1..50000, the
// sitemap protocol's bound; else BAD_USER_INPUT). It feeds /sitemap.xml
// (server.PostStore).
func (s *Posts) PublishedForSitemap(ctx context.Context, limit int) ([]*stgypub.Post, error) {
	if limit < 1 || limit > 50000 {
		return nil, stgypub.Errorf(stgypub.CodeBadUserInput, "limit must be between 1 and 50000")
	}
	var rows []postRow
	err := sqlPublishedForSitemap.raw(s.DB, s.Now(), limit).Scan(ctx, &rows)
	if err != nil {
		return nil, fmt.Errorf("store: published posts for sitemap: %w", err)
	}
	return postsToDomain(rows), nil
}
