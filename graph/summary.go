package graph

import (
	"sync"

	"github.com/cespare/xxhash/v2"
	lru "github.com/hashicorp/golang-lru/v2"

	"github.com/stgy/stgypub"
)

// summaryCacheSize is how many posts' derived texts the resolver keeps.
const summaryCacheSize = 8192

// summaryKey identifies one version of a post's snippet: its ID, and
// the xxhash and length of the snippet (hashing is far cheaper than
// decoding it, and exact whatever the clocks say).
type summaryKey struct {
	id   stgypub.ID
	sum  uint64
	size int
}

// postTexts are what the API shows of a post's snippet: its Summary and
// its digest, decoded once per post version (issue 18.2: never re-parsed
// from the snippet JSON per request).
type postTexts struct {
	summary stgypub.Summary
	digest  string
}

// summaries is the process-wide LRU of postTexts (one per Resolver).
type summaries struct {
	once  sync.Once
	cache *lru.Cache[summaryKey, *postTexts]
}

// texts returns p's summary and digest, decoding p.Snippet on a miss.
func (r *Resolver) texts(p *stgypub.Post) *postTexts {
	r.summaries.once.Do(func() { r.summaries.cache, _ = lru.New[summaryKey, *postTexts](summaryCacheSize) })
	k := summaryKey{id: p.ID, sum: xxhash.Sum64String(p.Snippet), size: len(p.Snippet)}
	if t, ok := r.summaries.cache.Get(k); ok {
		return t
	}
	t := &postTexts{summary: p.Summary(), digest: p.Digest()}
	r.summaries.cache.Add(k, t)
	return t
}
