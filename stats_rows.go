package stgypub

import (
	"cmp"
	"slices"

	"golang.org/x/text/collate"
	"golang.org/x/text/language"
)

// StatsSortKey is a column the Stats rows sort by (docs/SPEC.md#stats):
// the period's page views, the title, the publication time or the ID.
type StatsSortKey string

// The Stats sort keys.
const (
	StatsSortViews     StatsSortKey = "views"
	StatsSortTitle     StatsSortKey = "title"
	StatsSortPublished StatsSortKey = "published"
	StatsSortID        StatsSortKey = "id"
)

// StatsOrder is an order of Stats rows: a key, descending or not; ties
// always go by ID ascending (the ID key itself follows Desc), so the order
// is total and a keyset cursor names one position in it.
type StatsOrder struct {
	Key  StatsSortKey
	Desc bool
}

// StatsRow is one post of the owner's Stats seen over a period: the row,
// its title as the owners' app shows it (the title, else the digest), its
// page views over the period's last days and those days' series.
type StatsRow struct {
	Post  *PostStats
	Title string
	Views int64
	Daily []DayPV
}

// StatsPeriod checks a Stats period of days (the last days UTC days,
// today included) against the window of st: 0 means the whole window;
// anything outside 1..st.Days is BAD_USER_INPUT on field.
func StatsPeriod(st *Stats, days int, field string) (int, error) {
	if days == 0 {
		return st.Days, nil
	}
	if days < 1 || days > st.Days {
		return 0, FieldErrorf(field, "%s must be between 1 and %d (the retention window in days)", field, st.Days)
	}
	return days, nil
}

// StatsRows returns st's rows over the last days days (1..st.Days, see
// StatsPeriod) in st's order (PV over the window descending), with titles
// from titles (nil: the digest stands in for every title). Views and
// Daily are the period's; Post is st's row, shared: do not modify it.
func StatsRows(st *Stats, days int, titles map[ID]string) []StatsRow {
	rows := make([]StatsRow, len(st.Posts))
	for i := range st.Posts {
		p := &st.Posts[i]
		d := p.Daily[max(0, len(p.Daily)-days):]
		var v int64
		for _, x := range d {
			v += x.PV
		}
		title := titles[p.ID]
		if title == "" {
			title = p.Digest
		}
		rows[i] = StatsRow{Post: p, Title: title, Views: v, Daily: d}
	}
	return rows
}

// SortStatsRows sorts rows in order o (stable and total: ties by ID).
// Titles compare by the Unicode Collation Algorithm's root order, as a
// browser's Intl.Collator does for most languages.
func SortStatsRows(rows []StatsRow, o StatsOrder) {
	cmpRows := o.Comparer()
	slices.SortFunc(rows, func(a, b StatsRow) int { return cmpRows(&a, &b) })
}

// Comparer returns o's comparison of two rows (negative when a comes
// first). The comparer of a title order is not safe for concurrent use.
func (o StatsOrder) Comparer() func(a, b *StatsRow) int {
	sign := 1
	if o.Desc {
		sign = -1
	}
	var key func(a, b *StatsRow) int
	switch o.Key {
	case StatsSortTitle:
		coll := collate.New(language.Und)
		key = func(a, b *StatsRow) int {
			if c := coll.CompareString(a.Title, b.Title); c != 0 {
				return c
			}
			return cmp.Compare(a.Title, b.Title) // collation ties: by code points
		}
	case StatsSortPublished:
		key = func(a, b *StatsRow) int { return cmp.Compare(PublishedMicros(a.Post), PublishedMicros(b.Post)) }
	case StatsSortID:
		key = func(a, b *StatsRow) int { return cmp.Compare(a.Post.ID, b.Post.ID) }
	default:
		key = func(a, b *StatsRow) int { return cmp.Compare(a.Views, b.Views) }
	}
	return func(a, b *StatsRow) int {
		if c := key(a, b); c != 0 {
			return sign * c
		}
		return cmp.Compare(a.Post.ID, b.Post.ID)
	}
}

// UnpublishedMicros is PublishedMicros of a post never published: before
// every publication time.
const UnpublishedMicros = -1 << 62

// PublishedMicros is p's publication time in Unix microseconds, or
// UnpublishedMicros when p has none.
func PublishedMicros(p *PostStats) int64 {
	if p.PublishedAt == nil {
		return UnpublishedMicros
	}
	return p.PublishedAt.UnixMicro()
}
