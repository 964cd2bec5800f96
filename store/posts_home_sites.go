package store

import (
	"context"
	"fmt"
	"time"

	"github.com/stgy/stgypub"
)

var sqlPublishedSites = sqlTemplate("published_sites", "published_sites", variant{})

// pubSiteRow is one site of PublishedSites.
type pubSiteRow struct {
	ID       int64     `bun:"id"`
	Nickname string    `bun:"nickname"`
	SiteName string    `bun:"site_name"`
	Subtitle string    `bun:"subtitle"`
	Author   string    `bun:"author"`
	Ext      string    `bun:"extensions"`
	Locale   *string   `bun:"newest_locale"`
	Newest   time.Time `bun:"newest"`
}

// PublishedSites lists the sites that have published posts (published_at
// <= s.Now()), newest publication first (ties by owner id, descending), at
// most limit (1..1000, else BAD_USER_INPUT), in one statement, for the
// home page. Each PubSite holds only Owner.ID and Owner.Nickname, the
// Config's SiteName, Subtitle, Author, Extensions and Language
// (DefaultPubConfig values when the owner has no user_pub_configs row;
// corrupt extensions read as {}) and, as LastChange, the owner's newest
// published_at (UTC); Posts is nil.
func (s *Posts) PublishedSites(ctx context.Context, limit int) ([]*stgypub.PubSite, error) {
	if limit < 1 || limit > 1000 {
		return nil, stgypub.Errorf(stgypub.CodeBadUserInput, "limit must be between 1 and 1000")
	}
	var rows []pubSiteRow
	err := sqlPublishedSites.raw(s.DB, s.Now(), limit).Scan(ctx, &rows)
	if err != nil {
		return nil, fmt.Errorf("store: published sites: %w", err)
	}
	out := make([]*stgypub.PubSite, len(rows))
	for i, r := range rows {
		id := stgypub.ID(r.ID)
		cfg := stgypub.DefaultPubConfig(id)
		cfg.SiteName, cfg.Subtitle, cfg.Author = r.SiteName, r.Subtitle, r.Author
		if ext, err := stgypub.ParseExtensions(r.Ext); err == nil {
			cfg.Extensions = ext
		}
		if r.Locale != nil {
			cfg.Language = *r.Locale
		}
		out[i] = &stgypub.PubSite{
			Owner:      &stgypub.User{ID: id, Nickname: r.Nickname},
			Config:     cfg,
			LastChange: r.Newest.UTC(),
		}
	}
	return out, nil
}

// sqlNextPublication is the earliest published_at later than $1 (now).
var sqlNextPublication = sqlTemplate("next_publication", "next_publication", variant{})

// NextPublication is the earliest published_at later than s.Now() over
// every user's posts (UTC; zero when nothing is scheduled): the home page
// and the sitemap change then without any write.
func (s *Posts) NextPublication(ctx context.Context) (time.Time, error) {
	var t *time.Time
	if err := sqlNextPublication.raw(s.DB, s.Now()).Scan(ctx, &t); err != nil {
		return time.Time{}, fmt.Errorf("store: next publication: %w", err)
	}
	if t == nil {
		return time.Time{}, nil
	}
	return t.UTC(), nil
}
