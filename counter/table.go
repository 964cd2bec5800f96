package counter

import "github.com/stgy/stgypub"

// dailyTable is one owner's PV per (post, window day): a row of days values
// per post, all rows in one slice, so a 10,000-post window is three
// allocations rather than a map of slices (docs/SPEC.md#stats: max per
// post/date pair, then the sum).
type dailyTable struct {
	days int
	rows map[stgypub.ID]int32 // post → row
	ids  []stgypub.ID         // row → post
	pv   []int64              // row-major: pv[row*days+day]
}

// newDailyTable returns an empty table for a window of days days, sized
// for about hint posts.
func newDailyTable(days, hint int) *dailyTable {
	return &dailyTable{
		days: days,
		rows: make(map[stgypub.ID]int32, hint),
		ids:  make([]stgypub.ID, 0, hint),
		pv:   make([]int64, 0, hint*days),
	}
}

// raise sets the post's value on day to max(current, pv): the merge rule
// for Redis against PostgreSQL, never a sum.
func (t *dailyTable) raise(day int, post stgypub.ID, pv int64) {
	r, ok := t.rows[post]
	if !ok {
		r = int32(len(t.ids))
		t.rows[post] = r
		t.ids = append(t.ids, post)
		t.pv = append(t.pv, make([]int64, t.days)...)
	}
	p := &t.pv[int(r)*t.days+day]
	*p = max(*p, pv)
}

// len is the number of posts.
func (t *dailyTable) len() int { return len(t.ids) }

// series is row r's values, oldest day first (a view into the table).
func (t *dailyTable) series(r int) []int64 { return t.pv[r*t.days : (r+1)*t.days] }

// row returns the post's row, or -1.
func (t *dailyTable) row(post stgypub.ID) int {
	if r, ok := t.rows[post]; ok {
		return int(r)
	}
	return -1
}

// totals returns every post's PV summed over the window, in row order.
func (t *dailyTable) totals() []stgypub.RankingEntry {
	out := make([]stgypub.RankingEntry, len(t.ids))
	for r, id := range t.ids {
		var sum int64
		for _, v := range t.series(r) {
			sum += v
		}
		out[r] = stgypub.RankingEntry{ID: id, PV: sum}
	}
	return out
}
