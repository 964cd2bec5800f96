package store

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"github.com/stgy/stgypub"
)

// sqlOwnerCheckpointsAgg returns every matching row in ONE row of three
// parallel integer arrays (post IDs, days after from, counts). A plain
// array_agg costs PostgreSQL about what sending the rows would, while the
// driver's per-row overhead (about 1.6 µs a row with pgdriver, 240 ms for
// 150,000 rows) goes; string_agg costs the server twice as much and GROUP
// BY post_id needs a hash aggregate.
var sqlOwnerCheckpointsAgg = sqlFile("owner_checkpoints_agg")

// EachOwnerCheckpoint streams the owner's checkpoints with from <= date <= to
// (UTC dates) to f as (post, day, count), where day is the number of UTC days
// after from (0 for from itself), through the (owner_id, target_date) index
// (docs/SPEC.md#stats), in no particular order. It is OwnerCheckpoints
// without a row, a Checkpoint or a time.Time per checkpoint: an owner with
// 10,000 posts viewed on 15 days has about 150,000 of them. It is part
// of stgypub.CheckpointStore.
func (s *Checkpoints) EachOwnerCheckpoint(ctx context.Context, ownerID stgypub.ID, from, to time.Time, f func(post stgypub.ID, day int, count int64)) error {
	var posts, days, counts sql.NullString
	args := []any{int64(ownerID), sqlDate(from), sqlDate(to)}
	err := sqlOwnerCheckpointsAgg.check(args)
	if err == nil {
		err = s.DB.QueryRowContext(ctx, sqlOwnerCheckpointsAgg.bun, args...).Scan(&posts, &days, &counts)
	}
	if err != nil {
		return fmt.Errorf("store: owner checkpoints: %w", err)
	}
	if err := eachTriple(posts.String, days.String, counts.String, f); err != nil {
		return fmt.Errorf("store: owner checkpoints: %w", err)
	}
	return nil
}

// eachTriple calls f for the i-th elements of three PostgreSQL integer
// array literals of equal length ("{1,2,3}"; "" for NULL, no rows).
func eachTriple(a, b, c string, f func(post stgypub.ID, day int, count int64)) error {
	if a == "" && b == "" && c == "" {
		return nil
	}
	lists := [3]string{a, b, c}
	for k, l := range lists {
		if len(l) < 2 || l[0] != '{' || l[len(l)-1] != '}' {
			return fmt.Errorf("bad array %.20q", l)
		}
		lists[k] = l[1 : len(l)-1]
	}
	var pos [3]int
	var v [3]int64
	for pos[0] < len(lists[0]) {
		for k, l := range lists {
			n, j, ok := leadingInt(l, pos[k])
			if !ok || (j < len(l) && l[j] != ',') {
				return fmt.Errorf("bad array element near byte %d", pos[k])
			}
			v[k], pos[k] = n, j+1
		}
		f(stgypub.ID(v[0]), int(v[1]), v[2])
	}
	if pos[1] < len(lists[1]) || pos[2] < len(lists[2]) {
		return fmt.Errorf("arrays of different lengths")
	}
	return nil
}

// leadingInt parses the optionally signed decimal integer at s[i:] and
// returns it and the index after it.
func leadingInt(s string, i int) (int64, int, bool) {
	neg := i < len(s) && s[i] == '-'
	if neg {
		i++
	}
	start := i
	var n int64
	for i < len(s) && '0' <= s[i] && s[i] <= '9' && i-start < 19 {
		n = n*10 + int64(s[i]-'0')
		i++
	}
	if i == start || (i < len(s) && '0' <= s[i] && s[i] <= '9') {
		return 0, i, false
	}
	if neg {
		n = -n
	}
	return n, i, true
}
