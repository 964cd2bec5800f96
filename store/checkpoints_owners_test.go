package store_test

import (
	"context"
	"reflect"
	"testing"

	"github.com/stgy/stgypub"
)

// TestCheckpointOwners: only owners with at least minRows checkpoints in
// the date range, most rows first, cut at limit; rows outside the range
// do not count.
func TestCheckpointOwners(t *testing.T) {
	ctx := context.Background()
	s := newStore(t)
	big := mustUser(t, s, "cpbig")
	mid := mustUser(t, s, "cpmid")
	small := mustUser(t, s, "cpsmall")
	var cps []stgypub.Checkpoint
	add := func(owner stgypub.ID, posts int, dates ...string) {
		for range posts {
			p := mustPost(t, s, owner, 0, ptr(now), "p")
			for _, d := range dates {
				cps = append(cps, stgypub.Checkpoint{PostID: p, OwnerID: owner, Date: day(d), Count: 4})
			}
		}
	}
	add(big, 3, "2026-03-08", "2026-03-09") // 6 rows in range
	add(mid, 2, "2026-03-09", "2026-03-01") // 2 in range, 2 before it
	add(small, 1, "2026-03-09")             // 1 in range
	add(small, 1, "2026-03-10")             // after the range
	if err := s.Checkpoints.UpsertCheckpoints(ctx, cps); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name           string
		minRows, limit int
		want           []stgypub.ID
	}{
		{"all", 1, 10, []stgypub.ID{big, mid, small}},
		{"at least two", 2, 10, []stgypub.ID{big, mid}},
		{"limit", 1, 1, []stgypub.ID{big}},
		{"none", 7, 10, []stgypub.ID{}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := s.Checkpoints.CheckpointOwners(ctx, day("2026-03-02"), day("2026-03-09"), tc.minRows, tc.limit)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("got %v, want %v", got, tc.want)
			}
		})
	}
}
