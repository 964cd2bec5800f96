package counter

import (
	"container/heap"
	"slices"

	"github.com/stgy/stgypub"
)

// TopK is the size of the ranked lists (seed 001 "Aggregating the Most
// Recent 15 Days": top 1000).
const TopK = 1000

// better orders entries by PV descending, then ID ascending.
func better(a, b stgypub.RankingEntry) bool {
	if a.PV != b.PV {
		return a.PV > b.PV
	}
	return a.ID < b.ID
}

// minHeap keeps the worst retained entry at the top.
type minHeap []stgypub.RankingEntry

func (h minHeap) Len() int           { return len(h) }
func (h minHeap) Less(i, j int) bool { return better(h[j], h[i]) }
func (h minHeap) Swap(i, j int)      { h[i], h[j] = h[j], h[i] }
func (h *minHeap) Push(x any)        { *h = append(*h, x.(stgypub.RankingEntry)) }
func (h *minHeap) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}

// topK returns the k best entries with PV > 0 of totals (PV descending,
// then ID ascending) using a size-k min-heap: O(U log k).
func topK(totals map[stgypub.ID]int64, k int) []stgypub.RankingEntry {
	h := make(minHeap, 0, min(k, len(totals)))
	for id, pv := range totals {
		if pv <= 0 {
			continue
		}
		e := stgypub.RankingEntry{ID: id, PV: pv}
		switch {
		case len(h) < k:
			heap.Push(&h, e)
		case better(e, h[0]):
			h[0] = e
			heap.Fix(&h, 0)
		}
	}
	out := []stgypub.RankingEntry(h)
	slices.SortFunc(out, func(a, b stgypub.RankingEntry) int {
		if better(a, b) {
			return -1
		}
		if better(b, a) {
			return 1
		}
		return 0
	})
	return out
}
