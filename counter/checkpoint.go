package counter

import (
	"math"
	"sort"
)

// MaxCheckpoint is the last checkpoint: checkpoint counts are INTEGER in
// PostgreSQL (docs/ARCHITECTURE.md "Decisions").
const MaxCheckpoint = math.MaxInt32

// checkpoints is the whole sequence, ascending: 4, 8, ..., 32, then round(32
// × 2^(k/4)) for k = 1, 2, ... (38, 45, 54, 64, 76, 91, 108, 128, ...),
// capped by a final 2^31-1 (docs/SPEC.md#checkpoints).
var checkpoints = func() []int64 {
	var out []int64
	for n := int64(4); n <= 32; n += 4 {
		out = append(out, n)
	}
	for k := 1; ; k++ {
		v := math.Round(32 * math.Pow(2, float64(k)/4))
		if v >= MaxCheckpoint {
			return append(out, MaxCheckpoint)
		}
		out = append(out, int64(v))
	}
}()

// CheckpointFor reports whether a view that brought a post's daily count
// to n must synchronize with PostgreSQL (n is in the checkpoint sequence).
func CheckpointFor(n int64) bool {
	i := sort.Search(len(checkpoints), func(i int) bool { return checkpoints[i] >= n })
	return i < len(checkpoints) && checkpoints[i] == n
}

// Checkpoints returns the first n checkpoint values (all of them when n
// exceeds the sequence).
func Checkpoints(n int) []int64 {
	return append([]int64(nil), checkpoints[:min(max(n, 0), len(checkpoints))]...)
}

// CheckpointsUpTo counts the checkpoints <= n: the PostgreSQL
// synchronizations one post's daily count of n has caused.
func CheckpointsUpTo(n int64) int {
	return sort.Search(len(checkpoints), func(i int) bool { return checkpoints[i] > n })
}
