package graph

import (
	"context"
	"encoding/base64"
	"fmt"
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
	statsCursorTag   = "s2:"
)

// statsPageArgs are Stats.postsPage's arguments.
type statsPageArgs struct {
	first, last   *int
	after, before *string
	sort          *model.PostStatsSort
	days          *int
}

// statsOrders maps the API's sorts to the domain's orders.
var statsOrders = map[model.PostStatsSort]stgypub.StatsOrder{
	model.PostStatsSortPvDesc:        {Key: stgypub.StatsSortViews, Desc: true},
	model.PostStatsSortPvAsc:         {Key: stgypub.StatsSortViews},
	model.PostStatsSortPublishedDesc: {Key: stgypub.StatsSortPublished, Desc: true},
	model.PostStatsSortPublishedAsc:  {Key: stgypub.StatsSortPublished},
	model.PostStatsSortTitleAsc:      {Key: stgypub.StatsSortTitle},
	model.PostStatsSortTitleDesc:     {Key: stgypub.StatsSortTitle, Desc: true},
	model.PostStatsSortIDAsc:         {Key: stgypub.StatsSortID},
	model.PostStatsSortIDDesc:        {Key: stgypub.StatsSortID, Desc: true},
}

// statsPage is Stats.postsPage: st's rows over the period in sort order,
// first of them after the cursor (or last of them before it). titles are
// every row's titles when the sort is by title (nil otherwise: then only
// the page's titles are read, by PostStats.title). Only the page is
// copied into the response.
func statsPage(st *stgypub.Stats, a statsPageArgs, titles map[stgypub.ID]string) (*model.PostStatsConnection, error) {
	if (a.first != nil || a.after != nil) && (a.last != nil || a.before != nil) {
		return nil, stgypub.FieldErrorf("last", "use first/after or last/before, not both")
	}
	n, err := statsPageSize(a.first, "first")
	if err == nil && a.last != nil {
		n, err = statsPageSize(a.last, "last")
	}
	if err != nil {
		return nil, err
	}
	by := model.PostStatsSortPvDesc
	if a.sort != nil {
		by = *a.sort
	}
	order, ok := statsOrders[by]
	if !ok {
		return nil, stgypub.FieldErrorf("sort", "unknown sort %q", by)
	}
	days := 0
	if a.days != nil {
		if days = *a.days; days == 0 {
			days = -1 // 0 is out of range here, not "the window"
		}
	}
	if days, err = stgypub.StatsPeriod(st, days, "days"); err != nil {
		return nil, err
	}
	rows := stgypub.StatsRows(st, days, titles)
	if by != model.PostStatsSortPvDesc || days != st.Days {
		stgypub.SortStatsRows(rows, order) // st.Posts is already PV_DESC over the window
	}
	start, end := 0, len(rows)
	if cur := a.after; cur != nil || a.before != nil {
		field := "after"
		if cur == nil {
			cur, field = a.before, "before"
		}
		key, ok := decodeStatsCursor(*cur, by, days)
		if !ok {
			return nil, stgypub.FieldErrorf(field, "%s is not a cursor of this list (use a cursor or endCursor this API returned with the same sort and days)", field)
		}
		// The cursor's position found by keyset, so rows that moved or
		// left since do not shift the page.
		cmpRows := order.Comparer()
		i, found := slices.BinarySearchFunc(rows, key, func(r, k stgypub.StatsRow) int { return cmpRows(&r, &k) })
		if field == "after" {
			if found {
				i++
			}
			start = i
		} else {
			end = i
		}
	}
	if a.last != nil || a.before != nil {
		start = max(0, end-n)
	} else {
		end = min(start+n, len(rows))
	}
	conn := &model.PostStatsConnection{
		TotalCount: len(st.Posts),
		Nodes:      make([]*stgypub.PostStats, 0, end-start),
		Edges:      make([]*model.PostStatsEdge, 0, end-start),
		PageInfo:   &model.PageInfo{HasNextPage: end < len(rows), HasPreviousPage: start > 0},
	}
	for i := range rows {
		conn.MaxPv = max(conn.MaxPv, int(rows[i].Views))
		for _, d := range rows[i].Daily {
			conn.MaxDayPv = max(conn.MaxDayPv, int(d.PV))
		}
	}
	for i := start; i < end; i++ {
		row := &rows[i]
		conn.Nodes = append(conn.Nodes, row.Post)
		conn.Edges = append(conn.Edges, &model.PostStatsEdge{Cursor: encodeStatsCursor(row, by, days), Node: row.Post, PeriodPv: int(row.Views)})
	}
	if k := len(conn.Edges); k > 0 {
		conn.PageInfo.StartCursor, conn.PageInfo.EndCursor = &conn.Edges[0].Cursor, &conn.Edges[k-1].Cursor
	}
	return conn, nil
}

