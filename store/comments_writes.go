package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/uptrace/bun"

	"github.com/stgy/stgypub"
)

// Comment write statements. Each returns the changed row and the post's
// owner, whose site change time moves in the same transaction
// (site_change.go): the write changes what the owner's /pub page shows.
var (
	sqlCommentCountAll    = sqlText("comment_count_all", `SELECT count(*) FROM post_pub_comments WHERE post_id = $1`)
	sqlCommentApprove     = sqlFile("comment_approve")
	sqlCommentEdit        = sqlFile("comment_edit")
	sqlCommentDelete      = sqlFile("comment_delete")
	sqlNotificationInsert = sqlText("notification_insert", `INSERT INTO pub_comment_notifications (id, user_id, post_id, comment_id, nickname)
VALUES ($1, $2, $3, $4, $5)`)
)

// ownedCommentRow is a comment row with its post's owner.
type ownedCommentRow struct {
	commentRow
	OwnedBy int64 `bun:"owned_by"`
	// WasPending: the approval statement found the comment pending.
	WasPending bool `bun:"was_pending"`
}

// InsertComment stores n.Comment (a zero ID is replaced by NewID()) in one
// transaction: it locks the post row (FOR NO KEY UPDATE, so concurrent
// inserts on one post run one after another and the cap holds), runs
// n.Check on the locked target, counts the post's comments (pending
// included) and refuses with CONFLICT at n.MaxComments, inserts, records
// the owner's notification when n.Notify, stores n.Remote (a Note
// already stored is stgypub.ErrNoteStored, checked before the cap), queues COMMENT_POSTED for the
// owner's subscribed webhooks (pending or published alike), and moves the
// owner's site change time when the comment is published. NOT_FOUND for
// an unknown post.
func (s *Comments) InsertComment(ctx context.Context, n *stgypub.NewComment) error {
	c := n.Comment
	if c.ID == 0 {
		c.ID = NewID()
	}
	queued := 0
	err := s.siteTx(ctx, func(ctx context.Context, tx bun.Tx, touch func(...stgypub.ID) error) error {
		t, err := commentTarget(ctx, tx, c.PostID, sqlCommentTargetLock)
		if err != nil {
			return err
		}
		if n.Remote != nil {
			if err := remoteNoteStored(ctx, tx, n.Remote); err != nil {
				return err
			}
		}
		if n.Check != nil {
			if err := n.Check(t); err != nil {
				return err
			}
		}
		if n.MaxComments > 0 {
			var count int
			if err := sqlCommentCountAll.raw(tx, int64(c.PostID)).Scan(ctx, &count); err != nil {
				return fmt.Errorf("store: count comments: %w", err)
			}
			if count >= n.MaxComments {
				return stgypub.Errorf(stgypub.CodeConflict, "this article has reached its limit of %d comments", n.MaxComments)
			}
		}
		_, err = tx.NewInsert().Model(commentToRow(c)).Exec(ctx)
		if sqlstate(err) == sqlstateUniqueViolation {
			return stgypub.Errorf(stgypub.CodeConflict, "comment %s already exists", c.ID)
		}
		if err != nil {
			return fmt.Errorf("store: insert comment: %w", err)
		}
		if n.Remote != nil {
			if err := putRemoteNote(ctx, tx, c.ID, n.Remote); err != nil {
				return err
			}
		}
		if n.Notify {
			nid := NewID()
			_, err := sqlNotificationInsert.raw(tx, int64(nid), int64(t.Post.OwnedBy), int64(c.PostID), int64(c.ID), c.Nickname).Exec(ctx)
			if err != nil {
				return fmt.Errorf("store: insert notification: %w", err)
			}
			n.Notification = &stgypub.CommentNotification{ID: nid, UserID: t.Post.OwnedBy, PostID: c.PostID, CommentID: c.ID, Nickname: c.Nickname}
		}
		if queued, err = queueWebhookEvent(ctx, tx, t.Post.OwnedBy, stgypub.EventCommentPosted, c.PostID, c.ID, s.Now()); err != nil {
			return err
		}
		if c.Status == stgypub.CommentPublished {
			return touch(t.Post.OwnedBy)
		}
		return nil
	})
	if err == nil {
		s.webhooksQueued(queued)
	}
	return err
}

