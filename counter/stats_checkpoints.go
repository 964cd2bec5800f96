package counter

import (
	"context"
	"time"

	"github.com/stgy/stgypub"
)

// CheckpointStreamer is an optional extension of stgypub.CheckpointStore
// (store.Store implements it): the owner's checkpoints with from <= date
// <= to streamed as (post, day index after from, count), without building
// a Checkpoint per row. Stats uses it when present, OwnerCheckpoints
// otherwise; the rows are the same.
type CheckpointStreamer interface {
	EachOwnerCheckpoint(ctx context.Context, ownerID stgypub.ID, from, to time.Time, f func(post stgypub.ID, day int, count int64)) error
}

// dayCount is one checkpoint as Stats needs it.
type dayCount struct {
	post  stgypub.ID
	day   int32
	count int64
}

// ownerCheckpoints reads the owner's checkpoints of the window days
// (oldest first) through the (owner_id, target_date) index; rows outside
// the window are dropped.
func (c *Counter) ownerCheckpoints(ctx context.Context, owner stgypub.ID, days []time.Time) ([]dayCount, error) {
	n := len(days)
	var out []dayCount
	if s, ok := c.cps.(CheckpointStreamer); ok {
		err := s.EachOwnerCheckpoint(ctx, owner, days[0], days[n-1], func(post stgypub.ID, day int, count int64) {
			if day >= 0 && day < n {
				out = append(out, dayCount{post, int32(day), count})
			}
		})
		return out, err
	}
	cps, err := c.cps.OwnerCheckpoints(ctx, owner, days[0], days[n-1])
	if err != nil {
		return nil, err
	}
	out = make([]dayCount, 0, len(cps))
	for _, cp := range cps {
		if i := int(cp.Date.Sub(days[0]) / (24 * time.Hour)); i >= 0 && i < n {
			out = append(out, dayCount{cp.PostID, int32(i), cp.Count})
		}
	}
	return out, nil
}
