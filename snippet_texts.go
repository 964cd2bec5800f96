package stgypub

import (
	"github.com/cespare/xxhash/v2"
	lru "github.com/hashicorp/golang-lru/v2"
)

// SnippetTexts is what readers are shown of one snippet: its Summary
// (title, description, image) and its digest (SnippetDigest).
type SnippetTexts struct {
	Summary Summary
	Digest  string
}

// snippetTextsSize is how many snippets' texts TextsOf keeps.
const snippetTextsSize = 8192

// snippetKey identifies one snippet by its xxhash and length: hashing is
// far cheaper than decoding it, and the texts depend on the snippet alone,
// so an edited post is a new key and nothing needs invalidating.
type snippetKey struct {
	sum  uint64
	size int
}

var snippetTexts, _ = lru.New[snippetKey, *SnippetTexts](snippetTextsSize)

// TextsOf returns snippet's Summary and digest, decoded once per snippet
// version and remembered in a process-wide LRU of the last 8192 snippets
// (the API's post fields and the owners' Stats titles never re-parse the
// snippet JSON per request). The result is shared: callers must not
// modify it.
func TextsOf(snippet string) *SnippetTexts {
	k := snippetKey{xxhash.Sum64String(snippet), len(snippet)}
	if t, ok := snippetTexts.Get(k); ok {
		return t
	}
	t := &SnippetTexts{Summary: SummarizeSnippet(snippet), Digest: SnippetDigest(snippet)}
	snippetTexts.Add(k, t)
	return t
}
