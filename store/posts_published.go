package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/stgy/stgypub"
)

// Every query here applies the publication rule with s.Now() as a
// parameter: published_at <= now (NULL never compares true),
// docs/SPEC.md#publication-state.

var _ stgypub.PubPostStore = (*Posts)(nil)

var (
	sqlPublishedPost         = sqlTemplate("published_post", "published_post", variant{})
	sqlAdjacentPublished     = sqlTemplate("adjacent_published", "adjacent_published", variant{})
	sqlPublishedByUserNewest = sqlTemplate("published_by_user_newest", "published_by_user", variant{})
	sqlPublishedByUserOldest = sqlTemplate("published_by_user_oldest", "published_by_user", variant{Oldest: true})
	sqlPublishedAfterNewest  = sqlTemplate("published_by_user_after_newest", "published_by_user", variant{After: true})
	sqlPublishedAfterOldest  = sqlTemplate("published_by_user_after_oldest", "published_by_user", variant{After: true, Oldest: true})
	sqlCountPublishedByUser  = sqlTemplate("count_published_by_user", "published_count", variant{})
	sqlCountPublishedTagged  = sqlTemplate("count_published_tagged", "published_count", variant{Tag: true})
	// With PostQuery.Tag.
	sqlPublishedTagNewest      = sqlTemplate("published_by_user_tag_newest", "published_by_user", variant{Tag: true})
	sqlPublishedTagOldest      = sqlTemplate("published_by_user_tag_oldest", "published_by_user", variant{Tag: true, Oldest: true})
	sqlPublishedAfterTagNewest = sqlTemplate("published_by_user_after_tag_newest", "published_by_user", variant{After: true, Tag: true})
	sqlPublishedAfterTagOldest = sqlTemplate("published_by_user_after_tag_oldest", "published_by_user", variant{After: true, Tag: true, Oldest: true})
	sqlPublishedByIDs          = sqlTemplate("published_by_ids", "published_by_ids", variant{})
	sqlLastPublishedChange     = sqlTemplate("last_published_change", "last_published_change", variant{})
)

// PublishedPost returns one published post with Content and PlainText loaded;
// NOT_FOUND when it is missing, unpublished, scheduled or deleted
// (docs/SPEC.md#published-posts, GET /posts/pub/{id}).
func (s *Posts) PublishedPost(ctx context.Context, id stgypub.ID) (*stgypub.Post, error) {
	var row postRow
	err := sqlPublishedPost.raw(s.DB, int64(id), s.Now()).Scan(ctx, &row)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, notFound("post")
	}
	if err != nil {
		return nil, fmt.Errorf("store: published post %s: %w", id, err)
	}
	return row.toDomain(), nil
}

// adjacentRow is a postRow tagged with its side of the current post.
type adjacentRow struct {
	postRow
	Side string `bun:"side"`
}

// AdjacentPublished returns the owner's published posts just before
// (older) and just after (newer) p by (published_at, id) row-value
// comparison, in one round trip; nil when there is none or p itself has
// no publication date. Content is not loaded.
func (s *Posts) AdjacentPublished(ctx context.Context, p *stgypub.Post) (older, newer *stgypub.Post, err error) {
	if p == nil || p.PublishedAt == nil {
		return nil, nil, nil
	}
	now, at, id, owner := s.Now(), p.PublishedAt.UTC(), int64(p.ID), int64(p.OwnedBy)
	var rows []adjacentRow
	err = sqlAdjacentPublished.raw(s.DB, owner, now, at, id).Scan(ctx, &rows)
	if err != nil {
		return nil, nil, fmt.Errorf("store: adjacent posts of %s: %w", p.ID, err)
	}
	for i := range rows {
		if rows[i].Side == "older" {
			older = rows[i].toDomain()
		} else {
			newer = rows[i].toDomain()
		}
	}
	return older, newer, nil
}

