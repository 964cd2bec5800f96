package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/uptrace/bun"

	"github.com/stgy/stgypub"
)

// Comments made from fediverse replies (federation_comments,
// docs/FEDERATION.md "Replies").
var (
	sqlRemoteNoteExists  = sqlText("federation_note_exists", `SELECT EXISTS (SELECT 1 FROM federation_comments WHERE note_id = $1)`)
	sqlRemoteNotePut     = sqlText("federation_note_put", `INSERT INTO federation_comments (comment_id, note_id, actor) VALUES ($1, $2, $3) ON CONFLICT (note_id) DO NOTHING`)
	sqlRemoteComment     = sqlText("federation_comment", `SELECT f.comment_id, c.post_id, f.note_id, f.actor FROM federation_comments f JOIN post_pub_comments c ON c.id = f.comment_id WHERE f.note_id = $1`)
	sqlCommentEditRemote = sqlFile("comment_edit_remote")
	sqlRemoteCommentsBy  = sqlText("federation_comments_by", `SELECT f.comment_id, c.post_id, f.note_id, f.actor FROM federation_comments f JOIN post_pub_comments c ON c.id = f.comment_id WHERE f.actor = $1 ORDER BY f.comment_id`)
)

type remoteCommentRow struct {
	CommentID int64  `bun:"comment_id"`
	PostID    int64  `bun:"post_id"`
	NoteID    string `bun:"note_id"`
	Actor     string `bun:"actor"`
}

func (r *remoteCommentRow) toDomain() *stgypub.RemoteComment {
	return &stgypub.RemoteComment{CommentID: stgypub.ID(r.CommentID), PostID: stgypub.ID(r.PostID),
		RemoteOrigin: stgypub.RemoteOrigin{NoteID: r.NoteID, Actor: r.Actor}}
}

// remoteNoteStored refuses, inside InsertComment's transaction, a Note
// already stored as a comment (stgypub.ErrNoteStored).
func remoteNoteStored(ctx context.Context, tx bun.IDB, o *stgypub.RemoteOrigin) error {
	var exists bool
	if err := sqlRemoteNoteExists.raw(tx, o.NoteID).Scan(ctx, &exists); err != nil {
		return fmt.Errorf("store: remote note: %w", err)
	}
	if exists {
		return fmt.Errorf("store: %s: %w", o.NoteID, stgypub.ErrNoteStored)
	}
	return nil
}

// putRemoteNote stores the origin of comment id in InsertComment's
// transaction; a Note stored meanwhile (on another post) is
// stgypub.ErrNoteStored.
func putRemoteNote(ctx context.Context, tx bun.IDB, id stgypub.ID, o *stgypub.RemoteOrigin) error {
	res, err := sqlRemoteNotePut.raw(tx, int64(id), o.NoteID, o.Actor).Exec(ctx)
	if err != nil {
		return fmt.Errorf("store: put remote note: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return fmt.Errorf("store: %s: %w", o.NoteID, stgypub.ErrNoteStored)
	}
	return nil
}

// RemoteComment returns the comment made from the Note noteID, NOT_FOUND
// when none is.
func (s *Federation) RemoteComment(ctx context.Context, noteID string) (*stgypub.RemoteComment, error) {
	var rows []remoteCommentRow
	if err := sqlRemoteComment.raw(s.DB, noteID).Scan(ctx, &rows); err != nil && !errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("store: remote comment: %w", err)
	}
	if len(rows) == 0 {
		return nil, notFound("remote comment")
	}
	return rows[0].toDomain(), nil
}

// RemoteCommentsBy returns the comments made from Notes of actor, by
// comment ID ascending.
func (s *Federation) RemoteCommentsBy(ctx context.Context, actor string) ([]*stgypub.RemoteComment, error) {
	var rows []remoteCommentRow
	if err := sqlRemoteCommentsBy.raw(s.DB, actor).Scan(ctx, &rows); err != nil && !errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("store: remote comments of %s: %w", actor, err)
	}
	out := make([]*stgypub.RemoteComment, len(rows))
	for i := range rows {
		out[i] = rows[i].toDomain()
	}
	return out, nil
}