// statsPageSize is first or last clamped to maxStatsPage; below 1 is
// BAD_USER_INPUT.
func statsPageSize(v *int, field string) (int, error) {
	if v == nil {
		return defaultStatsPage, nil
	}
	if *v < 1 {
		return 0, stgypub.FieldErrorf(field, "%s must be at least 1", field)
	}
	return min(*v, maxStatsPage), nil
}

// encodeStatsCursor is the cursor of row: base64url of "s2:", the sort,
// the period, the row's ID and its sort value (views, publication µs or
// the title; the ID alone for the ID sorts).
func encodeStatsCursor(row *stgypub.StatsRow, by model.PostStatsSort, days int) string {
	var v string
	switch statsOrders[by].Key {
	case stgypub.StatsSortTitle:
		v = row.Title
	case stgypub.StatsSortPublished:
		v = strconv.FormatInt(stgypub.PublishedMicros(row.Post), 10)
	default:
		v = strconv.FormatInt(row.Views, 10)
	}
	return base64.RawURLEncoding.EncodeToString([]byte(statsCursorTag + string(by) + ":" + strconv.Itoa(days) + ":" + row.Post.ID.String() + ":" + v))
}

// decodeStatsCursor reads a cursor of encodeStatsCursor for sort by and
// period days into a row holding its position.
func decodeStatsCursor(s string, by model.PostStatsSort, days int) (stgypub.StatsRow, bool) {
	b, err := base64.RawURLEncoding.DecodeString(s)
	if err != nil || !strings.HasPrefix(string(b), statsCursorTag) {
		return stgypub.StatsRow{}, false
	}
	parts := strings.SplitN(strings.TrimPrefix(string(b), statsCursorTag), ":", 4)
	if len(parts) != 4 || parts[0] != string(by) || parts[1] != strconv.Itoa(days) {
		return stgypub.StatsRow{}, false
	}
	id, err := stgypub.ParseID(parts[2])
	if err != nil {
		return stgypub.StatsRow{}, false
	}
	row := stgypub.StatsRow{Post: &stgypub.PostStats{ID: id}}
	switch statsOrders[by].Key {
	case stgypub.StatsSortTitle:
		row.Title = parts[3]
		return row, true
	case stgypub.StatsSortID:
		return row, true
	}
	v, err := strconv.ParseInt(parts[3], 10, 64)
	if err != nil {
		return stgypub.StatsRow{}, false
	}
	if statsOrders[by].Key == stgypub.StatsSortPublished {
		if v != stgypub.UnpublishedMicros {
			t := time.UnixMicro(v).UTC()
			row.Post.PublishedAt = &t
		}
		return row, true
	}
	row.Views = v
	return row, true
}

// statsPost is Stats.post: id's row, nil when it is not in st.
func statsPost(st *stgypub.Stats, id stgypub.ID) *stgypub.PostStats {
	for i := range st.Posts {
		if st.Posts[i].ID == id {
			return &st.Posts[i]
		}
	}
	return nil
}

// statsPage reads every row's title first when the sort is by title (one
// statement for all of them), then pages.
func (r *Resolver) statsPage(ctx context.Context, st *stgypub.Stats, a statsPageArgs) (*model.PostStatsConnection, error) {
	var titles map[stgypub.ID]string
	if a.sort != nil && statsOrders[*a.sort].Key == stgypub.StatsSortTitle && r.Titles != nil && len(st.Posts) > 0 {
		ids := make([]stgypub.ID, len(st.Posts))
		for i := range st.Posts {
			ids[i] = st.Posts[i].ID
		}
		var err error
		if titles, err = r.Titles.PostTitles(ctx, ids); err != nil {
			return nil, fmt.Errorf("graph: stats titles of %s: %w", st.OwnerID, err)
		}
	}
	return statsPage(st, a, titles)
}
