package graph

import (
	"errors"
	"strconv"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/comment"
	"github.com/stgy/stgypub/graph/model"
)

// precondition reads a mutation's optional ifVersion argument
// (stgypub.ParsePrecondition; docs/API.md "Versions and conflicts").
func precondition(token *string) (stgypub.Precondition, error) {
	return stgypub.ParsePrecondition("ifVersion", token)
}

// bulkRefs converts a bulk moderation's items; a malformed ifVersion is
// BAD_USER_INPUT naming the item ("items.2.ifVersion") and nothing is done.
func bulkRefs(items []*model.PubCommentRef) ([]comment.BulkRef, error) {
	refs := make([]comment.BulkRef, len(items))
	for i, it := range items {
		pre, err := stgypub.ParsePrecondition("items."+strconv.Itoa(i)+".ifVersion", it.IfVersion)
		if err != nil {
			return nil, err
		}
		refs[i] = comment.BulkRef{ID: it.ID, Pre: pre}
	}
	return refs, nil
}

// bulkResults converts a bulk moderation's results. A refusal of one item
// (any code but INTERNAL and UNAVAILABLE) is that item's result; a
// failure of the server fails the whole field.
func bulkResults(rs []comment.BulkResult, err error) ([]*model.PubCommentBulkResult, error) {
	if err != nil {
		return nil, err
	}
	out := make([]*model.PubCommentBulkResult, len(rs))
	for i, r := range rs {
		res := &model.PubCommentBulkResult{ID: r.ID, Ok: r.Err == nil, Comment: r.Item}
		if r.Err != nil {
			code := stgypub.ErrorCode(r.Err)
			if code == stgypub.CodeInternal || stgypub.IsUnavailable(r.Err) {
				return nil, r.Err
			}
			msg := stgypub.ErrorMessage(r.Err)
			res.Code, res.Message = &code, &msg
			if se := (*stgypub.Error)(nil); errors.As(r.Err, &se) {
				if v, ok := se.Details["currentVersion"].(string); ok {
					res.CurrentVersion = &v
				}
			}
		}
		out[i] = res
	}
	return out, nil
}
