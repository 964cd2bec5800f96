package server_test

import "runtime"

// heapGrowth measures how much the live heap grows while fill runs, after
// reset and a GC, as the difference of HeapAlloc after a GC on each side.
// Other goroutines of the test binary (another fixture's background
// retries, the runtime) can only add to one measurement, never take away,
// so it measures up to three times and returns the first growth that ok
// accepts, else the smallest: a cache that really keeps more than it
// counts fails every attempt.
func heapGrowth(reset, fill func(), ok func(growth int64) bool) int64 {
	best := int64(-1)
	for range 3 {
		reset()
		var ms0, ms1 runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&ms0)
		fill()
		runtime.GC()
		runtime.ReadMemStats(&ms1)
		growth := int64(ms1.HeapAlloc) - int64(ms0.HeapAlloc)
		if ok(growth) {
			return growth
		}
		if best < 0 || growth < best {
			best = growth
		}
	}
	return best
}
