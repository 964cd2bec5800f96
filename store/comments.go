package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"

	"github.com/uptrace/bun"

	"github.com/stgy/stgypub"
)

// Comments is the part of the store for comments (stgypub.CommentStore):
// reads (comments.go), writes and moderation (comments_writes.go), the
// owner's list, notifications, archive and remote edits (comments_*.go).
type Comments struct{ *shared }

var _ stgypub.CommentStore = (*Comments)(nil)

// commentRow is a post_pub_comments row (seed DDL, as written).
type commentRow struct {
	bun.BaseModel `bun:"table:post_pub_comments,alias:c"`

	ID       int64  `bun:"id,pk"`
	PostID   int64  `bun:"post_id,notnull"`
	Nickname string `bun:"nickname,notnull"`
	Body     string `bun:"body,notnull"`
	Status   string `bun:"status,notnull"`
	IsAuthor bool   `bun:"is_author,notnull"`
}

func (r *commentRow) toDomain() *stgypub.Comment {
	return &stgypub.Comment{
		ID: stgypub.ID(r.ID), PostID: stgypub.ID(r.PostID), Nickname: r.Nickname, Body: r.Body,
		Status: stgypub.CommentStatus(r.Status), IsAuthor: r.IsAuthor,
	}
}

func commentToRow(c *stgypub.Comment) *commentRow {
	return &commentRow{
		ID: int64(c.ID), PostID: int64(c.PostID), Nickname: c.Nickname, Body: c.Body,
		Status: string(c.Status), IsAuthor: c.IsAuthor,
	}
}

func commentsToDomain(rows []commentRow) []*stgypub.Comment {
	out := make([]*stgypub.Comment, len(rows))
	for i := range rows {
		out[i] = rows[i].toDomain()
	}
	return out
}

// targetRow is a post (without details) with its owner's extensions.
type targetRow struct {
	postRow
	Extensions string `bun:"extensions"`
}

func (r *targetRow) toDomain() *stgypub.CommentTarget {
	ext, err := stgypub.ParseExtensions(r.Extensions)
	if err != nil {
		slog.Warn("store: corrupt user_pub_configs.extensions read as {}", "user", stgypub.ID(r.OwnedBy).String(), "err", err)
	}
	return &stgypub.CommentTarget{Post: r.postRow.toDomain(), Mode: ext.CommentsMode()}
}

// Comment statements. The list pairs walk idx_post_pub_comments_post_id
// (post_id, id DESC) forwards or backwards; ?1 true includes pending rows.
var (
	sqlCommentTarget     = sqlFile("comment_target")
	sqlCommentTargetLock = sqlFile("comment_target_lock")
	sqlCommentCount      = sqlText("comment_count", `SELECT count(*) FROM post_pub_comments
WHERE post_id = $1 AND ($2 OR status = 'published')`)
	sqlCommentsNewest = sqlTemplate("comments_newest", "comments", variant{})
	sqlCommentsOldest = sqlTemplate("comments_oldest", "comments", variant{Oldest: true})
	sqlCommentByID    = sqlText("comment_by_id", `SELECT c.* FROM post_pub_comments c WHERE c.id = $1`)
	sqlCommentsExport = sqlText("comments_export", `SELECT c.* FROM post_pub_comments c WHERE c.post_id = $1 ORDER BY c.id ASC`)
)

// CommentTarget returns the post (any state, without Content) and its
// owner's comment mode; NOT_FOUND when the post is missing.
func (s *Comments) CommentTarget(ctx context.Context, postID stgypub.ID) (*stgypub.CommentTarget, error) {
	return commentTarget(ctx, s.DB, postID, sqlCommentTarget)
}

func commentTarget(ctx context.Context, db bun.IDB, postID stgypub.ID, st *statement) (*stgypub.CommentTarget, error) {
	var row targetRow
	err := st.raw(db, int64(postID)).Scan(ctx, &row)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, notFound("post")
	}
	if err != nil {
		return nil, fmt.Errorf("store: comment target %s: %w", postID, err)
	}
	return row.toDomain(), nil
}

