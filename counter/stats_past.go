package counter

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"time"

	"github.com/stgy/stgypub"
)

// The closed days of a Stats window (every day but today) change only
// when views of yesterday land late (a queue drained after midnight) or an
// import books totals on them (ImportViews drops the snapshot). So Stats
// keeps those days pre-aggregated: once per owner and window, the merged
// (Redis max PostgreSQL) values of the closed days are stored in Redis as
// one compact blob (statsPastKey); a Stats miss then reads that blob and
// today's Hash and checkpoints only, instead of every day of the window.
const (
	// statsPastGrace is how long after midnight UTC the day before is
	// still open: no snapshot is read or written before it (queued views
	// of yesterday land within it).
	statsPastGrace = 10 * time.Minute
	// statsPastTTL bounds a snapshot's life: a late change to a closed day
	// that no import announced (views queued through a Redis outage that
	// spanned midnight) shows within it.
	statsPastTTL = time.Hour
	// statsPastVersion tags the blob's format.
	statsPastVersion = 1
)

// statsPastKey is owner's snapshot of the window starting on first
// (YYYYMMDD): a new day is a new key, so the snapshot never covers a day
// that was still open when it was written.
func (k keyspace) statsPastKey(owner stgypub.ID, first time.Time) string {
	return k.key(statsKind, owner, []byte("past:"+first.Format(dayLayout)))
}

// statsPastUsable reports whether the closed days of the window ending on
// today (midnight UTC) may be read from or written to a snapshot now.
func (o *ownerStats) statsPastUsable(today time.Time) bool {
	return o.cfg.Now().Sub(today) >= statsPastGrace
}

// encodeStatsPast is the snapshot of t's first days-1 columns: version,
// columns, rows, then per row the post ID and its values, as uvarints.
// Rows without views on the closed days are left out.
func encodeStatsPast(t *dailyTable) []byte {
	cols := t.days - 1
	b := make([]byte, 0, 16+t.len()*(8+cols*2))
	b = binary.AppendUvarint(b, statsPastVersion)
	b = binary.AppendUvarint(b, uint64(cols))
	n := 0
	for r := range t.ids {
		for _, v := range t.series(r)[:cols] {
			if v > 0 {
				n++
				break
			}
		}
	}
	b = binary.AppendUvarint(b, uint64(n))
	for r, id := range t.ids {
		s := t.series(r)[:cols]
		empty := true
		for _, v := range s {
			if v > 0 {
				empty = false
				break
			}
		}
		if empty {
			continue
		}
		b = binary.AppendUvarint(b, uint64(id))
		for _, v := range s {
			b = binary.AppendUvarint(b, uint64(max(v, 0)))
		}
	}
	return b
}

var errStatsPast = errors.New("counter: stats snapshot of another format")

// decodeStatsPast rebuilds a table of days columns from a snapshot of its
// first days-1 (the last column, today, is zeros); another format or
// window length is an error (the snapshot is not used).
func decodeStatsPast(b []byte, days int) (*dailyTable, error) {
	next := func() (uint64, bool) {
		v, n := binary.Uvarint(b)
		if n <= 0 {
			return 0, false
		}
		b = b[n:]
		return v, true
	}
	ver, ok1 := next()
	cols, ok2 := next()
	rows, ok3 := next()
	if !ok1 || !ok2 || !ok3 || ver != statsPastVersion || int(cols) != days-1 || rows > uint64(len(b)) {
		return nil, errStatsPast
	}
	t := newDailyTable(days, int(rows))
	for range rows {
		id, ok := next()
		if !ok {
			return nil, errStatsPast
		}
		r := int32(len(t.ids))
		t.rows[stgypub.ID(id)] = r
		t.ids = append(t.ids, stgypub.ID(id))
		t.pv = append(t.pv, make([]int64, days)...)
		s := t.pv[int(r)*days : int(r)*days+days-1]
		for j := range s {
			v, ok := next()
			if !ok {
				return nil, errStatsPast
			}
			s[j] = int64(v)
		}
	}
	if len(b) != 0 || len(t.ids) != len(t.rows) {
		return nil, errStatsPast
	}
	return t, nil
}

// statsTable is the owner's merged table of the window days: from the
// closed days' snapshot plus today's Hash and checkpoints when usePast is
// set and a snapshot is usable (snapshot true), else from every day's Hash
// and checkpoints (the raw figures a snapshot is written from).
// Redis and PostgreSQL are read at the same time. A Redis failure is set
// in *redisErr (the table is then the checkpoints alone); err is any
// other failure.
func (o *ownerStats) statsTable(ctx context.Context, owner stgypub.ID, days []time.Time, redisErr *error, usePast bool) (t *dailyTable, snapshot bool, err error) {
	n := len(days)
	if usePast && *redisErr == nil && n > 1 && o.statsPastUsable(days[n-1]) {
		if b, err := o.rdb.Get(ctx, o.keys.statsPastKey(owner, days[0])).Bytes(); err == nil {
			t, err = decodeStatsPast(b, n)
			snapshot = err == nil
		}
	}
	cpDays, offset := days, 0
	if snapshot {
		cpDays, offset = days[n-1:], n-1
	}
	type cpResult struct {
		rows []dayCount
		err  error
	}
	cpc := make(chan cpResult, 1)
	read := cpDays
	go func() {
		rows, err := ownerCheckpoints(ctx, o.cps, owner, read)
		cpc <- cpResult{rows, err}
	}()
	if *redisErr == nil {
		if snapshot {
			var today *dailyTable
			if today, err = o.daily.readWindow(ctx, owner, days[n-1:]); err == nil {
				for r, id := range today.ids {
					t.raise(n-1, id, today.pv[r])
				}
			}
		} else {
			t, err = o.daily.readWindow(ctx, owner, days)
		}
		if err != nil && stgypub.IsUnavailable(err) {
			*redisErr, err, snapshot = err, nil, false
		}
	}
	if *redisErr != nil {
		t = newDailyTable(n, 0)
		cpDays, offset = days, 0
	}
	cp := <-cpc
	if err != nil {
		return nil, false, err
	}
	if cp.err != nil {
		return nil, false, fmt.Errorf("counter: stats checkpoints of %s: %w", owner, cp.err)
	}
	if len(read) != n && *redisErr != nil {
		// Redis failed after the snapshot was read: every day from the
		// checkpoints, as without a snapshot.
		rows, err := ownerCheckpoints(ctx, o.cps, owner, days)
		if err != nil {
			return nil, false, fmt.Errorf("counter: stats checkpoints of %s: %w", owner, err)
		}
		cp.rows = rows
	}
	for _, r := range cp.rows {
		t.raise(offset+int(r.day), r.post, r.count) // max with Redis, never a sum
	}
	return t, snapshot, nil
}
