package graph

import (
	"cmp"
	"encoding/base64"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/graph/model"
)

// Paging of Stats.postsPage (docs/API.md "Stats"): a page of at most
// maxStatsPage rows, 50 by default.
const (
	defaultStatsPage = 50
	maxStatsPage     = 200
	statsCursorTag   = "s1:"
)

// statsPage is Stats.postsPage: st's rows in sort order, first of them
// after the cursor. The rows are st.Posts (already in PV order); only the
// page is copied into the response.
func statsPage(st *stgypub.Stats, first *int, after *string, sort *model.PostStatsSort) (*model.PostStatsConnection, error) {
	n := defaultStatsPage
	if first != nil {
		if *first < 1 {
			return nil, stgypub.FieldErrorf("first", "first must be at least 1")
		}
		n = min(*first, maxStatsPage)
	}
	by := model.PostStatsSortPvDesc
	if sort != nil {
		by = *sort
	}
	rows := st.Posts
	if by == model.PostStatsSortPublishedDesc {
		rows = slices.Clone(rows)
		slices.SortFunc(rows, func(a, b stgypub.PostStats) int { return comparePublished(&a, &b) })
	}
	start := 0
	if after != nil {
		c, ok := decodeStatsCursor(*after, by)
		if !ok {
			return nil, stgypub.FieldErrorf("after", "after is not a cursor of this list (use a cursor or endCursor this API returned)")
		}
		// The first row after the cursor's position, found by keyset, so
		// rows that moved or left since do not shift the page.
		start, _ = slices.BinarySearchFunc(rows, c, func(r stgypub.PostStats, c stgypub.PostStats) int {
			if by == model.PostStatsSortPublishedDesc {
				return comparePublished(&r, &c)
			}
			return comparePV(&r, &c)
		})
		if start < len(rows) && rows[start].ID == c.ID {
			start++
		}
	}
	end := min(start+n, len(rows))
	conn := &model.PostStatsConnection{
		TotalCount: len(st.Posts),
		Nodes:      make([]*stgypub.PostStats, 0, end-start),
		Edges:      make([]*model.PostStatsEdge, 0, end-start),
		PageInfo:   &model.PageInfo{HasNextPage: end < len(rows), HasPreviousPage: start > 0},
	}
	for i := start; i < end; i++ {
		row := &rows[i]
		cur := encodeStatsCursor(row, by)
		conn.Nodes = append(conn.Nodes, row)
		conn.Edges = append(conn.Edges, &model.PostStatsEdge{Cursor: cur, Node: row})
	}
	if k := len(conn.Edges); k > 0 {
		conn.PageInfo.StartCursor, conn.PageInfo.EndCursor = &conn.Edges[0].Cursor, &conn.Edges[k-1].Cursor
	}
	return conn, nil
}

// comparePV is the PV_DESC order: PV descending, then ID ascending (the
// order of Stats.posts).
func comparePV(a, b *stgypub.PostStats) int {
	if c := cmp.Compare(b.PV, a.PV); c != 0 {
		return c
	}
	return cmp.Compare(a.ID, b.ID)
}

// comparePublished is the PUBLISHED_DESC order: newest publication first,
// unpublished (nil) last, then ID descending.
func comparePublished(a, b *stgypub.PostStats) int {
	at, bt := publishedMicros(a), publishedMicros(b)
	if c := cmp.Compare(bt, at); c != 0 {
		return c
	}
	return cmp.Compare(b.ID, a.ID)
}

func publishedMicros(p *stgypub.PostStats) int64 {
	if p.PublishedAt == nil {
		return -1 << 62
	}
	return p.PublishedAt.UnixMicro()
}

// encodeStatsCursor is the cursor just after row: base64url of "s1:",
// the sort, the row's sort value (PV or publication µs) and its ID.
func encodeStatsCursor(row *stgypub.PostStats, by model.PostStatsSort) string {
	v := row.PV
	if by == model.PostStatsSortPublishedDesc {
		v = publishedMicros(row)
	}
	return base64.RawURLEncoding.EncodeToString([]byte(statsCursorTag + string(by) + ":" + strconv.FormatInt(v, 10) + ":" + row.ID.String()))
}

// decodeStatsCursor reads a cursor of encodeStatsCursor for sort by into
// a row holding its position.
func decodeStatsCursor(s string, by model.PostStatsSort) (stgypub.PostStats, bool) {
	b, err := base64.RawURLEncoding.DecodeString(s)
	if err != nil {
		return stgypub.PostStats{}, false
	}
	parts := strings.Split(strings.TrimPrefix(string(b), statsCursorTag), ":")
	if !strings.HasPrefix(string(b), statsCursorTag) || len(parts) != 3 || parts[0] != string(by) {
		return stgypub.PostStats{}, false
	}
	v, err := strconv.ParseInt(parts[1], 10, 64)
	if err != nil {
		return stgypub.PostStats{}, false
	}
	id, err := stgypub.ParseID(parts[2])
	if err != nil {
		return stgypub.PostStats{}, false
	}
	row := stgypub.PostStats{ID: id, PV: v}
	if by == model.PostStatsSortPublishedDesc && v != -1<<62 {
		t := time.UnixMicro(v).UTC()
		row.PublishedAt = &t
	}
	return row, true
}
