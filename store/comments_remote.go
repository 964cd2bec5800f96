package store

import (
	"context"

	"github.com/stgy/stgypub"
)

// EditRemoteComment replaces the nickname and body of a comment made
// from a Note (normalized by the caller) and, when pending, makes it
// pending again; it moves the owner's site change time. NOT_FOUND when
// missing.
func (s *Comments) EditRemoteComment(ctx context.Context, id stgypub.ID, nickname, body string, pending bool) (*stgypub.Comment, error) {
	return s.changeComment(ctx, "edit remote", id, stgypub.Precondition{}, sqlCommentEditRemote, nickname, body, int64(id), pending)
}
