package wiring

import (
	"context"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/archive"
	"github.com/stgy/stgypub/counter"
	"github.com/stgy/stgypub/store"
)

// ArchiveStores are the stores archive.Collect reads: st for every
// entity, ctr for the daily counters (the CLI's archive export and the
// server's).
func ArchiveStores(st *store.Store, ctr *counter.Counter) archive.Stores {
	return archive.Stores{Users: st.Users, Accounts: st.Users, Posts: st.Posts, Comments: st.Comments, Checkpoints: st.Checkpoints, Counts: ctr}
}

// RaiseCounters raises ctr's daily counters to the restored view rows
// (counter.Counter.RestoreViews) as archive.Importer.RaiseViews: the CLI's
// and the server's.
func RaiseCounters(ctx context.Context, ctr *counter.Counter, owner stgypub.ID, views []stgypub.Checkpoint) (archive.CountersRaised, error) {
	res, skipped, err := ctr.RestoreViews(ctx, owner, views)
	return archive.CountersRaised{Raised: res.Raised, Unchanged: res.Unchanged, Skipped: skipped}, err
}
