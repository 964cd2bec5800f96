package store

import (
	"context"
	"fmt"
	"time"

	"github.com/stgy/stgypub"
)

var sqlCheckpointOwners = sqlFile("checkpoint_owners")

// CheckpointOwners returns the owners with at least minRows checkpoints
// with from <= date <= to (UTC dates), most rows first, at most limit of
// them: the owners whose Stats are worth pre-aggregating (counter's Stats
// snapshot warmer). It is part of stgypub.CheckpointStore.
func (s *Checkpoints) CheckpointOwners(ctx context.Context, from, to time.Time, minRows, limit int) ([]stgypub.ID, error) {
	var ids []int64
	if err := sqlCheckpointOwners.raw(s.DB, sqlDate(from), sqlDate(to), minRows, limit).Scan(ctx, &ids); err != nil {
		return nil, fmt.Errorf("store: checkpoint owners: %w", err)
	}
	out := make([]stgypub.ID, len(ids))
	for i, id := range ids {
		out[i] = stgypub.ID(id)
	}
	return out, nil
}
