package store

import (
	"context"
	"fmt"

	"github.com/uptrace/bun/dialect/pgdialect"

	"github.com/stgy/stgypub"
)

var sqlPostSnippets = sqlText("post_snippets", `SELECT id, snippet FROM posts WHERE id = ANY($1::bigint[])`)

// PostTitles returns the titles (stgypub.SummarizeSnippet of the stored
// snippet: first heading, else first line; "" for an empty body) of the
// posts among ids, in any publication state, read by primary key in one
// statement. Unknown IDs are left out.
func (s *Store) PostTitles(ctx context.Context, ids []stgypub.ID) (map[stgypub.ID]string, error) {
	out := make(map[stgypub.ID]string, len(ids))
	if len(ids) == 0 {
		return out, nil
	}
	var rows []struct {
		ID      int64  `bun:"id"`
		Snippet string `bun:"snippet"`
	}
	err := sqlPostSnippets.raw(s.DB, pgdialect.Array(toInt64s(ids))).Scan(ctx, &rows)
	if err != nil {
		return nil, fmt.Errorf("store: post titles: %w", err)
	}
	for _, r := range rows {
		out[stgypub.ID(r.ID)] = stgypub.SummarizeSnippet(r.Snippet).Title
	}
	return out, nil
}
