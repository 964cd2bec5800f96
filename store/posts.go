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

// Posts is the part of the store for posts (stgypub.PostStore,
// stgypub.PubPostStore, stgypub.PubPageStore, article.Store and the page
// server's sitemap and robots reads): owners' writes (posts.go), published
// reads (posts_published.go, posts_adjacent_many.go), the prepared page
// reads (posts_article_page.go, posts_site_page.go), the home page
// (posts_home_sites.go), search, renderings, titles, derived columns,
// imports, sitemap, robots and site change times (posts_*.go).
type Posts struct{ *shared }

var _ stgypub.PostStore = (*Posts)(nil)

var (
	sqlPostByID       = sqlFile("post_by_id")
	sqlDeletePost     = sqlFile("delete_post")
	sqlSetPublication = sqlFile("set_publication")
	sqlChangeOwner    = sqlFile("change_owner")
	sqlPostsByOwner   = sqlFile("posts_by_owner")
)

// Post returns a post in any publication state with Content and PlainText;
// NOT_FOUND when missing.
func (s *Posts) Post(ctx context.Context, id stgypub.ID) (*stgypub.Post, error) {
	var row postRow
	err := sqlPostByID.raw(s.DB, int64(id)).Scan(ctx, &row)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, notFound("post")
	}
	if err != nil {
		return nil, fmt.Errorf("store: post %s: %w", id, err)
	}
	return row.toDomain(), nil
}

// CreatePost inserts p into posts and post_details, moves the owner's
// site change time forward (site_change.go) and queues POST_PUBLISHED
// when p is visible now (stgypub.PostWebhookEvent; the owners' createPost
// makes drafts), in one transaction; a zero
// p.ID is replaced by NewID(). CONFLICT when the ID is taken, NOT_FOUND
// when the owner does not exist. PlainText is stored in NFC
// (stgypub.SearchText), Content as given.
func (s *Posts) CreatePost(ctx context.Context, p *stgypub.Post) error {
	queued := 0
	err := s.siteTx(ctx, func(ctx context.Context, tx bun.Tx, touch func(...stgypub.ID) error) error {
		if err := insertPost(ctx, tx, touch, p); err != nil {
			return err
		}
		var err error
		queued, err = queuePostEvent(ctx, tx, p.ID, stgypub.PostCreated, s.Now())
		return err
	})
	if err == nil {
		s.webhooksQueued(queued)
	}
	return err
}

// insertPost inserts p and its details and touches the owner's site.
func insertPost(ctx context.Context, tx bun.Tx, touch func(...stgypub.ID) error, p *stgypub.Post) error {
	if p.ID == 0 {
		p.ID = NewID()
	}
	_, err := tx.NewInsert().Model(postToRow(p)).Exec(ctx)
	switch sqlstate(err) {
	case sqlstateUniqueViolation:
		return stgypub.Errorf(stgypub.CodeConflict, "post %s already exists", p.ID)
	case sqlstateForeignKeyViolation:
		return notFound("owner")
	}
	if err != nil {
		return fmt.Errorf("store: insert post: %w", err)
	}
	d := &postDetailRow{PostID: int64(p.ID), Content: p.Content, PlainText: stgypub.SearchText(p.PlainText)}
	if _, err := tx.NewInsert().Model(d).Exec(ctx); err != nil {
		return fmt.Errorf("store: insert post details: %w", err)
	}
	p.Version = 1 // the column's default: a new post's first version
	return touch(p.OwnedBy)
}

// UpdatePost rewrites Content, PlainText, Snippet, Derived, Locale,
// AllowLikes and AllowReplies of post p.ID and sets updated_at (and p.UpdatedAt) to
// s.Now(), strictly later than before (rendered bodies and snippets are
// cached under it, so two edits never share it), and moves the owner's
// site change time forward (the post may
// be listed, a neighbour or a Recent post on the owner's other pages), in
// one transaction; NOT_FOUND when missing. Owner, reply_to and
// published_at are left alone. PlainText is stored in NFC.
func (s *Posts) UpdatePost(ctx context.Context, p *stgypub.Post) error {
	return s.UpdatePostIf(ctx, p, stgypub.Precondition{})
}

