package counter

import (
	"encoding/json"
	"errors"
	"sync"
	"time"

	"github.com/cespare/xxhash/v2"

	"github.com/stgy/stgypub"
)

// statsCacheVersion tags the Stats cache format; any other value (an
// older format) is a cache miss.
const statsCacheVersion = 2

// statsCache is the cached form of stgypub.Stats: each daily series as
// bare numbers against one list of dates, so a 1000-post Stats is about
// half the JSON and a hit decodes 15 date strings rather than 15,000.
type statsCache struct {
	V       int         `json:"v"`
	OwnerID stgypub.ID  `json:"ownerId"`
	TotalPV int64       `json:"totalPv"`
	At      time.Time   `json:"at"`
	Dates   []string    `json:"dates"`
	Daily   []int64     `json:"daily"`
	Posts   []postCache `json:"posts"`
}

type postCache struct {
	ID          stgypub.ID `json:"id"`
	PublishedAt *time.Time `json:"publishedAt"`
	Digest      string     `json:"digest"`
	PV          int64      `json:"pv"`
	Daily       []int64    `json:"daily"`
}

// encodeStatsCache is the JSON cached for st.
func encodeStatsCache(st *stgypub.Stats) ([]byte, error) {
	n := len(st.Daily)
	sc := statsCache{V: statsCacheVersion, OwnerID: st.OwnerID, TotalPV: st.TotalPV, At: st.UpdatedAt,
		Dates: make([]string, n), Daily: make([]int64, n), Posts: make([]postCache, len(st.Posts))}
	for i, d := range st.Daily {
		sc.Dates[i], sc.Daily[i] = d.Date, d.PV
	}
	pvs := make([]int64, len(st.Posts)*n)
	for i, p := range st.Posts {
		s := pvs[i*n : (i+1)*n]
		for j, d := range p.Daily {
			if j < n {
				s[j] = d.PV
			}
		}
		sc.Posts[i] = postCache{ID: p.ID, PublishedAt: p.PublishedAt, Digest: p.Digest, PV: p.PV, Daily: s}
	}
	return json.Marshal(sc)
}

// decodeStatsCache rebuilds the Stats cached by encodeStatsCache; an
// older format or a series of the wrong length is an error (a miss).
func decodeStatsCache(b []byte) (*stgypub.Stats, error) {
	var sc statsCache
	if err := json.Unmarshal(b, &sc); err != nil {
		return nil, err
	}
	n := len(sc.Dates)
	if sc.V != statsCacheVersion || len(sc.Daily) != n {
		return nil, errors.New("counter: stats cache of another format")
	}
	st := &stgypub.Stats{OwnerID: sc.OwnerID, Days: n, TotalPV: sc.TotalPV, UpdatedAt: sc.At, Daily: make([]stgypub.DayPV, n), Posts: make([]stgypub.PostStats, len(sc.Posts))}
	for i := range n {
		st.Daily[i] = stgypub.DayPV{Date: sc.Dates[i], PV: sc.Daily[i]}
	}
	series := make([]stgypub.DayPV, len(sc.Posts)*n)
	for i, p := range sc.Posts {
		if len(p.Daily) != n {
			return nil, errors.New("counter: stats cache series of the wrong length")
		}
		d := series[i*n : (i+1)*n : (i+1)*n]
		for j, pv := range p.Daily {
			d[j] = stgypub.DayPV{Date: sc.Dates[j], PV: pv}
		}
		st.Posts[i] = stgypub.PostStats{ID: p.ID, PublishedAt: p.PublishedAt, Digest: p.Digest, PV: p.PV, Daily: d}
	}
	return st, nil
}

// decodedStats remembers, per Stats cache key, the last cached bytes a
// hit decoded (their xxhash and length) and the Stats they gave, so the
// next hit on the same bytes skips the JSON decoding (the cost of a
// cached Stats read for a big owner). The bytes are still read from
// Redis on every call: expiry and invalidation stay Redis's. At most
// maxDecodedStats keys are kept (all are dropped when full).
var decodedStats = struct {
	sync.Mutex
	m map[string]decodedEntry
}{m: map[string]decodedEntry{}}

const maxDecodedStats = 1024

type decodedEntry struct {
	sum  uint64
	size int
	st   *stgypub.Stats
}

// decodeStatsCacheOnce is decodeStatsCache of b, the bytes at key,
// reusing the Stats of the last identical bytes. The Stats it returns
// may be shared by concurrent callers: they must not modify it.
func decodeStatsCacheOnce(key string, b []byte) (*stgypub.Stats, error) {
	sum := xxhash.Sum64(b)
	decodedStats.Lock()
	d, ok := decodedStats.m[key]
	decodedStats.Unlock()
	if ok && d.sum == sum && d.size == len(b) {
		return d.st, nil
	}
	st, err := decodeStatsCache(b)
	if err != nil {
		return nil, err
	}
	decodedStats.Lock()
	if len(decodedStats.m) >= maxDecodedStats {
		clear(decodedStats.m)
	}
	decodedStats.m[key] = decodedEntry{sum: sum, size: len(b), st: st}
	decodedStats.Unlock()
	return st, nil
}
