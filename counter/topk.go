package counter

import (
	"slices"

	"github.com/stgy/stgypub"
)

// TopK is the size of the ranked lists (docs/SPEC.md#aggregating-the-window:
// top 1000).
const TopK = 1000

// better orders entries by PV descending, then ID ascending.
func better(a, b stgypub.RankingEntry) bool {
	if a.PV != b.PV {
		return a.PV > b.PV
	}
	return a.ID < b.ID
}

// topK returns the k best entries with PV > 0 of all (PV descending, then
// ID ascending) using a size-k min-heap, the worst retained entry at its
// root: O(U log k) to select, O(k log k) to sort. all is not modified.
func topK(all []stgypub.RankingEntry, k int) []stgypub.RankingEntry {
	h := make([]stgypub.RankingEntry, 0, min(k, len(all)))
	for _, e := range all {
		if e.PV <= 0 {
			continue
		}
		switch {
		case len(h) < k:
			h = append(h, e)
			siftUp(h, len(h)-1)
		case better(e, h[0]):
			h[0] = e
			siftDown(h, 0)
		}
	}
	slices.SortFunc(h, func(a, b stgypub.RankingEntry) int {
		if better(a, b) {
			return -1
		}
		if better(b, a) {
			return 1
		}
		return 0
	})
	return h
}

// siftUp and siftDown keep h a min-heap under better: no parent is better
// than its children.
func siftUp(h []stgypub.RankingEntry, i int) {
	for i > 0 {
		p := (i - 1) / 2
		if !better(h[p], h[i]) {
			return
		}
		h[p], h[i] = h[i], h[p]
		i = p
	}
}

func siftDown(h []stgypub.RankingEntry, i int) {
	for {
		l := 2*i + 1
		if l >= len(h) {
			return
		}
		w := l // the worse child
		if r := l + 1; r < len(h) && better(h[l], h[r]) {
			w = r
		}
		if !better(h[i], h[w]) {
			return
		}
		h[i], h[w] = h[w], h[i]
		i = w
	}
}
