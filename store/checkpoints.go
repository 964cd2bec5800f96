package store

import (
	"context"
	"fmt"
	"time"

	"github.com/uptrace/bun/dialect/pgdialect"

	"github.com/stgy/stgypub"
)

// Checkpoints is the part of the store for daily view checkpoints and
// tallies (stgypub.CheckpointStore: the counter's sync, streamed Stats
// reads, the warmer's owner list, crawl and share rows): reads and
// upserts (checkpoints.go), sync, streams, owners and tallies
// (checkpoints_*.go).
type Checkpoints struct{ *shared }

var _ stgypub.CheckpointStore = (*Checkpoints)(nil)

// maxCheckpointCount is the largest value the INTEGER count column holds
// (docs/ARCHITECTURE.md "Decisions").
const maxCheckpointCount = 1<<31 - 1

// Dates cross the driver as 'YYYY-MM-DD' text in both directions
// ($n::date, target_date::text), so neither the process nor the session
// TimeZone can shift a UTC date.
var (
	sqlPostCheckpoints         = sqlFile("post_checkpoints")
	sqlOwnerCheckpoints        = sqlFile("owner_checkpoints")
	sqlUpsertCheckpoints       = sqlFile("upsert_checkpoints")
	sqlDeleteCheckpointsBefore = sqlText("delete_checkpoints_before", `DELETE FROM post_pub_access_counts WHERE target_date < $1::date`)
	sqlPostMetas               = sqlText("post_metas", `SELECT id, owned_by, published_at, snippet FROM posts WHERE id = ANY($1::bigint[])`)
)

type checkpointRow struct {
	PostID     int64  `bun:"post_id"`
	OwnerID    int64  `bun:"owner_id"`
	TargetDate string `bun:"target_date"`
	Count      int64  `bun:"count"`
}

// sqlDate is the UTC calendar date of t as 'YYYY-MM-DD'.
func sqlDate(t time.Time) string { return t.UTC().Format(time.DateOnly) }

func (r checkpointRow) toDomain() (stgypub.Checkpoint, error) {
	d, err := time.Parse(time.DateOnly, r.TargetDate)
	if err != nil {
		return stgypub.Checkpoint{}, fmt.Errorf("store: checkpoint date %q: %w", r.TargetDate, err)
	}
	return stgypub.Checkpoint{PostID: stgypub.ID(r.PostID), OwnerID: stgypub.ID(r.OwnerID), Date: d, Count: r.Count}, nil
}

// checkpoints runs a statement selecting checkpoint rows.
func (s *Checkpoints) checkpoints(ctx context.Context, st *statement, args ...any) ([]stgypub.Checkpoint, error) {
	var rows []checkpointRow
	if err := st.raw(s.DB, args...).Scan(ctx, &rows); err != nil {
		return nil, fmt.Errorf("store: %s: %w", st.name, err)
	}
	return checkpointsToDomain(rows)
}