// UpdatePostIf is UpdatePost under pre: when pre is set and the post's
// version is no longer pre's, nothing is written and the error is
// stgypub.VersionConflict (the comparison is in the UPDATE's WHERE, so of
// concurrent writers holding one version exactly one succeeds). p.Version
// is set to the new version.
func (s *Posts) UpdatePostIf(ctx context.Context, p *stgypub.Post, pre stgypub.Precondition) error {
	now := s.Now().UTC()
	row := postToRow(p)
	var (
		owner   int64
		updated time.Time
		version int64
		queued  int
	)
	err := s.siteTx(ctx, func(ctx context.Context, tx bun.Tx, touch func(...stgypub.ID) error) error {
		q := tx.NewUpdate().Model(row).
			Column("snippet", "locale", "allow_likes", "allow_replies",
				"featured_image", "featured_image_alt", "reading_minutes", "derived_version", "tags", "tag_keys").
			Set("updated_at = greatest(updated_at + interval '1 microsecond', ?)", now).
			WherePK()
		if pre.IsSet() {
			q = q.Where("version = ?", int64(pre.Version()))
		}
		_, err := q.Returning("owned_by, updated_at, version").Exec(ctx, &owner, &updated, &version)
		if errors.Is(err, sql.ErrNoRows) {
			return postConflict(ctx, tx, p.ID, pre)
		}
		if err != nil {
			return fmt.Errorf("store: update post %s: %w", p.ID, err)
		}
		d := &postDetailRow{PostID: int64(p.ID), Content: p.Content, PlainText: stgypub.SearchText(p.PlainText)}
		_, err = tx.NewInsert().Model(d).
			On("CONFLICT (post_id) DO UPDATE").
			Set("content = EXCLUDED.content").
			Set("plain_text = EXCLUDED.plain_text").Exec(ctx)
		if err != nil {
			return fmt.Errorf("store: update post details %s: %w", p.ID, err)
		}
		if queued, err = queuePostEvent(ctx, tx, p.ID, stgypub.PostEdited, now); err != nil {
			return err
		}
		return touch(stgypub.ID(owner))
	})
	if err != nil {
		return err
	}
	s.webhooksQueued(queued)
	updated = updated.UTC()
	p.UpdatedAt = &updated
	p.Version = stgypub.Version(version)
	return nil
}

// DeletePost deletes a post (details, imports and checkpoints cascade)
// and moves its owner's site change time forward, and queues
// POST_UNPUBLISHED when the post was announced as published
// (stgypub.PostWebhookEvent), in one transaction. NOT_FOUND when missing.
func (s *Posts) DeletePost(ctx context.Context, id stgypub.ID) error {
	return s.DeletePostIf(ctx, id, stgypub.Precondition{})
}

// DeletePostIf is DeletePost under pre (see UpdatePostIf): a stale
// version deletes nothing, queues nothing and is stgypub.VersionConflict.
func (s *Posts) DeletePostIf(ctx context.Context, id stgypub.ID, pre stgypub.Precondition) error {
	now := s.Now().UTC()
	queued := 0
	err := s.touchingTx(ctx, func(ctx context.Context, tx bun.Tx, rows *[]siteChangeRow) error {
		var err error
		// Before the delete: the publication mark goes with the post.
		if queued, err = queuePostEvent(ctx, tx, id, stgypub.PostDeleted, now); err != nil {
			return err
		}
		return postWrite(ctx, tx, id, pre, rows, sqlDeletePost, int64(id), now, versionArg(pre))
	})
	if err != nil {
		return wrapPostWrite("delete post", id, err)
	}
	s.webhooksQueued(queued)
	return nil
}

// SetPublication sets published_at (nil unpublishes, a future time
// schedules), moves the owner's site change time forward and queues the
// post's webhook event (POST_PUBLISHED or POST_UNPUBLISHED,
// stgypub.PostWebhookEvent), in one transaction; NOT_FOUND when missing
// (docs/SPEC.md#publication-state).
func (s *Posts) SetPublication(ctx context.Context, id stgypub.ID, publishedAt *time.Time) error {
	return s.SetPublicationIf(ctx, id, publishedAt, stgypub.Precondition{})
}

