package server_test

import (
	"os"
	"os/exec"
	"runtime"
	"testing"
)

// heapChildEnv names the test a child test binary runs alone (inOwnProcess).
const heapChildEnv = "STGY_TEST_HEAP_CHILD"

// inOwnProcess runs the calling test again in a test binary of its own and
// reports true in the parent, which then returns: a heap measurement there
// sees only this test's heap, not the fixtures, goroutines and caches the
// package's other tests left in a shared process (a full run read 2.2x
// where the test alone reads 1.0x). The child's output is logged; its
// failure fails the parent.
func inOwnProcess(t *testing.T) bool {
	t.Helper()
	if os.Getenv(heapChildEnv) == t.Name() {
		return false
	}
	cmd := exec.Command(os.Args[0], "-test.run=^"+t.Name()+"$", "-test.count=1", "-test.v")
	cmd.Env = append(os.Environ(), heapChildEnv+"="+t.Name())
	out, err := cmd.CombinedOutput()
	t.Logf("in its own process:\n%s", out)
	if err != nil {
		t.Fatalf("%s in its own process: %v", t.Name(), err)
	}
	return true
}

// heapGrowth measures how much the live heap grows while fill runs, after
// reset and a GC, as the difference of HeapAlloc after a GC on each side.
// The runtime's own work can only add to one measurement, never take
// away, so it measures up to three times and returns the first growth
// that ok accepts, else the smallest: a cache that really keeps more than
// it counts fails every attempt.
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
