package pagecache

import (
	"context"
	"time"

	"github.com/maypok86/otter/v2"
	"golang.org/x/sync/singleflight"

	"github.com/stgy/stgypub"
)

// DefaultMemoBytes bounds a Memo's values by their MemoValue.Bytes.
const DefaultMemoBytes = 32 << 20

// memoOverhead is added to every value's weight (key, entry, pointers).
const memoOverhead = 256

// Memo is a read-through cache of the data that anonymous reads show
// (server/api.ReadCache: post rows, post lists, site settings) under the
// owner epochs of a page Cache, so a value goes exactly when the pages
// showing it go: an announcement for one of its owners (this process's
// own writes, and every other server's, which Announce waits for) or a
// flush drops it, and nothing is served or kept while the Cache is not
// trusted. A value also ends at the Cache's Recheck after its build
// (Memo asks Redis nothing, so that bounds an announcement that never
// arrived as the pages' version check does) and at the build's own
// until. It is safe for concurrent use; values are shared by every
// reader and must not be modified.
type Memo struct {
	c       *Cache
	entries *otter.Cache[string, *memoEntry]
	builds  singleflight.Group
}

type memoEntry struct {
	v       any
	weight  uint32
	owners  []stgypub.ID
	start   uint64
	expires time.Time
}

// NewMemo returns an empty Memo of values weighing at most maxBytes
// (<= 0: DefaultMemoBytes) under c's epochs.
func NewMemo(c *Cache, maxBytes int64) (*Memo, error) {
	if maxBytes <= 0 {
		maxBytes = DefaultMemoBytes
	}
	entries, err := otter.New(&otter.Options[string, *memoEntry]{
		MaximumWeight: uint64(maxBytes),
		Weigher:       func(_ string, e *memoEntry) uint32 { return e.weight },
	})
	if err != nil {
		return nil, err
	}
	return &Memo{c: c, entries: entries}, nil
}

// MemoValue is what a MemoBuild read.
type MemoValue struct {
	// V is the value.
	V any
	// Owners are the site owners whose data V is; none: V depends on
	// every site, and any announcement drops it.
	Owners []stgypub.ID
	// Until is when V stops holding without a write (zero: no bound of
	// its own).
	Until time.Time
	// Keep false returns V without keeping it (a result that a write
	// with no owner to record could change, such as a missing row).
	Keep bool
	// Bytes is about how much memory V holds (its text), for the bound.
	Bytes int
}

// MemoBuild reads a Memo value; an error is returned to the caller and
// never kept.
type MemoBuild func(ctx context.Context) (MemoValue, error)

// Load returns key's value, building it with build when it is missing
// or no longer valid; concurrent Loads of one key share one build.
func (m *Memo) Load(ctx context.Context, key string, build MemoBuild) (any, error) {
	if e, ok := m.entries.GetIfPresent(key); ok && m.valid(e, m.c.cfg.Now()) {
		return e.v, nil
	}
	v, err, _ := m.builds.Do(key, func() (any, error) {
		start := m.c.epoch.Load()
		// Detached from the first caller's cancellation, as Cache.Load's
		// builds: the others waiting on it are not failed by its hang-up.
		bctx, cancel := context.WithCancel(context.WithoutCancel(ctx))
		mv, err := build(bctx)
		cancel()
		if err != nil {
			return nil, err
		}
		now := m.c.cfg.Now()
		e := &memoEntry{v: mv.V, owners: mv.Owners, start: start, expires: now.Add(m.c.cfg.Recheck),
			weight: uint32(min(memoOverhead+len(key)+max(mv.Bytes, 0), 1<<31))}
		if !mv.Until.IsZero() && mv.Until.Before(e.expires) {
			e.expires = mv.Until
		}
		if mv.Keep && m.valid(e, now) {
			m.entries.Set(key, e)
		}
		return mv.V, nil
	})
	return v, err
}

// valid is Cache.valid for a value: trusted, not expired, built after
// the last announcement for its owners (any announcement when it has
// none) and the last flush.
func (m *Memo) valid(e *memoEntry, now time.Time) bool {
	c := m.c
	if !c.trusted(now) || !now.Before(e.expires) {
		return false
	}
	last := c.floor.Load()
	if len(e.owners) == 0 {
		last = c.epoch.Load()
	}
	for _, o := range e.owners {
		last = max(last, c.ownerEpoch(o))
	}
	return e.start >= last
}
