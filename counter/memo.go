package counter

import (
	"slices"
	"sync"
	"time"

	"github.com/stgy/stgypub"
)

// Memo bounds (Config.MemoTTL): past either, the memo starts again empty.
const (
	memoMaxOwners = 4096 // owners with remembered view counts or rankings
	memoMaxPosts  = 4096 // remembered view counts of one owner
)

// memo is this process's short-lived copy of the answers of ViewCounts
// and Ranking (Config.MemoTTL): a burst of API or page reads of one
// owner asks Redis once per MemoTTL instead of once per request. A view
// recorded by this process drops its owner's entries at once (forget),
// so the reader who just counted a view sees it; views recorded by other
// processes show up within MemoTTL, far inside the pages' display
// latency (CacheTTL). nil when MemoTTL is 0.
type memo struct {
	ttl    time.Duration
	mu     sync.Mutex
	counts map[stgypub.ID]*memoCounts
	ranks  map[stgypub.ID]map[int]memoRank // owner → days → answer
}

// memoCounts is one owner's remembered view counts, fetched no earlier
// than until - ttl.
type memoCounts struct {
	until time.Time
	n     map[stgypub.ID]int64
}

// memoRank is one remembered rankingTop answer: top and its own until
// (the Redis cache entry's expiry, or the time of the read for an empty
// ranking), held until memoUntil.
type memoRank struct {
	top              []stgypub.RankingEntry
	until, memoUntil time.Time
}

func newMemo(ttl time.Duration) *memo {
	if ttl <= 0 {
		return nil
	}
	return &memo{ttl: ttl, counts: map[stgypub.ID]*memoCounts{}, ranks: map[stgypub.ID]map[int]memoRank{}}
}

// viewCounts fills out with the remembered counts of postIDs and reports
// whether every one of them was there and fresh at now.
func (m *memo) viewCounts(owner stgypub.ID, postIDs []stgypub.ID, now time.Time, out map[stgypub.ID]int64) bool {
	if m == nil {
		return false
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	e := m.counts[owner]
	if e == nil || !now.Before(e.until) {
		return false
	}
	for _, id := range postIDs {
		if _, ok := e.n[id]; !ok {
			return false
		}
	}
	for _, id := range postIDs {
		out[id] = e.n[id]
	}
	return true
}

// keepCounts remembers counts of owner read from Redis at now.
func (m *memo) keepCounts(owner stgypub.ID, counts map[stgypub.ID]int64, now time.Time) {
	if m == nil {
		return
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	e := m.counts[owner]
	if e == nil || !now.Before(e.until) || len(e.n)+len(counts) > memoMaxPosts {
		if e == nil && len(m.counts) >= memoMaxOwners {
			clear(m.counts)
		}
		e = &memoCounts{until: now.Add(m.ttl), n: make(map[stgypub.ID]int64, len(counts))}
		m.counts[owner] = e
	}
	for id, n := range counts {
		e.n[id] = n
	}
}

// ranking is the remembered rankingTop answer of owner and days fresh at
// now (a copy the caller may change).
func (m *memo) ranking(owner stgypub.ID, days int, now time.Time) ([]stgypub.RankingEntry, time.Time, bool) {
	if m == nil {
		return nil, time.Time{}, false
	}
	m.mu.Lock()
	r, ok := m.ranks[owner][days]
	m.mu.Unlock()
	if !ok || !now.Before(r.memoUntil) {
		return nil, time.Time{}, false
	}
	until := r.until
	if len(r.top) == 0 {
		until = now // an empty ranking holds no longer than the read
	}
	return slices.Clone(r.top), until, true
}

// keepRanking remembers a rankingTop answer read at now, until the
// earlier of its own until and now + ttl.
func (m *memo) keepRanking(owner stgypub.ID, days int, top []stgypub.RankingEntry, until, now time.Time) {
	if m == nil {
		return
	}
	memoUntil := now.Add(m.ttl)
	if len(top) > 0 && until.Before(memoUntil) {
		memoUntil = until
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	byDays := m.ranks[owner]
	if byDays == nil {
		if len(m.ranks) >= memoMaxOwners {
			clear(m.ranks)
		}
		byDays = map[int]memoRank{}
		m.ranks[owner] = byDays
	}
	byDays[days] = memoRank{top: slices.Clone(top), until: until, memoUntil: memoUntil}
}

// forget drops everything remembered of owner (a view of theirs was
// just recorded, or their counts were restored).
func (m *memo) forget(owner stgypub.ID) {
	if m == nil {
		return
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	delete(m.counts, owner)
	delete(m.ranks, owner)
}
