package store

import (
	"context"
	"fmt"
	"time"

	"github.com/stgy/stgypub"
)

// siteListRow is one row of pubSiteSQL: either the owner and settings
// (post columns NULL, so ID 0) or one listed post (site columns NULL, so
// UID 0). FULL JOIN ... ON false keeps the owner and settings on a row of
// their own, sent and scanned once, even when the page lists nothing.
type siteListRow struct {
	siteRow
	postRow
}

// pubSiteSQL reads the user (?0) with their settings, site change time and
// newest publication time (siteSelect), and one page of their published
// posts (?1 is now, ?2 the offset, ?3 the limit; the ORDER BY is
// orderClause's) through the (owned_by, published_at, id) partial index,
// in one statement.
const pubSiteSQL = `WITH site AS (%[1]s WHERE u.id = ?0
), list AS (
  SELECT * FROM posts p WHERE p.owned_by = ?0 AND p.published_at <= ?1
  ORDER BY %[3]s OFFSET ?2 LIMIT ?3
)
SELECT site.*, %[2]s
FROM site FULL JOIN list p ON false
ORDER BY %[3]s`

// pubSiteQueries is pubSiteSQL for each orderClause result, formatted once.
var pubSiteQueries = func() map[string]string {
	m := map[string]string{}
	for _, o := range []stgypub.Order{stgypub.OrderNewest, stgypub.OrderOldest} {
		order, _ := orderClause(stgypub.PostQuery{Order: o, Limit: 1})
		m[order] = fmt.Sprintf(pubSiteSQL, siteSelect, postListColumns, order)
	}
	return m
}()

// PubSite loads a user (without password hash) with their settings and
// one page of their published posts in q's order without Content, in one
// round trip. LastChange is the latest of the owner's site change time
// (moved by every write that changes what their pages show:
// site_change.go), their newest published_at (a newly due publication
// shifts every page) and the listed posts' published_at and updated_at,
// never later than now, without reading every post's row (seed 001
// "External Page Structure"). NOT_FOUND when the user does not exist;
// BAD_USER_INPUT for bad paging (see orderClause).
func (s *Store) PubSite(ctx context.Context, userID stgypub.ID, q stgypub.PostQuery) (*stgypub.PubSite, error) {
	order, err := orderClause(q)
	if err != nil {
		return nil, err
	}
	query := pubSiteQueries[order]
	var rows []siteListRow
	now := s.Now()
	if err := s.queryPrepared(ctx, query, &rows, int64(userID), now, q.Offset, q.Limit); err != nil {
		return nil, fmt.Errorf("store: pub site %s: %w", userID, err)
	}
	out := &stgypub.PubSite{Posts: make([]*stgypub.Post, 0, len(rows))}
	var times []*time.Time
	for i := range rows {
		if rows[i].UID != 0 {
			out.Owner, out.Config = rows[i].siteRow.owner(), rows[i].siteRow.toDomain()
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
