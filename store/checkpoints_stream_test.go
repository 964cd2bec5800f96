package store_test

import (
	"context"
	"fmt"
	"sort"
	"testing"

	"github.com/stgy/stgypub"
)

// TestEachOwnerCheckpoint checks that the aggregated read yields exactly
// OwnerCheckpoints' rows, as (post, day index, count).
func TestEachOwnerCheckpoint(t *testing.T) {
	ctx := context.Background()
	s := newStore(t)
	owner := mustUser(t, s, "streamowner")
	other := mustUser(t, s, "streamother")
	p1 := mustPost(t, s, owner, 0, ptr(now), "one")
	p2 := mustPost(t, s, owner, 0, ptr(now), "two")
	p3 := mustPost(t, s, other, 0, ptr(now), "three")
	from, to := day("2026-02-24"), day("2026-03-10")
	collect := func(t *testing.T) string {
		t.Helper()
		var got []string
		err := s.Checkpoints.EachOwnerCheckpoint(ctx, owner, from, to, func(post stgypub.ID, d int, count int64) {
			got = append(got, fmt.Sprintf("%s/%d=%d", post, d, count))
		})
		if err != nil {
			t.Fatal(err)
		}
		sort.Strings(got)
		return fmt.Sprint(got)
	}
	tests := []struct {
		name string
		add  []stgypub.Checkpoint
		want string
	}{
		{"no rows", nil, "[]"},
		{"window edges, other owner and outside rows left out", []stgypub.Checkpoint{
			{PostID: p1, OwnerID: owner, Date: day("2026-02-24"), Count: 4},
			{PostID: p1, OwnerID: owner, Date: day("2026-03-10"), Count: 2147483647},
			{PostID: p2, OwnerID: owner, Date: day("2026-03-01"), Count: 38},
			{PostID: p2, OwnerID: owner, Date: day("2026-02-23"), Count: 99},
			{PostID: p2, OwnerID: owner, Date: day("2026-03-11"), Count: 99},
			{PostID: p3, OwnerID: other, Date: day("2026-03-01"), Count: 8},
		}, fmt.Sprintf("[%s/0=4 %s/14=2147483647 %s/5=38]", p1, p1, p2)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if err := s.Checkpoints.UpsertCheckpoints(ctx, tt.add); err != nil {
				t.Fatal(err)
			}
			if got := collect(t); got != tt.want {
				t.Fatalf("got %s, want %s", got, tt.want)
			}
			cps, err := s.Checkpoints.OwnerCheckpoints(ctx, owner, from, to)
			if err != nil {
				t.Fatal(err)
			}
			var n int
			_ = s.Checkpoints.EachOwnerCheckpoint(ctx, owner, from, to, func(stgypub.ID, int, int64) { n++ })
			if n != len(cps) {
				t.Fatalf("%d streamed, OwnerCheckpoints has %d", n, len(cps))
			}
		})
	}
}
