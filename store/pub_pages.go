package store

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/stgy/stgypub"
)

var _ stgypub.PubPageStore = (*Store)(nil)

// siteSelect is userPubConfigSelect (settings with their column defaults)
// plus the owner's public columns, their site change time and their
// newest publication time at ?1 (now; an index-only read of the
// (owned_by, published_at, id) index), so a page reads owner, settings and
// what its Last-Modified needs in the same statement as its posts. The
// password hash is never selected.
var siteSelect = strings.Replace(userPubConfigSelect, "SELECT ", `SELECT u.login_name AS owner_login_name,
  u.nickname AS owner_nickname, u.introduction AS owner_introduction,
  u.is_admin AS owner_is_admin, u.updated_at AS owner_updated_at,
  (SELECT x.published_at FROM posts x WHERE x.owned_by = u.id AND x.published_at <= ?1
    ORDER BY x.published_at DESC LIMIT 1) AS newest_published, `, 1)

// siteRow is a user with their settings, as siteSelect returns them.
type siteRow struct {
	OwnerLoginName    string     `bun:"owner_login_name"`
	OwnerNickname     string     `bun:"owner_nickname"`
	OwnerIntroduction string     `bun:"owner_introduction"`
	OwnerIsAdmin      bool       `bun:"owner_is_admin"`
	OwnerUpdatedAt    *time.Time `bun:"owner_updated_at"` // site change time (site_change.go)
	NewestPublished   *time.Time `bun:"newest_published"`
	userPubConfigRow
}

func (r *siteRow) owner() *stgypub.User {
	return &stgypub.User{
		ID:           stgypub.ID(r.UID),
		LoginName:    r.OwnerLoginName,
		Nickname:     r.OwnerNickname,
		Introduction: r.OwnerIntroduction,
		IsAdmin:      r.OwnerIsAdmin,
	}
}

// articleRow is one row of pubArticleSQL: either a post in some role
// ("post", "older", "newer", "recent") or, with Role "", the owner and
// settings (FULL JOIN ... ON false keeps them on a row of their own, so
// they are sent and scanned once; at most 24 rows).
type articleRow struct {
	Role string `bun:"role"`
	postRow
	siteRow
}

// pubArticleSQL reads the post (?0) without its details, owner, settings
// (with the site change time and newest publication, siteSelect),
// neighbours (only when show_pagenation) and the owner's newest
// SideRecent()+1 posts in one statement. ?1 is now. Every post read walks
// the (owned_by, published_at, id) partial index.
const pubArticleSQL = `WITH cur AS (
  SELECT p.id, p.owned_by, p.published_at FROM posts p WHERE p.id = ?0 AND p.published_at <= ?1
), site AS (%s WHERE u.id = (SELECT owned_by FROM cur)
), rows AS (
  SELECT 'post' AS role, %s, '' AS content, '' AS plain_text
  FROM cur JOIN posts p ON p.id = cur.id
  UNION ALL
  SELECT 'older', %[3]s, '', '' FROM cur CROSS JOIN site CROSS JOIN LATERAL (
    SELECT * FROM posts p WHERE p.owned_by = cur.owned_by AND p.published_at <= ?1
      AND (p.published_at, p.id) < (cur.published_at, cur.id)
    ORDER BY p.published_at DESC, p.id DESC LIMIT 1) p
  WHERE site.show_pagenation
  UNION ALL
  SELECT 'newer', %[3]s, '', '' FROM cur CROSS JOIN site CROSS JOIN LATERAL (
    SELECT * FROM posts p WHERE p.owned_by = cur.owned_by AND p.published_at <= ?1
      AND (p.published_at, p.id) > (cur.published_at, cur.id)
    ORDER BY p.published_at ASC, p.id ASC LIMIT 1) p
  WHERE site.show_pagenation
  UNION ALL
  SELECT 'recent', %[3]s, '', '' FROM cur CROSS JOIN site CROSS JOIN LATERAL (
    SELECT * FROM posts p WHERE p.owned_by = cur.owned_by AND p.published_at <= ?1
    ORDER BY p.published_at DESC, p.id DESC
    LIMIT CASE WHEN site.show_side_recent <= 0 THEN 0 ELSE least(site.show_side_recent, %[4]d) + 1 END) p
)
SELECT rows.*, site.* FROM rows FULL JOIN site ON false`

var pubArticleQuery = fmt.Sprintf(pubArticleSQL, siteSelect, postListColumns, postListColumns, stgypub.SidePostsMax)

// PubArticle loads a published post without Content and PlainText (the
// server keeps rendered bodies and reads Content through PublishedPost
// only when its cache misses: a long post's body is most of the bytes
// and PostgreSQL would detoast it on every read), its owner
// (without password hash), the owner's settings, the neighbours in
// (published_at, id) order when show_pagenation is on, and the owner's
// newest SideRecent()+1 published posts, in one round trip. LastChange is
// the latest of the owner's site change time, their newest published_at
// and the published_at and updated_at of every post read, never later
// than now (site_change.go). NOT_FOUND when the post is missing,
// unpublished, scheduled or deleted (seed 001 "APIs for Retrieving
// Published Posts", the publication rule with s.Now()).
func (s *Store) PubArticle(ctx context.Context, id stgypub.ID) (*stgypub.PubArticle, error) {
	var rows []articleRow
	now := s.Now()
	if err := s.queryPrepared(ctx, pubArticleQuery, &rows, int64(id), now); err != nil {
		return nil, fmt.Errorf("store: pub article %s: %w", id, err)
	}
	out := &stgypub.PubArticle{}
	var times []*time.Time
	for i := range rows {
		r := &rows[i]
		switch r.Role {
		case "":
			out.Owner = r.siteRow.owner()
			out.Config = r.siteRow.toDomain()
			times = append(times, r.OwnerUpdatedAt, r.NewestPublished)
		case "post":
			out.Post = r.postRow.toDomain()
		case "older":
			out.Older = r.postRow.toDomain()
		case "newer":
			out.Newer = r.postRow.toDomain()
		case "recent":
			out.Recent = append(out.Recent, r.postRow.toDomain())
		}
	}
	if out.Post == nil || out.Owner == nil {
		return nil, notFound("post")
	}
	sortNewest(out.Recent)
	times = postTimes(times, out.Post, out.Older, out.Newer)
	out.LastChange = lastChange(now, postTimes(times, out.Recent...)...)
	return out, nil
}

// sortNewest orders posts by (published_at, id) descending: UNION ALL
// does not keep the LATERAL's order.
func sortNewest(posts []*stgypub.Post) {
	sort.Slice(posts, func(i, j int) bool {
		a, b := posts[i], posts[j]
		if !a.PublishedAt.Equal(*b.PublishedAt) {
			return a.PublishedAt.After(*b.PublishedAt)
		}
		return a.ID > b.ID
	})
}
