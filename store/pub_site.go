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
	NewestPublished *time.Time `bun:"newest_published"`
}

// pubSiteSQL reads the user (?0) with their settings and newest
// publication time (an index-only read), and one page of their published
// posts (?1 is now, ?2 the offset, ?3 the limit; the ORDER BY is
// orderClause's) through the (owned_by, published_at, id) partial index,
// in one statement.
const pubSiteSQL = `WITH site AS (%[1]s WHERE u.id = ?0
), list AS (
  SELECT * FROM posts p WHERE p.owned_by = ?0 AND p.published_at <= ?1
  ORDER BY %[3]s OFFSET ?2 LIMIT ?3
)
SELECT site.*, %[2]s,
  (SELECT x.published_at FROM posts x WHERE x.owned_by = ?0 AND x.published_at <= ?1
    ORDER BY x.published_at DESC LIMIT 1) AS newest_published
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
// round trip. LastChange is the latest of the site's newest published_at
// and the listed posts' updated_at: what can change this page's list
// (a new or newly due publication shifts every page; an edit changes its
// own entry) without reading every post's row (seed 001 "External Page Structure"). NOT_FOUND when the user
// does not exist; BAD_USER_INPUT for bad paging (see orderClause).
func (s *Store) PubSite(ctx context.Context, userID stgypub.ID, q stgypub.PostQuery) (*stgypub.PubSite, error) {
	order, err := orderClause(q)
	if err != nil {
		return nil, err
	}
	query := pubSiteQueries[order]
	var rows []siteListRow
	if err := s.queryPrepared(ctx, query, &rows, int64(userID), s.Now(), q.Offset, q.Limit); err != nil {
		return nil, fmt.Errorf("store: pub site %s: %w", userID, err)
	}
	out := &stgypub.PubSite{Posts: make([]*stgypub.Post, 0, len(rows))}
	for i := range rows {
		if rows[i].UID != 0 {
			out.Owner, out.Config = rows[i].siteRow.owner(), rows[i].siteRow.toDomain()
			if t := rows[i].NewestPublished; t != nil && t.After(out.LastChange) {
				out.LastChange = t.UTC()
			}
		}
	}
	if out.Owner == nil {
		return nil, notFound("user")
	}
	for i := range rows {
		if rows[i].postRow.ID == 0 {
			continue
		}
		p := rows[i].postRow.toDomain()
		if p.UpdatedAt != nil && p.UpdatedAt.After(out.LastChange) {
			out.LastChange = *p.UpdatedAt
		}
		out.Posts = append(out.Posts, p)
	}
	return out, nil
}
