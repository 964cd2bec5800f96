package store

import (
	"context"
	"fmt"
	"strings"

	"github.com/stgy/stgypub"
)

// SearchQueryMaxChars bounds a search query, in Unicode code points.
const SearchQueryMaxChars = 200

// likeEscaper makes a user string match itself literally in LIKE/ILIKE
// with ESCAPE '\'.
var likeEscaper = strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`)

// The search statements (query/search.gotxt, query/search_count.gotxt) narrow to the user's
// published posts first, through the owner index, and only then run ILIKE
// over those posts' plain text, so a search costs in proportion to the
// site, not to the whole service.
var (
	sqlSearchNewest = sqlTemplate("search_newest", "search", variant{})
	sqlSearchOldest = sqlTemplate("search_oldest", "search", variant{Oldest: true})
	sqlSearchCount  = sqlTemplate("search_count", "search_count", variant{})
)

// searchRow is a postRow plus the window total.
type searchRow struct {
	postRow
	Total int `bun:"total"`
}

// SearchPublished finds a user's published posts whose plain text contains
// query as a case-insensitive substring (ILIKE, so any script works,
// Japanese included; % _ \ match themselves), canonically equivalent
// spellings alike (the query is normalized by stgypub.NormalizeQuery, the
// plain text is stored in NFC), ordered by (published_at, id)
// as q says, with PlainText loaded and Content not. total counts every
// match. An empty (after trimming) or over-long query, or bad paging, is
// BAD_USER_INPUT.
func (s *Posts) SearchPublished(ctx context.Context, userID stgypub.ID, query string, q stgypub.PostQuery) ([]*stgypub.Post, int, error) {
	query = stgypub.NormalizeQuery(query)
	if query == "" {
		return nil, 0, stgypub.Errorf(stgypub.CodeBadUserInput, "search query must not be empty")
	}
	if err := stgypub.CheckText("query", query, SearchQueryMaxChars); err != nil {
		return nil, 0, err
	}
	st, err := byOrder(q, sqlSearchNewest, sqlSearchOldest)
	if err != nil {
		return nil, 0, err
	}
	pattern := "%" + likeEscaper.Replace(query) + "%"
	var rows []searchRow
	err = st.raw(s.DB, int64(userID), s.Now(), pattern, q.Offset, q.Limit).Scan(ctx, &rows)
	if err != nil {
		return nil, 0, fmt.Errorf("store: search posts of %s: %w", userID, err)
	}
	if len(rows) == 0 {
		if q.Offset == 0 {
			return []*stgypub.Post{}, 0, nil
		}
		// The window total is lost when the page is past the end.
		total, err := s.countSearch(ctx, userID, pattern)
		return []*stgypub.Post{}, total, err
	}
	posts := make([]*stgypub.Post, len(rows))
	for i := range rows {
		posts[i] = rows[i].toDomain()
	}
	return posts, rows[0].Total, nil
}

func (s *Posts) countSearch(ctx context.Context, userID stgypub.ID, pattern string) (int, error) {
	var n int
	err := sqlSearchCount.raw(s.DB, int64(userID), s.Now(), pattern).Scan(ctx, &n)
	if err != nil {
		return 0, fmt.Errorf("store: count search of %s: %w", userID, err)
	}
	return n, nil
}
