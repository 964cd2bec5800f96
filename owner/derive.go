package owner

import (
	"context"
	"fmt"

	"github.com/stgy/stgypub"
	"github.com/stgy/stgypub/markdown"
)

// deriveBatch is how many posts DeriveStale reads at a time.
const deriveBatch = 200

// DeriveStale derives again the stored fields of every post derived with
// rules older than stgypub.DerivedVersion (every post stored before the
// column existed, the backfill of migration 20261203000401), with the same
// rule as every write (stgypub.DerivePost over markdown.Convert), and
// returns how many it stored. A post edited meanwhile is skipped: its edit
// derived it already. A body that cannot be parsed in time gets the
// degraded document's fields (no image) rather than blocking start-up.
// Run by `serve`, `migrate` and `demo` after the migrations.
func DeriveStale(ctx context.Context, st stgypub.PostStore) (int, error) {
	n := 0
	skipped := map[stgypub.ID]bool{}
	for {
		posts, err := st.StaleDerived(ctx, stgypub.DerivedVersion, deriveBatch+len(skipped))
		if err != nil {
			return n, err
		}
		progress := false
		for _, p := range posts {
			if skipped[p.ID] {
				continue
			}
			doc := markdown.Convert(p.Content, markdown.Options{})
			p.Derived = doc.Derived(p.PlainText)
			ok, err := st.SaveDerived(ctx, p, stgypub.DerivedVersion)
			if err != nil {
				return n, fmt.Errorf("owner: derive post %s: %w", p.ID, err)
			}
			if ok {
				n++
			} else {
				skipped[p.ID] = true // edited meanwhile: its write derived it
			}
			progress = true
		}
		if !progress {
			return n, nil
		}
	}
}
