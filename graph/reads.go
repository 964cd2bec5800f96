package graph

import (
	"context"
	"sync"
	"time"

	"github.com/stgy/stgypub"
)

// Reads records what one response read, for the API's response cache
// (server/api "Response cache", README.md "Caching"): the site owners
// whose data it shows (a write announced for any of them drops it), that
// it depends on every site (the site list, the site-wide ranking, or a
// missing root object that a publication could make appear), and until
// when the figures it shows that change without a write (view counts,
// rankings) hold. It is safe for concurrent use; a nil *Reads records
// nothing.
type Reads struct {
	mu        sync.Mutex
	owners    []stgypub.ID
	crossSite bool
	until     time.Time
}

// Owner records that the response shows owner's data.
func (r *Reads) Owner(owner stgypub.ID) {
	if r == nil || owner == 0 {
		return
	}
	r.mu.Lock()
	for _, o := range r.owners {
		if o == owner {
			r.mu.Unlock()
			return
		}
	}
	r.owners = append(r.owners, owner)
	r.mu.Unlock()
}

// CrossSite records that the response depends on every site.
func (r *Reads) CrossSite() {
	if r == nil {
		return
	}
	r.mu.Lock()
	r.crossSite = true
	r.mu.Unlock()
}

// Until records that part of the response holds only until t.
func (r *Reads) Until(t time.Time) {
	if r == nil || t.IsZero() {
		return
	}
	r.mu.Lock()
	if r.until.IsZero() || t.Before(r.until) {
		r.until = t
	}
	r.mu.Unlock()
}

// Result is what was recorded: the owners (in first-read order), whether
// the response depends on every site, and the earliest Until (zero: no
// bound).
func (r *Reads) Result() (owners []stgypub.ID, crossSite bool, until time.Time) {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]stgypub.ID(nil), r.owners...), r.crossSite, r.until
}

type readsKey struct{}

// WithReads returns ctx recording into r.
func WithReads(ctx context.Context, r *Reads) context.Context {
	return context.WithValue(ctx, readsKey{}, r)
}

// ReadsFrom returns ctx's recorder, nil when there is none.
func ReadsFrom(ctx context.Context) *Reads {
	r, _ := ctx.Value(readsKey{}).(*Reads)
	return r
}
