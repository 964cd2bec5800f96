package store

import (
	"context"
	"fmt"
	"time"

	"github.com/stgy/stgypub"
)

// SyncCheckpoints is a checkpoint's PostgreSQL side in ONE statement: the
// monotonic multi-row UPSERT of cps (UpsertCheckpoints' rules) in a
// data-modifying CTE, and the post's rows with from <= date <= to (UTC dates)
// as they were BEFORE that UPSERT (the statement's snapshot), oldest first.
// The caller raises Redis wherever those rows exceed its values
// (docs/SPEC.md#checkpoints). It is part of stgypub.CheckpointStore; an
// empty cps is just the range read. NOT_FOUND when a row's post or owner does
// not exist.
var sqlSyncCheckpoints = sqlFile("sync_checkpoints")

func (s *Checkpoints) SyncCheckpoints(ctx context.Context, postID stgypub.ID, from, to time.Time, cps []stgypub.Checkpoint) ([]stgypub.Checkpoint, error) {
	rows := mergeCheckpoints(cps)
	if len(rows) == 0 {
		return s.checkpoints(ctx, sqlPostCheckpoints, int64(postID), sqlDate(from), sqlDate(to))
	}
	args := append(upsertArgs(rows), int64(postID), sqlDate(from), sqlDate(to))
	var got []checkpointRow
	err := sqlSyncCheckpoints.raw(s.DB, args...).Scan(ctx, &got)
	if sqlstate(err) == sqlstateForeignKeyViolation {
		return nil, notFound("post or owner of a checkpoint")
	}
	if err != nil {
		return nil, fmt.Errorf("store: sync checkpoints of %s: %w", postID, err)
	}
	return checkpointsToDomain(got)
}
