package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/stgy/stgypub"
)

// SiteChangedAt returns the user's site change time (users.updated_at;
// the zero time when never set); NOT_FOUND for an unknown user.
func (s *Posts) SiteChangedAt(ctx context.Context, userID stgypub.ID) (time.Time, error) {
	var t *time.Time
	err := sqlSiteChangedAt.raw(s.DB, int64(userID)).Scan(ctx, &t)
	if errors.Is(err, sql.ErrNoRows) {
		return time.Time{}, notFound("user")
	}
	if err != nil {
		return time.Time{}, fmt.Errorf("store: site change of %s: %w", userID, err)
	}
	if t == nil {
		return time.Time{}, nil
	}
	return t.UTC(), nil
}

// SitemapLastChange is the Last-Modified of /sitemap.xml: the latest site
// change time of any user, never later than now (the caller adds the
// listed posts' published_at and updated_at, which cover publications
// falling due). A sequential read of users: the sitemap is cached an hour.
func (s *Posts) SitemapLastChange(ctx context.Context) (time.Time, error) {
	var t *time.Time
	if err := sqlSitemapLastChange.raw(s.DB).Scan(ctx, &t); err != nil {
		return time.Time{}, fmt.Errorf("store: sitemap last change: %w", err)
	}
	return lastChange(s.Now(), t), nil
}