// PublishedByUser lists a page of a user's published posts ordered by
// (published_at, id), newest or oldest first, without Content
// (docs/SPEC.md#published-posts): after q.Offset posts, or after the
// position q.After (keyset paging through the (owned_by, published_at,
// id) index; Offset must then be 0). Bad paging is BAD_USER_INPUT (see
// checkPage).
func (s *Posts) PublishedByUser(ctx context.Context, userID stgypub.ID, q stgypub.PostQuery) ([]*stgypub.Post, error) {
	var rows []postRow
	if q.After != nil {
		if q.Offset != 0 {
			return nil, stgypub.Errorf(stgypub.CodeBadUserInput, "offset and a cursor cannot be combined")
		}
		if q.Tag != "" {
			st, err := byOrder(q, sqlPublishedAfterTagNewest, sqlPublishedAfterTagOldest)
			if err != nil {
				return nil, err
			}
			if err := st.raw(s.DB, int64(userID), s.Now(), q.After.PublishedAt.UTC(), int64(q.After.ID), q.Limit, q.Tag).Scan(ctx, &rows); err != nil {
				return nil, fmt.Errorf("store: tagged posts of %s after a cursor: %w", userID, err)
			}
			return postsToDomain(rows), nil
		}
		st, err := byOrder(q, sqlPublishedAfterNewest, sqlPublishedAfterOldest)
		if err != nil {
			return nil, err
		}
		err = st.raw(s.DB, int64(userID), s.Now(), q.After.PublishedAt.UTC(), int64(q.After.ID), q.Limit).Scan(ctx, &rows)
		if err != nil {
			return nil, fmt.Errorf("store: published posts of %s after a cursor: %w", userID, err)
		}
		return postsToDomain(rows), nil
	}
	if q.Tag != "" {
		st, err := byOrder(q, sqlPublishedTagNewest, sqlPublishedTagOldest)
		if err != nil {
			return nil, err
		}
		if err := st.raw(s.DB, int64(userID), s.Now(), q.Offset, q.Limit, q.Tag).Scan(ctx, &rows); err != nil {
			return nil, fmt.Errorf("store: tagged posts of %s: %w", userID, err)
		}
		return postsToDomain(rows), nil
	}
	st, err := byOrder(q, sqlPublishedByUserNewest, sqlPublishedByUserOldest)
	if err != nil {
		return nil, err
	}
	err = st.raw(s.DB, int64(userID), s.Now(), q.Offset, q.Limit).Scan(ctx, &rows)
	if err != nil {
		return nil, fmt.Errorf("store: published posts of %s: %w", userID, err)
	}
	return postsToDomain(rows), nil
}

// CountPublishedTagged counts a user's published posts with the tag key
// tag (stgypub.TagKey).
func (s *Posts) CountPublishedTagged(ctx context.Context, userID stgypub.ID, tag string) (int, error) {
	var n int
	if err := sqlCountPublishedTagged.raw(s.DB, int64(userID), s.Now(), tag).Scan(ctx, &n); err != nil {
		return 0, fmt.Errorf("store: count tagged posts of %s: %w", userID, err)
	}
	return n, nil
}

// CountPublishedByUser counts a user's published posts (0 for an unknown
// user).
func (s *Posts) CountPublishedByUser(ctx context.Context, userID stgypub.ID) (int, error) {
	var n int
	err := sqlCountPublishedByUser.raw(s.DB, int64(userID), s.Now()).Scan(ctx, &n)
	if err != nil {
		return 0, fmt.Errorf("store: count published posts of %s: %w", userID, err)
	}
	return n, nil
}

// PublishedByIDs returns the published posts among ids in input order (unnest
// ... WITH ORDINALITY), without Content, dropping unknown, unpublished,
// scheduled and repeated IDs (first occurrence kept). More than
// MaxIDsPerRequest IDs is BAD_USER_INPUT (docs/SPEC.md#published-posts).
func (s *Posts) PublishedByIDs(ctx context.Context, ids []stgypub.ID) ([]*stgypub.Post, error) {
	if len(ids) > MaxIDsPerRequest {
		return nil, stgypub.Errorf(stgypub.CodeBadUserInput, "at most %d ids, got %d", MaxIDsPerRequest, len(ids))
	}
	if len(ids) == 0 {
		return []*stgypub.Post{}, nil
	}
	var rows []postRow
	// Prepared (prepared.go): Popular entries run this on every page.
	if err := s.queryPrepared(ctx, sqlPublishedByIDs, &rows, int64Array(ids), s.Now()); err != nil {
		return nil, fmt.Errorf("store: published posts by ids: %w", err)
	}
	return postsToDomain(rows), nil
}

// int64Array is ids as a PostgreSQL array literal ("{1,2,3}") for a
// prepared statement's bigint[] parameter.
func int64Array(ids []stgypub.ID) string {
	b := make([]byte, 0, 2+len(ids)*20)
	b = append(b, '{')
	for i, id := range ids {
		if i > 0 {
			b = append(b, ',')
		}
		b = strconv.AppendInt(b, int64(id), 10)
	}
	return string(append(b, '}'))
}

// LastPublishedChange is the Last-Modified of the user's pages read
// without PubSite (search results): the latest of their site change time
// (site_change.go) and of published_at and updated_at over their
// published posts, never later than now; the zero time when there is
// none. It reads the (owned_by, published_at, id) index range and those
// rows' updated_at.
func (s *Posts) LastPublishedChange(ctx context.Context, userID stgypub.ID) (time.Time, error) {
	var t *time.Time
	now := s.Now()
	err := sqlLastPublishedChange.raw(s.DB, int64(userID), now).Scan(ctx, &t)
	if err != nil {
		return time.Time{}, fmt.Errorf("store: last published change of %s: %w", userID, err)
	}
	return lastChange(now, t), nil
}