func checkpointsToDomain(rows []checkpointRow) ([]stgypub.Checkpoint, error) {
	out := make([]stgypub.Checkpoint, 0, len(rows))
	for _, r := range rows {
		c, err := r.toDomain()
		if err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, nil
}

// PostCheckpoints returns the post's checkpoints with from <= date <= to
// (UTC dates of from and to), oldest first, through the primary key
// (post_id, target_date). Each Date is midnight UTC.
func (s *Checkpoints) PostCheckpoints(ctx context.Context, postID stgypub.ID, from, to time.Time) ([]stgypub.Checkpoint, error) {
	return s.checkpoints(ctx, sqlPostCheckpoints, int64(postID), sqlDate(from), sqlDate(to))
}

// OwnerCheckpoints returns the owner's checkpoints with from <= date <= to
// (UTC dates), ordered by date then post, through the (owner_id, target_date)
// index (docs/SPEC.md#stats).
func (s *Checkpoints) OwnerCheckpoints(ctx context.Context, ownerID stgypub.ID, from, to time.Time) ([]stgypub.Checkpoint, error) {
	return s.checkpoints(ctx, sqlOwnerCheckpoints, int64(ownerID), sqlDate(from), sqlDate(to))
}

// UpsertCheckpoints writes cps in ONE multi-row monotonic UPSERT
// (docs/SPEC.md#checkpoints): a row is inserted, or its count raised when the
// incoming count is larger; a count is never lowered and an unchanged count
// causes no UPDATE. Rows for the same (post, UTC date) are merged by max
// first (PostgreSQL cannot update one row twice in a statement), counts are
// clamped to 2^31-1, rows with count <= 0 are dropped, and an empty batch
// makes no query. A row whose post or owner does not exist fails the whole
// statement with NOT_FOUND.
func (s *Checkpoints) UpsertCheckpoints(ctx context.Context, cps []stgypub.Checkpoint) error {
	rows := mergeCheckpoints(cps)
	if len(rows) == 0 {
		return nil
	}
	_, err := sqlUpsertCheckpoints.raw(s.DB, upsertArgs(rows)...).Exec(ctx)
	if sqlstate(err) == sqlstateForeignKeyViolation {
		return notFound("post or owner of a checkpoint")
	}
	if err != nil {
		return fmt.Errorf("store: upsert %d checkpoints: %w", len(rows), err)
	}
	return nil
}

// upsertArgs are the four parallel arrays (post IDs, owner IDs, dates,
// counts) query/upsert_checkpoints.sql unnests.
func upsertArgs(rows []checkpointRow) []any {
	posts, owners := make([]int64, len(rows)), make([]int64, len(rows))
	dates, counts := make([]string, len(rows)), make([]int64, len(rows))
	for i, r := range rows {
		posts[i], owners[i], dates[i], counts[i] = r.PostID, r.OwnerID, r.TargetDate, r.Count
	}
	return []any{pgdialect.Array(posts), pgdialect.Array(owners), pgdialect.Array(dates), pgdialect.Array(counts)}
}

// mergeCheckpoints turns cps into rows: one per (post, UTC date) with
// the largest count, clamped to 2^31-1, rows with count <= 0 dropped.
func mergeCheckpoints(cps []stgypub.Checkpoint) []checkpointRow {
	type key struct {
		post int64
		date string
	}
	merged := make(map[key]int, len(cps))
	var rows []checkpointRow
	for _, c := range cps {
		if c.Count <= 0 {
			continue
		}
		k := key{int64(c.PostID), sqlDate(c.Date)}
		n := min(c.Count, maxCheckpointCount)
		if i, ok := merged[k]; ok {
			rows[i].Count = max(rows[i].Count, n)
			continue
		}
		merged[k] = len(rows)
		rows = append(rows, checkpointRow{PostID: k.post, OwnerID: int64(c.OwnerID), TargetDate: k.date, Count: n})
	}
	return rows
}

// DeleteCheckpointsBefore deletes every checkpoint with target_date < the UTC
// date of date, whatever its owner (the target_date index), and returns how
// many rows went (docs/SPEC.md#checkpoints, cleanup). The crawl and share
// counts (post_pub_tallies) older than date go too, with the same
// retention; they are not in the returned number.
func (s *Checkpoints) DeleteCheckpointsBefore(ctx context.Context, date time.Time) (int64, error) {
	res, err := sqlDeleteCheckpointsBefore.raw(s.DB, sqlDate(date)).Exec(ctx)
	if err != nil {
		return 0, fmt.Errorf("store: delete checkpoints before %s: %w", sqlDate(date), err)
	}
	n, _ := res.RowsAffected()
	if _, err := sqlDeleteTalliesBefore.raw(s.DB, sqlDate(date)).Exec(ctx); err != nil {
		return n, fmt.Errorf("store: delete tallies before %s: %w", sqlDate(date), err)
	}
	return n, nil
}

// PostMetas returns the Stats metadata (owner, published_at, and
// stgypub.SnippetDigest of the JSON snippet) of the posts among ids, read by
// primary key; unknown IDs are left out, order is unspecified
// (docs/SPEC.md#stats: only IDs missing from Redis are looked up).
func (s *Checkpoints) PostMetas(ctx context.Context, ids []stgypub.ID) ([]stgypub.PostMeta, error) {
	if len(ids) == 0 {
		return nil, nil
	}
	var rows []struct {
		ID          int64      `bun:"id"`
		OwnedBy     int64      `bun:"owned_by"`
		PublishedAt *time.Time `bun:"published_at"`
		Snippet     string     `bun:"snippet"`
	}
	err := sqlPostMetas.raw(s.DB, pgdialect.Array(toInt64s(ids))).Scan(ctx, &rows)
	if err != nil {
		return nil, fmt.Errorf("store: post metas: %w", err)
	}
	out := make([]stgypub.PostMeta, len(rows))
	for i, r := range rows {
		var pub *time.Time
		if r.PublishedAt != nil {
			t := r.PublishedAt.UTC()
			pub = &t
		}
		out[i] = stgypub.PostMeta{ID: stgypub.ID(r.ID), OwnerID: stgypub.ID(r.OwnedBy), PublishedAt: pub, Digest: stgypub.SnippetDigest(r.Snippet)}
	}
	return out, nil
}