// Comments returns page q.Page (1-based, stgypub.CommentPageSize long) of
// the post's comments in q.Order and the number of comments q matches.
// BAD_USER_INPUT for a page outside 1..stgypub.CommentMaxPage.
func (s *Comments) Comments(ctx context.Context, postID stgypub.ID, q stgypub.CommentQuery) (*stgypub.CommentPage, error) {
	if q.Page < 1 || q.Page > stgypub.CommentMaxPage {
		return nil, stgypub.Errorf(stgypub.CodeBadUserInput, "page must be 1-%d", stgypub.CommentMaxPage)
	}
	st := sqlCommentsNewest
	if q.Order == stgypub.OrderOldest {
		st = sqlCommentsOldest
	}
	out := &stgypub.CommentPage{}
	if err := sqlCommentCount.raw(s.DB, int64(postID), q.IncludePending).Scan(ctx, &out.TotalCount); err != nil {
		return nil, fmt.Errorf("store: count comments of %s: %w", postID, err)
	}
	var rows []commentRow
	if (q.Page-1)*stgypub.CommentPageSize < out.TotalCount {
		off := (q.Page - 1) * stgypub.CommentPageSize
		if err := st.raw(s.DB, int64(postID), q.IncludePending, stgypub.CommentPageSize, off).Scan(ctx, &rows); err != nil {
			return nil, fmt.Errorf("store: comments of %s: %w", postID, err)
		}
	}
	out.Items = commentsToDomain(rows)
	return out, nil
}

// CountComments counts the post's stored comments, pending included.
func (s *Comments) CountComments(ctx context.Context, postID stgypub.ID) (int, error) {
	var n int
	if err := sqlCommentCountAll.raw(s.DB, int64(postID)).Scan(ctx, &n); err != nil {
		return 0, fmt.Errorf("store: count comments of %s: %w", postID, err)
	}
	return n, nil
}

// CountPublishedComments counts the post's published comments.
func (s *Comments) CountPublishedComments(ctx context.Context, postID stgypub.ID) (int, error) {
	var n int
	if err := sqlCommentCount.raw(s.DB, int64(postID), false).Scan(ctx, &n); err != nil {
		return 0, fmt.Errorf("store: count published comments of %s: %w", postID, err)
	}
	return n, nil
}

// PublishedComments returns up to limit published comments of the post,
// newest first.
func (s *Comments) PublishedComments(ctx context.Context, postID stgypub.ID, limit int) ([]*stgypub.Comment, error) {
	var rows []commentRow
	if err := sqlCommentsNewest.raw(s.DB, int64(postID), false, limit, 0).Scan(ctx, &rows); err != nil {
		return nil, fmt.Errorf("store: published comments of %s: %w", postID, err)
	}
	return commentsToDomain(rows), nil
}

// Comment returns a comment and its post's target; NOT_FOUND when the
// comment is missing.
func (s *Comments) Comment(ctx context.Context, id stgypub.ID) (*stgypub.Comment, *stgypub.CommentTarget, error) {
	var row commentRow
	err := sqlCommentByID.raw(s.DB, int64(id)).Scan(ctx, &row)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil, notFound("comment")
	}
	if err != nil {
		return nil, nil, fmt.Errorf("store: comment %s: %w", id, err)
	}
	t, err := s.CommentTarget(ctx, stgypub.ID(row.PostID))
	if err != nil {
		return nil, nil, err
	}
	return row.toDomain(), t, nil
}

// ExportComments returns every comment of the post, pending included, by
// ID ascending (an unknown post has none).
func (s *Comments) ExportComments(ctx context.Context, postID stgypub.ID) ([]*stgypub.Comment, error) {
	var rows []commentRow
	if err := sqlCommentsExport.raw(s.DB, int64(postID)).Scan(ctx, &rows); err != nil {
		return nil, fmt.Errorf("store: export comments of %s: %w", postID, err)
	}
	return commentsToDomain(rows), nil
}
