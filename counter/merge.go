package counter

import "github.com/stgy/stgypub"

// MergeStats merges Redis and PostgreSQL daily PV per (post, day) by max,
// never by addition (docs/SPEC.md#stats: Redis 103 / DB 91 → 103, 0 / 54 →
// 54, 32 / 32 → 32). Each series has one value per window day, oldest first;
// a post missing from one side counts as zeros there. The result is a new map
// of days-long series; inputs are not modified.
func MergeStats(days int, redis, db map[stgypub.ID][]int64) map[stgypub.ID][]int64 {
	out := make(map[stgypub.ID][]int64, max(len(redis), len(db)))
	add := func(src map[stgypub.ID][]int64) {
		for id, series := range src {
			m, ok := out[id]
			if !ok {
				m = make([]int64, days)
				out[id] = m
			}
			for i := 0; i < days && i < len(series); i++ {
				m[i] = max(m[i], series[i])
			}
		}
	}
	add(redis)
	add(db)
	return out
}
