package store

import (
	"context"
	"fmt"
	"sort"
	"time"

	"github.com/stgy/stgypub"
)

var _ stgypub.PubPageStore = (*Posts)(nil)

// siteRow is a user with their settings, site change time and newest
// publication, as the page statements return them.
type siteRow struct {
	OwnerLoginName    string     `bun:"owner_login_name"`
	OwnerNickname     string     `bun:"owner_nickname"`
	OwnerIntroduction string     `bun:"owner_introduction"`
	OwnerIsAdmin      bool       `bun:"owner_is_admin"`
	OwnerUpdatedAt    *time.Time `bun:"owner_updated_at"` // site change time (site_change.go)
	NewestPublished   *time.Time `bun:"newest_published"`
	NextPublished     *time.Time `bun:"next_published"`
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

// versionTimes are the owner's site change time and next scheduled
// publication (zero when none), UTC.
func (r *siteRow) versionTimes() (changed, next time.Time) {
	if r.OwnerUpdatedAt != nil {
		changed = r.OwnerUpdatedAt.UTC()
	}
	if r.NextPublished != nil {
		next = r.NextPublished.UTC()
	}
	return changed, next
}

// articleRow is one row of sqlPubArticle: either a post in some role
// ("post", "older", "newer", "recent") or, with Role "", the owner and
// settings (FULL JOIN ... ON false keeps them on a row of their own, so
// they are sent and scanned once; at most 24 rows).
type articleRow struct {
	Role string `bun:"role"`
	postRow
	siteRow
}

// sqlPubArticle is the whole /pub read (query/pub_article.gotxt), prepared.
var sqlPubArticle = sqlTemplate("pub_article", "pub_article", variant{})

// PubArticle loads a published post without Content and PlainText (the server
// keeps rendered bodies and reads Content through PublishedPost only when its
// cache misses: a long post's body is most of the bytes and PostgreSQL would
// detoast it on every read), its owner (without password hash), the owner's
// settings, the neighbours in (published_at, id) order when show_pagenation
// is on, and the owner's newest SideRecent()+1 published posts, in one round
// trip. LastChange is the latest of the owner's site change time, their
// newest published_at and the published_at and updated_at of every post read,
// never later than now (site_change.go). NOT_FOUND when the post is missing,
// unpublished, scheduled or deleted (docs/SPEC.md#published-posts, the
// publication rule with s.Now()).
func (s *Posts) PubArticle(ctx context.Context, id stgypub.ID) (*stgypub.PubArticle, error) {
	var rows []articleRow
	now := s.Now()
	if err := s.queryPrepared(ctx, sqlPubArticle, &rows, int64(id), now, stgypub.SidePostsMax); err != nil {
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
			out.SiteChanged, out.NextPublication = r.siteRow.versionTimes()
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