// SetPublicationIf is SetPublication under pre (see UpdatePostIf).
func (s *Posts) SetPublicationIf(ctx context.Context, id stgypub.ID, publishedAt *time.Time, pre stgypub.Precondition) error {
	now := s.Now().UTC()
	queued := 0
	err := s.touchingTx(ctx, func(ctx context.Context, tx bun.Tx, rows *[]siteChangeRow) error {
		if err := postWrite(ctx, tx, id, pre, rows, sqlSetPublication, utcPtr(publishedAt), int64(id), now, versionArg(pre)); err != nil {
			return err
		}
		var err error
		queued, err = queuePostEvent(ctx, tx, id, stgypub.PostPublicationSet, now)
		return err
	})
	if err != nil {
		return wrapPostWrite("set publication of", id, err)
	}
	s.webhooksQueued(queued)
	return nil
}

// postWrite runs st, a post statement returning the site changes it made,
// in tx; no row is NOT_FOUND or the version conflict (postConflict).
func postWrite(ctx context.Context, tx bun.Tx, id stgypub.ID, pre stgypub.Precondition, rows *[]siteChangeRow, st *statement, args ...any) error {
	if err := st.raw(tx, args...).Scan(ctx, rows); err != nil && !errors.Is(err, sql.ErrNoRows) {
		return err
	}
	if len(*rows) == 0 {
		return postConflict(ctx, tx, id, pre)
	}
	return nil
}

// wrapPostWrite names a failed post write; NOT_FOUND and CONFLICT are
// returned as they are.
func wrapPostWrite(what string, id stgypub.ID, err error) error {
	switch stgypub.ErrorCode(err) {
	case stgypub.CodeNotFound, stgypub.CodeConflict:
		return err
	}
	return fmt.Errorf("store: %s %s: %w", what, id, err)
}

// ChangeOwner moves post id to newOwner and, in the same transaction, the
// owner_id of its post_pub_access_counts rows, so the owner's Stats and
// checkpoint index follow the post, and the site change times of both
// owners (the post leaves one site and joins the other). NOT_FOUND when
// the post or the new owner does not exist.
func (s *Posts) ChangeOwner(ctx context.Context, id, newOwner stgypub.ID) error {
	return s.siteTx(ctx, func(ctx context.Context, tx bun.Tx, touch func(...stgypub.ID) error) error {
		var old []int64
		err := sqlChangeOwner.raw(tx, int64(newOwner), int64(id)).Scan(ctx, &old)
		if sqlstate(err) == sqlstateForeignKeyViolation {
			return notFound("new owner")
		}
		if err != nil && !errors.Is(err, sql.ErrNoRows) {
			return fmt.Errorf("store: change owner of %s: %w", id, err)
		}
		if len(old) == 0 {
			return notFound("post")
		}
		if err := touch(stgypub.ID(old[0]), newOwner); err != nil {
			return err
		}
		_, err = tx.NewUpdate().Table("post_pub_access_counts").Set("owner_id = ?", int64(newOwner)).
			Where("post_id = ?", int64(id)).Exec(ctx)
		if err != nil {
			return fmt.Errorf("store: move checkpoints of %s: %w", id, err)
		}
		return nil
	})
}

// PostsByOwner lists a user's posts of every state, newest ID first,
// without Content. offset < 0 or limit outside 1..MaxPageLimit is
// BAD_USER_INPUT.
func (s *Posts) PostsByOwner(ctx context.Context, ownerID stgypub.ID, offset, limit int) ([]*stgypub.Post, error) {
	if err := checkPage(stgypub.PostQuery{Offset: offset, Limit: limit}); err != nil {
		return nil, err
	}
	var rows []postRow
	err := sqlPostsByOwner.raw(s.DB, int64(ownerID), offset, limit).Scan(ctx, &rows)
	if err != nil {
		return nil, fmt.Errorf("store: posts of %s: %w", ownerID, err)
	}
	return postsToDomain(rows), nil
}
