package comment

import (
	"context"
	"fmt"
	"time"

	"github.com/stgy/stgypub"
)

// MaxImport bounds the comments of one importPubComments call.
const MaxImport = 200

// Export returns every comment of a post, pending included, by ID
// ascending, whatever its publication state, mode and cache: for the
// post's owner or an administrator (UNAUTHENTICATED, FORBIDDEN;
// NOT_FOUND for an unknown post).
func (s *Service) Export(ctx context.Context, viewer *stgypub.User, postID stgypub.ID) ([]*Item, error) {
	t, err := s.store.CommentTarget(ctx, postID)
	if err != nil {
		return nil, err
	}
	if !stgypub.CanModerateComments(viewer, t.Post) {
		return nil, deny(viewer, "export comments")
	}
	cs, err := s.store.ExportComments(ctx, postID)
	if err != nil {
		return nil, err
	}
	out := make([]*Item, len(cs))
	for i, c := range cs {
		out[i] = item(viewer, t.Post, c)
	}
	return out, nil
}

// ImportInput is one archived comment (Export's shape).
type ImportInput struct {
	ID       stgypub.ID
	Nickname string
	Body     string
	Status   stgypub.CommentStatus
	IsAuthor bool
}

// ImportIDEarliest is the earliest time an imported comment's ID may
// carry: an ID's time is the comment's createdAt, and no comment of this
// software is older.
var ImportIDEarliest = time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC)

// ImportIDTimeOK reports whether id's time (its createdAt) is from
// ImportIDEarliest to a day after now. Import refuses other IDs
// (BAD_USER_INPUT) rather than assigning new ones: an ID is what makes
// an import idempotent, so it is kept or refused, never replaced.
func ImportIDTimeOK(id stgypub.ID, now time.Time) bool {
	t := id.Time()
	return !t.Before(ImportIDEarliest) && !t.After(now.Add(24*time.Hour))
}

// Import restores archived comments onto a post with their IDs, status
// and is_author, for administrators only (UNAUTHENTICATED, FORBIDDEN):
// no CAPTCHA, mode, allow_replies, cap or notification. Text is
// normalized and limited to the database widths (50 characters; 65536
// for the body as stored, its final LF included). All or nothing: BAD_USER_INPUT (at most MaxImport
// comments, a zero or duplicate ID, an ID dated before 2000 or more
// than a day ahead (ImportIDTimeOK), bad text or status) and CONFLICT (an
// ID on another post) write nothing; an ID already on this post is
// updated. NOT_FOUND for an unknown post. The public cache is
// invalidated.
func (s *Service) Import(ctx context.Context, viewer *stgypub.User, postID stgypub.ID, in []ImportInput) (int, error) {
	if viewer == nil || !viewer.IsAdmin {
		if viewer == nil {
			return 0, stgypub.Errorf(stgypub.CodeUnauthenticated, "login required to import comments")
		}
		return 0, stgypub.Errorf(stgypub.CodeForbidden, "only an administrator may import comments")
	}
	if len(in) > MaxImport {
		return 0, stgypub.Errorf(stgypub.CodeBadUserInput, "at most %d comments per import", MaxImport)
	}
	now := s.cfg.Now()
	cs := make([]*stgypub.Comment, len(in))
	seen := make(map[stgypub.ID]bool, len(in))
	for i, c := range in {
		if c.ID <= 0 || seen[c.ID] {
			return 0, stgypub.Errorf(stgypub.CodeBadUserInput, "comments[%d]: the ID must be positive and unique", i)
		}
		if !ImportIDTimeOK(c.ID, now) {
			return 0, stgypub.Errorf(stgypub.CodeBadUserInput,
				"comments[%d]: the ID %s dates the comment %s; an imported ID must date it from 2000 to a day from now",
				i, c.ID, c.ID.Time().Format(time.RFC3339))
		}
		seen[c.ID] = true
		nick, err := stgypub.CheckNickname(c.Nickname, stgypub.CommentNicknameDBMaxChars)
		if err != nil {
			return 0, stgypub.Errorf(stgypub.CodeBadUserInput, "comments[%d]: %s", i, stgypub.ErrorMessage(err))
		}
		// The column holds the final LF too.
		body, err := stgypub.CheckBody(c.Body, stgypub.CommentBodyDBMaxChars-1)
		if err != nil {
			return 0, stgypub.Errorf(stgypub.CodeBadUserInput, "comments[%d]: %s", i, stgypub.ErrorMessage(err))
		}
		if c.Status != stgypub.CommentPending && c.Status != stgypub.CommentPublished {
			return 0, stgypub.Errorf(stgypub.CodeBadUserInput, "comments[%d]: status must be pending or published", i)
		}
		cs[i] = &stgypub.Comment{ID: c.ID, PostID: postID, Nickname: nick, Body: body, Status: c.Status, IsAuthor: c.IsAuthor}
	}
	if len(cs) == 0 {
		return 0, nil
	}
	if err := s.store.ImportComments(ctx, postID, cs); err != nil {
		if code := stgypub.ErrorCode(err); code == stgypub.CodeConflict || code == stgypub.CodeNotFound {
			return 0, err
		}
		return 0, fmt.Errorf("comment: import: %w", err)
	}
	s.invalidate(ctx, postID)
	return len(cs), nil
}
