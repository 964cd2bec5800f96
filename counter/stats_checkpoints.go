package counter

import (
	"context"
	"time"

	"github.com/stgy/stgypub"
)

// dayCount is one checkpoint as Stats needs it.
type dayCount struct {
	post  stgypub.ID
	day   int32
	count int64
}

// ownerCheckpoints reads the owner's checkpoints of the window days
// (oldest first) through the (owner_id, target_date) index, streamed
// (EachOwnerCheckpoint); rows outside the window are dropped.
func ownerCheckpoints(ctx context.Context, cps stgypub.CheckpointStore, owner stgypub.ID, days []time.Time) ([]dayCount, error) {
	n := len(days)
	var out []dayCount
	err := cps.EachOwnerCheckpoint(ctx, owner, days[0], days[n-1], func(post stgypub.ID, day int, count int64) {
		if day >= 0 && day < n {
			out = append(out, dayCount{post, int32(day), count})
		}
	})
	return out, err
}
