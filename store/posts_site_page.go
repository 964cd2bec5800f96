package store

import (
	"context"
	"fmt"
	"time"

	"github.com/stgy/stgypub"
)

// siteListRow is one row of sqlPubSiteNewest or sqlPubSiteOldest: either the owner and settings
// (post columns NULL, so ID 0) or one listed post (site columns NULL, so
// UID 0). FULL JOIN ... ON false keeps the owner and settings on a row of
// their own, sent and scanned once, even when the page lists nothing.
type siteListRow struct {
	siteRow
	postRow
}

// The whole /sites read, one statement per order, prepared.
var (
	sqlPubSiteNewest = sqlTemplate("pub_site_newest", "pub_site", variant{})
	sqlPubSiteOldest = sqlTemplate("pub_site_oldest", "pub_site", variant{Oldest: true})
	// With PostQuery.Tag: one page of the posts with that tag.
	sqlPubSiteTagNewest = sqlTemplate("pub_site_tag_newest", "pub_site", variant{Tag: true})
	sqlPubSiteTagOldest = sqlTemplate("pub_site_tag_oldest", "pub_site", variant{Tag: true, Oldest: true})
)

// PubSite loads a user (without password hash) with their settings and one
// page of their published posts in q's order without Content, in one round
// trip. LastChange is the latest of the owner's site change time (moved by
// every write that changes what their pages show: site_change.go), their
// newest published_at (a newly due publication shifts every page) and the
// listed posts' published_at and updated_at, never later than now, without
// reading every post's row (docs/SPEC.md#public-pages). NOT_FOUND when the
// user does not exist; BAD_USER_INPUT for bad paging (see checkPage).
// With q.Tag only the posts with that tag key are listed.
func (s *Posts) PubSite(ctx context.Context, userID stgypub.ID, q stgypub.PostQuery) (*stgypub.PubSite, error) {
	var rows []siteListRow
	now := s.Now()
	if q.Tag != "" {
		st, err := byOrder(q, sqlPubSiteTagNewest, sqlPubSiteTagOldest)
		if err != nil {
			return nil, err
		}
		if err := st.raw(s.DB, int64(userID), now, q.Offset, q.Limit, q.Tag).Scan(ctx, &rows); err != nil {
			return nil, fmt.Errorf("store: pub site %s tagged %q: %w", userID, q.Tag, err)
		}
	} else {
		st, err := byOrder(q, sqlPubSiteNewest, sqlPubSiteOldest)
		if err != nil {
			return nil, err
		}
		if err := s.queryPrepared(ctx, st, &rows, int64(userID), now, q.Offset, q.Limit); err != nil {
			return nil, fmt.Errorf("store: pub site %s: %w", userID, err)
		}
	}
	out := &stgypub.PubSite{Posts: make([]*stgypub.Post, 0, len(rows))}
	var times []*time.Time
	for i := range rows {
		if rows[i].UID != 0 {
			out.Owner, out.Config = rows[i].siteRow.owner(), rows[i].siteRow.toDomain()
			out.SiteChanged, out.NextPublication = rows[i].siteRow.versionTimes()
			times = append(times, rows[i].OwnerUpdatedAt, rows[i].NewestPublished)
		}
	}
	if out.Owner == nil {
		return nil, notFound("user")
	}
	for i := range rows {
		if rows[i].postRow.ID == 0 {
			continue
		}
		out.Posts = append(out.Posts, rows[i].postRow.toDomain())
	}
	out.LastChange = lastChange(now, postTimes(times, out.Posts...)...)
	return out, nil
}
