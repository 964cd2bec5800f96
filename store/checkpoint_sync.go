package store

import (
	"context"
	"fmt"
	"time"

	"github.com/stgy/stgypub"
)

// SyncCheckpoints is a checkpoint's PostgreSQL side in ONE statement: the
// monotonic multi-row UPSERT of cps (UpsertCheckpoints' rules) in a
// data-modifying CTE, and the post's rows with from <= date <= to (UTC
// dates) as they were BEFORE that UPSERT (the statement's snapshot), oldest
// first. The caller raises Redis wherever those rows exceed its values
// (seed 001 "Checkpoints and Redis Recovery"). It implements
// counter.CheckpointSyncer; an empty cps is just the range read. NOT_FOUND
// when a row's post or owner does not exist.
func (s *Store) SyncCheckpoints(ctx context.Context, postID stgypub.ID, from, to time.Time, cps []stgypub.Checkpoint) ([]stgypub.Checkpoint, error) {
	where := `post_id = ? AND target_date BETWEEN ?::date AND ?::date`
	rows := mergeCheckpoints(cps)
	if len(rows) == 0 {
		return s.checkpoints(ctx, "sync", where, int64(postID), sqlDate(from), sqlDate(to))
	}
	up, args := upsertSQL(rows)
	q := `WITH up AS (` + up + ` RETURNING 1)
SELECT ` + checkpointColumns + ` FROM post_pub_access_counts WHERE ` + where + ` ORDER BY target_date`
	args = append(args, int64(postID), sqlDate(from), sqlDate(to))
	var got []checkpointRow
	err := s.DB.NewRaw(q, args...).Scan(ctx, &got)
	if sqlstate(err) == sqlstateForeignKeyViolation {
		return nil, notFound("post or owner of a checkpoint")
	}
	if err != nil {
		return nil, fmt.Errorf("store: sync checkpoints of %s: %w", postID, err)
	}
	out := make([]stgypub.Checkpoint, 0, len(got))
	for _, r := range got {
		c, err := r.toDomain()
		if err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, nil
}
