package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/uptrace/bun"

	"github.com/stgy/stgypub"
)

// Site change time.
//
// users.updated_at doubles as the owner's "site changed at": every store
// write that can change what the owner's public pages show (/sites/{id},
// its feed, /pub/{id} of any of their posts: post bodies and snippets,
// publication, the listing, neighbours, Recent posts, settings, nickname
// and introduction) moves it forward to s.Now() in the same statement or
// transaction as the change. It never moves back
// (greatest(updated_at, now); greatest ignores NULL). The page statements
// read it next to the owner (query/pub_*.sql) and the server sends
// Last-Modified = the latest of it, the owner's newest published_at <= now
// (a scheduled post falling due) and the shown posts' published_at and
// updated_at, never later than now (lastChange). Writes that cannot change
// a public page (password, admin flag) move it too: a needless 200 is
// harmless, a missed one is a stale page.

var (
	// sqlTouchSite moves one user's ($2) site change time forward to $1.
	sqlTouchSite         = sqlText("touch_site", `UPDATE users SET updated_at = greatest(updated_at, $1) WHERE id = $2`)
	sqlSiteChangedAt     = sqlText("site_changed_at", `SELECT updated_at FROM users WHERE id = $1`)
	sqlSitemapLastChange = sqlText("sitemap_last_change", `SELECT max(updated_at) FROM users`)
)

// touchSite runs sqlTouchSite for each owner (in ID order, so concurrent
// transactions lock users rows in the same order).
func touchSite(ctx context.Context, db bun.IDB, now time.Time, owners ...stgypub.ID) error {
	if len(owners) == 2 && owners[0] > owners[1] {
		owners[0], owners[1] = owners[1], owners[0]
	}
	for i, id := range owners {
		if i > 0 && id == owners[i-1] {
			continue
		}
		if _, err := sqlTouchSite.raw(db, now.UTC(), int64(id)).Exec(ctx); err != nil {
			return fmt.Errorf("store: touch site of %s: %w", id, err)
		}
	}
	return nil
}

// lastChange is the Last-Modified of a page: the latest of the given
// times (nil ignored), never later than now. The zero time when all are
// nil.
func lastChange(now time.Time, ts ...*time.Time) time.Time {
	var out time.Time
	for _, t := range ts {
		if t != nil && t.After(out) {
			out = *t
		}
	}
	if out.After(now) {
		out = now
	}
	if out.IsZero() {
		return out
	}
	return out.UTC()
}

// postTimes appends each post's published_at and updated_at to ts.
func postTimes(ts []*time.Time, posts ...*stgypub.Post) []*time.Time {
	for _, p := range posts {
		if p != nil {
			ts = append(ts, p.PublishedAt, p.UpdatedAt)
		}
	}
	return ts
}

// SiteChangedAt returns the user's site change time (users.updated_at;
// the zero time when never set); NOT_FOUND for an unknown user.
func (s *Store) SiteChangedAt(ctx context.Context, userID stgypub.ID) (time.Time, error) {
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
func (s *Store) SitemapLastChange(ctx context.Context) (time.Time, error) {
	var t *time.Time
	if err := sqlSitemapLastChange.raw(s.DB).Scan(ctx, &t); err != nil {
		return time.Time{}, fmt.Errorf("store: sitemap last change: %w", err)
	}
	return lastChange(s.Now(), t), nil
}
