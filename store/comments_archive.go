package store

import (
	"context"
	"fmt"

	"github.com/uptrace/bun"
	"github.com/uptrace/bun/dialect/pgdialect"

	"github.com/stgy/stgypub"
)

// commentImportSQL UPSERTs a batch of comments with explicit IDs onto post
// ?0: an ID already on this post is updated, an ID on another post is left
// alone and missing from RETURNING (the caller reports CONFLICT).
var sqlCommentImport = sqlFile("comment_import")

// ImportComments restores comments with explicit IDs, status and
// is_author onto a post in one transaction (no cap, mode or notification:
// docs/SPEC.md "Comments"): an ID already on this post is updated, an ID
// on another post is CONFLICT and nothing is written. The caller
// normalizes the text and rejects duplicate IDs in cs. NOT_FOUND for an
// unknown post. It moves the owner's site change time.
func (s *Comments) ImportComments(ctx context.Context, postID stgypub.ID, cs []*stgypub.Comment) error {
	ids := make([]int64, len(cs))
	nicks := make([]string, len(cs))
	bodies := make([]string, len(cs))
	statuses := make([]string, len(cs))
	authors := make([]bool, len(cs))
	for i, c := range cs {
		ids[i], nicks[i], bodies[i], statuses[i], authors[i] = int64(c.ID), c.Nickname, c.Body, string(c.Status), c.IsAuthor
	}
	return s.siteTx(ctx, func(ctx context.Context, tx bun.Tx, touch func(...stgypub.ID) error) error {
		t, err := commentTarget(ctx, tx, postID, sqlCommentTargetLock)
		if err != nil {
			return err
		}
		var got []int64
		err = sqlCommentImport.raw(tx, int64(postID), pgdialect.Array(ids), pgdialect.Array(nicks),
			pgdialect.Array(bodies), pgdialect.Array(statuses), pgdialect.Array(authors)).Scan(ctx, &got)
		if err != nil {
			return fmt.Errorf("store: import comments: %w", err)
		}
		if len(got) < len(ids) {
			done := make(map[int64]bool, len(got))
			for _, id := range got {
				done[id] = true
			}
			for _, id := range ids {
				if !done[id] {
					return stgypub.Errorf(stgypub.CodeConflict, "comment %s belongs to another post", stgypub.ID(id))
				}
			}
		}
		return touch(t.Post.OwnedBy)
	})
}
