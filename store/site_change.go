package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
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
// transaction as the change, strictly (greatest(updated_at + 1µs, now);
// greatest ignores NULL), and never back. After the commit the store's
// SiteChangeNotifier hears of it (siteTx, touchingTx): the page cache's
// invalidation hangs on this one choke point. The page statements
// read it next to the owner (query/pub_*.gotxt) and the server sends
// Last-Modified = the latest of it, the owner's newest published_at <= now
// (a scheduled post falling due) and the shown posts' published_at and
// updated_at, never later than now (lastChange). Writes that cannot change
// a public page (password, admin flag) move it too: a needless 200 is
// harmless, a missed one is a stale page.

var (
	// sqlTouchSite moves one user's ($2) site change time forward to $1,
	// strictly later than before (by at least a microsecond, so two
	// writes never share a time, whatever the writers' clocks say), never
	// back, and returns it.
	sqlTouchSite = sqlText("touch_site", `UPDATE users SET updated_at = greatest(updated_at + interval '1 microsecond', $1)
WHERE id = $2 RETURNING id, updated_at`)
	sqlSiteChangedAt     = sqlText("site_changed_at", `SELECT updated_at FROM users WHERE id = $1`)
	sqlSitemapLastChange = sqlText("sitemap_last_change", `SELECT max(updated_at) FROM users`)
)

// siteChangeRow is what sqlTouchSite and the other statements that move
// a site change time return: the owner and their new site change time.
type siteChangeRow struct {
	ID        int64     `bun:"id"`
	UpdatedAt time.Time `bun:"updated_at"`
}

func (r siteChangeRow) change() stgypub.SiteChange {
	return stgypub.SiteChange{Owner: stgypub.ID(r.ID), At: r.UpdatedAt.UTC()}
}

// touchSite runs sqlTouchSite for each owner (in ID order, so concurrent
// transactions lock users rows in the same order) and returns the new
// site change times (unknown owners are left out), for notify after
// commit.
func touchSite(ctx context.Context, db bun.IDB, now time.Time, owners ...stgypub.ID) ([]stgypub.SiteChange, error) {
	if len(owners) == 2 && owners[0] > owners[1] {
		owners[0], owners[1] = owners[1], owners[0]
	}
	var out []stgypub.SiteChange
	for i, id := range owners {
		if i > 0 && id == owners[i-1] {
			continue
		}
		var rows []siteChangeRow
		if err := sqlTouchSite.raw(db, now.UTC(), int64(id)).Scan(ctx, &rows); err != nil && !errors.Is(err, sql.ErrNoRows) {
			return nil, fmt.Errorf("store: touch site of %s: %w", id, err)
		}
		for _, r := range rows {
			out = append(out, r.change())
		}
	}
	return out, nil
}

// siteTx runs fn in a transaction; fn calls touch (touchSite in that
// transaction) for the owners whose pages its write changes. After the
// commit, and only then, the notifier hears of those changes (notify):
// this is the one choke point through which every public-page change
// reaches the page cache (PLAN decision 1, README.md
// "Caching").
func (s *shared) siteTx(ctx context.Context, fn func(ctx context.Context, tx bun.Tx, touch func(owners ...stgypub.ID) error) error) error {
	now := s.Now()
	var changes []stgypub.SiteChange
	err := s.DB.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		changes = changes[:0]
		return fn(ctx, tx, func(owners ...stgypub.ID) error {
			c, err := touchSite(ctx, tx, now, owners...)
			changes = append(changes, c...)
			return err
		})
	})
	if err == nil {
		s.notify(ctx, changes)
	}
	return err
}

// touchingTx runs fn in a transaction; fn's statements move the site
// change time themselves and fn scans what they return (RETURNING id,
// updated_at) into rows. After the commit, and only then, the changes are
// notified, as siteTx does.
func (s *shared) touchingTx(ctx context.Context, fn func(ctx context.Context, tx bun.Tx, rows *[]siteChangeRow) error) error {
	var txErr error
	_, err := s.touching(ctx, func(rows *[]siteChangeRow) error {
		txErr = s.DB.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
			*rows = (*rows)[:0]
			return fn(ctx, tx, rows)
		})
		if txErr != nil {
			*rows = nil
		}
		return txErr
	})
	return err
}

// touching runs run, which scans siteChangeRows of one statement, and
// notifies them.
func (s *shared) touching(ctx context.Context, run func(rows *[]siteChangeRow) error) (int, error) {
	var rows []siteChangeRow
	if err := run(&rows); err != nil && !errors.Is(err, sql.ErrNoRows) {
		return 0, err
	}
	changes := make([]stgypub.SiteChange, len(rows))
	for i, r := range rows {
		changes[i] = r.change()
	}
	s.notify(ctx, changes)
	return len(rows), nil
}

// notify tells s.Changes (when set) about committed site changes. A
// failure is logged, never returned: the write is committed (the page
// cache then relies on its version checks and safety TTL, see
// README.md "Caching").
func (s *shared) notify(ctx context.Context, changes []stgypub.SiteChange) {
	if s.Changes == nil || len(changes) == 0 {
		return
	}
	if err := s.Changes.SitesChanged(context.WithoutCancel(ctx), changes); err != nil {
		slog.Warn("store: site change not announced", "error", err.Error())
	}
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