// ApproveComment publishes a comment (approving a published one changes
// nothing but is no error) and moves the owner's site change time, and
// queues COMMENT_APPROVED when the comment was pending, in one
// transaction; NOT_FOUND when missing.
func (s *Comments) ApproveComment(ctx context.Context, id stgypub.ID) (*stgypub.Comment, error) {
	return s.ApproveCommentIf(ctx, id, stgypub.Precondition{})
}

// ApproveCommentIf is ApproveComment under pre: a comment no longer at
// pre's version is left alone and the error is stgypub.VersionConflict
// (compared in the UPDATE's WHERE; docs/API.md "Versions and conflicts").
func (s *Comments) ApproveCommentIf(ctx context.Context, id stgypub.ID, pre stgypub.Precondition) (*stgypub.Comment, error) {
	return s.changeComment(ctx, "approve", id, pre, sqlCommentApprove, int64(id), versionArg(pre))
}

// EditComment replaces a comment's nickname and body (normalized by the
// caller) and moves the owner's site change time; NOT_FOUND when missing.
func (s *Comments) EditComment(ctx context.Context, id stgypub.ID, nickname, body string) (*stgypub.Comment, error) {
	return s.EditCommentIf(ctx, id, nickname, body, stgypub.Precondition{})
}

// EditCommentIf is EditComment under pre (see ApproveCommentIf).
func (s *Comments) EditCommentIf(ctx context.Context, id stgypub.ID, nickname, body string, pre stgypub.Precondition) (*stgypub.Comment, error) {
	return s.changeComment(ctx, "edit", id, pre, sqlCommentEdit, nickname, body, int64(id), versionArg(pre))
}

// DeleteComment deletes a comment (its notification goes with it) and
// moves the owner's site change time; NOT_FOUND when missing.
func (s *Comments) DeleteComment(ctx context.Context, id stgypub.ID) error {
	return s.DeleteCommentIf(ctx, id, stgypub.Precondition{})
}

// DeleteCommentIf is DeleteComment under pre (see ApproveCommentIf).
func (s *Comments) DeleteCommentIf(ctx context.Context, id stgypub.ID, pre stgypub.Precondition) error {
	_, err := s.changeComment(ctx, "delete", id, pre, sqlCommentDelete, int64(id), versionArg(pre))
	return err
}

// changeComment runs one comment write statement and touches the owner's
// site in the same transaction; no row is NOT_FOUND, or the version
// conflict under a set pre.
func (s *Comments) changeComment(ctx context.Context, what string, id stgypub.ID, pre stgypub.Precondition, st *statement, args ...any) (*stgypub.Comment, error) {
	var row ownedCommentRow
	queued := 0
	err := s.siteTx(ctx, func(ctx context.Context, tx bun.Tx, touch func(...stgypub.ID) error) error {
		err := st.raw(tx, args...).Scan(ctx, &row)
		if errors.Is(err, sql.ErrNoRows) {
			return commentConflict(ctx, tx, id, pre)
		}
		if err != nil {
			return err
		}
		if row.WasPending { // only the approval statement returns it
			if queued, err = queueWebhookEvent(ctx, tx, stgypub.ID(row.OwnedBy), stgypub.EventCommentApproved, stgypub.ID(row.PostID), id, s.Now()); err != nil {
				return err
			}
		}
		return touch(stgypub.ID(row.OwnedBy))
	})
	if err == nil {
		s.webhooksQueued(queued)
	}
	if stgypub.ErrorCode(err) == stgypub.CodeNotFound || stgypub.ErrorCode(err) == stgypub.CodeConflict {
		return nil, err
	}
	if err != nil {
		return nil, fmt.Errorf("store: %s comment: %w", what, err)
	}
	return row.commentRow.toDomain(), nil
}
