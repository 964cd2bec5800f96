package store

import (
	"context"
	"fmt"

	"github.com/stgy/stgypub"
)

// Owner-wide comment statements: the comments on every post of $1 whose
// status is $2 (the empty string for any), through the posts' owner index and the
// comments' (post_id, id) index.
var (
	sqlOwnerCommentCount = sqlText("owner_comment_count", `SELECT count(*) FROM post_pub_comments c
JOIN posts p ON p.id = c.post_id
WHERE p.owned_by = $1 AND ($2 = '' OR c.status = $2)`)
	sqlOwnerCommentsOldest = sqlTemplate("owner_comments_oldest", "owner_comments", variant{Oldest: true})
	sqlOwnerCommentsNewest = sqlTemplate("owner_comments_newest", "owner_comments", variant{})
)

// OwnerComments returns the comments on every post of ownerID (any post
// state) with status q.Status ("" for all), by ID (creation) in q.Order,
// q.Limit from q.Offset, and how many match. BAD_USER_INPUT for a
// negative offset or a limit outside 1..stgypub.OwnerCommentsMaxLimit.
func (s *Comments) OwnerComments(ctx context.Context, ownerID stgypub.ID, q stgypub.OwnerCommentQuery) (*stgypub.CommentPage, error) {
	if q.Offset < 0 || q.Limit < 1 || q.Limit > stgypub.OwnerCommentsMaxLimit {
		return nil, stgypub.Errorf(stgypub.CodeBadUserInput, "offset must be >= 0 and limit 1-%d", stgypub.OwnerCommentsMaxLimit)
	}
	out := &stgypub.CommentPage{}
	status := string(q.Status)
	if err := sqlOwnerCommentCount.raw(s.DB, int64(ownerID), status).Scan(ctx, &out.TotalCount); err != nil {
		return nil, fmt.Errorf("store: count comments of owner %s: %w", ownerID, err)
	}
	st := sqlOwnerCommentsNewest
	if q.Order == stgypub.OrderOldest {
		st = sqlOwnerCommentsOldest
	}
	var rows []commentRow
	if q.Offset < out.TotalCount {
		if err := st.raw(s.DB, int64(ownerID), status, q.Limit, q.Offset).Scan(ctx, &rows); err != nil {
			return nil, fmt.Errorf("store: comments of owner %s: %w", ownerID, err)
		}
	}
	out.Items = commentsToDomain(rows)
	return out, nil
}
