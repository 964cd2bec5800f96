package server

import (
	"time"

	lru "github.com/hashicorp/golang-lru/v2"
)

// MaxPageDataTTL bounds Config.PageDataTTL: edits made through another
// process show within this time.
const MaxPageDataTTL = time.Second

// pageDataEntries is the size of each page-data cache.
const pageDataEntries = 4096

// dataCache keeps fetched page data (never rendered bytes, never the view
// recording) for a short TTL, per process. Entries are shared between
// requests and must not be modified. A nil *dataCache fetches every time.
type dataCache[K comparable, V any] struct {
	ttl     time.Duration
	entries *lru.Cache[K, timed[V]]
}

type timed[V any] struct {
	v       V
	expires time.Time
}

// newDataCache returns nil (no caching) when ttl is 0.
func newDataCache[K comparable, V any](ttl time.Duration) *dataCache[K, V] {
	if ttl <= 0 {
		return nil
	}
	entries, _ := lru.New[K, timed[V]](pageDataEntries) // size > 0 never fails
	return &dataCache[K, V]{ttl: ttl, entries: entries}
}

// get returns the cached value of key while fresh, else fetch's result,
// which it keeps when fetch succeeds. Errors (NOT_FOUND included) are not
// kept.
func (c *dataCache[K, V]) get(key K, fetch func() (V, error)) (V, error) {
	if c == nil {
		return fetch()
	}
	now := time.Now()
	if e, ok := c.entries.Get(key); ok && now.Before(e.expires) {
		return e.v, nil
	}
	v, err := fetch()
	if err == nil {
		c.entries.Add(key, timed[V]{v: v, expires: now.Add(c.ttl)})
	}
	return v, err
}

// peek returns the cached value of key while fresh.
func (c *dataCache[K, V]) peek(key K) (V, bool) {
	var zero V
	if c == nil {
		return zero, false
	}
	if e, ok := c.entries.Get(key); ok && time.Now().Before(e.expires) {
		return e.v, true
	}
	return zero, false
}
