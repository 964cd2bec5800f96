package store

import (
	"context"
	"fmt"
	"time"

	"github.com/uptrace/bun/dialect/pgdialect"

	"github.com/stgy/stgypub"
)

// Crawl and share counts (post_pub_tallies, docs/ARCHITECTURE.md "Crawls
// and shares").
var (
	sqlUpsertTallies = sqlFile("upsert_tallies")
	sqlOwnerTallies  = sqlText("owner_tallies", `SELECT post_id, owner_id, target_date::text AS target_date, kind, name, count
FROM post_pub_tallies WHERE owner_id = $1 AND kind = $2 AND target_date BETWEEN $3::date AND $4::date`)
	sqlPostTallies = sqlText("post_tallies", `SELECT post_id, owner_id, target_date::text AS target_date, kind, name, count
FROM post_pub_tallies WHERE post_id = $1 AND kind = $2 AND target_date BETWEEN $3::date AND $4::date`)
	sqlDeleteTalliesBefore = sqlText("delete_tallies_before", `DELETE FROM post_pub_tallies WHERE target_date < $1::date`)
)

type tallyRow struct {
	PostID     int64  `bun:"post_id"`
	OwnerID    int64  `bun:"owner_id"`
	TargetDate string `bun:"target_date"`
	Kind       string `bun:"kind"`
	Name       string `bun:"name"`
	Count      int64  `bun:"count"`
}

// UpsertTallies writes rows in one multi-row monotonic UPSERT: inserted,
// or raised when the incoming count is larger, never lowered. Rows of one
// (post, kind, UTC date, name) are merged by max first; rows with count
// <= 0 are dropped; an empty batch makes no query. A row whose post or
// owner does not exist (deleted meanwhile) fails the statement with
// NOT_FOUND.
func (s *Checkpoints) UpsertTallies(ctx context.Context, rows []stgypub.TallyRow) error {
	type key struct {
		post             int64
		kind, date, name string
	}
	idx := map[key]int{}
	var posts, owners, counts []int64
	var dates, kinds, names []string
	for _, r := range rows {
		if r.Count <= 0 {
			continue
		}
		k := key{int64(r.PostID), r.Kind, sqlDate(r.Date), r.Name}
		if i, ok := idx[k]; ok {
			counts[i] = max(counts[i], r.Count)
			continue
		}
		idx[k] = len(posts)
		posts, owners, counts = append(posts, k.post), append(owners, int64(r.OwnerID)), append(counts, r.Count)
		dates, kinds, names = append(dates, k.date), append(kinds, r.Kind), append(names, r.Name)
	}
	if len(posts) == 0 {
		return nil
	}
	_, err := sqlUpsertTallies.raw(s.DB, pgdialect.Array(posts), pgdialect.Array(owners), pgdialect.Array(dates),
		pgdialect.Array(kinds), pgdialect.Array(names), pgdialect.Array(counts)).Exec(ctx)
	if sqlstate(err) == sqlstateForeignKeyViolation {
		return notFound("post or owner of a tally")
	}
	if err != nil {
		return fmt.Errorf("store: upsert %d tallies: %w", len(posts), err)
	}
	return nil
}

// OwnerTallies returns the owner's rows of kind with from <= date <= to
// (UTC dates) through (owner_id, kind, target_date).
func (s *Checkpoints) OwnerTallies(ctx context.Context, ownerID stgypub.ID, kind string, from, to time.Time) ([]stgypub.TallyRow, error) {
	return s.tallies(ctx, sqlOwnerTallies, int64(ownerID), kind, from, to)
}

// PostTallies returns the post's rows of kind with from <= date <= to
// (UTC dates) through the primary key.
func (s *Checkpoints) PostTallies(ctx context.Context, postID stgypub.ID, kind string, from, to time.Time) ([]stgypub.TallyRow, error) {
	return s.tallies(ctx, sqlPostTallies, int64(postID), kind, from, to)
}

func (s *Checkpoints) tallies(ctx context.Context, st *statement, id int64, kind string, from, to time.Time) ([]stgypub.TallyRow, error) {
	var rows []tallyRow
	if err := st.raw(s.DB, id, kind, sqlDate(from), sqlDate(to)).Scan(ctx, &rows); err != nil {
		return nil, fmt.Errorf("store: %s tallies of %d: %w", kind, id, err)
	}
	out := make([]stgypub.TallyRow, 0, len(rows))
	for _, r := range rows {
		d, err := time.Parse(time.DateOnly, r.TargetDate)
		if err != nil {
			return nil, fmt.Errorf("store: tally date %q: %w", r.TargetDate, err)
		}
		out = append(out, stgypub.TallyRow{PostID: stgypub.ID(r.PostID), OwnerID: stgypub.ID(r.OwnerID), Date: d, Kind: r.Kind, Name: r.Name, Count: r.Count})
	}
	return out, nil
}
