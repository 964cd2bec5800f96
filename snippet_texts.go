package stgypub

import (
	"sync/atomic"
	"unsafe"

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
	slot := textsSlot(snippet)
	if e := slot.Load(); e != nil && unsafe.StringData(e.s) == unsafe.StringData(snippet) && len(e.s) == len(snippet) {
		return e.t
	}
	k := snippetKey{xxhash.Sum64String(snippet), len(snippet)}
	t, ok := snippetTexts.Get(k)
	if !ok {
		t = &SnippetTexts{Summary: SummarizeSnippet(snippet), Digest: SnippetDigest(snippet)}
		snippetTexts.Add(k, t)
	}
	slot.Store(&textsEntry{snippet, t})
	return t
}

// textsByAddress is a direct-mapped table in front of the LRU, by the
// snippet string's identity (the address and length of its bytes): a
// post the API's read cache holds is the same string request after
// request, and its texts are found there without hashing the snippet
// (the API reads them for title, description and digest of every listed
// post). An entry holds the string itself, so its bytes cannot be freed
// and their address reused by another string while the entry exists: an
// equal address and length is an equal string. At most
// len(textsByAddress) snippets are held this way.
var textsByAddress [1024]atomic.Pointer[textsEntry]

// textsEntry is one snippet string and its texts.
type textsEntry struct {
	s string
	t *SnippetTexts
}

// textsSlot is snippet's slot of textsByAddress.
func textsSlot(snippet string) *atomic.Pointer[textsEntry] {
	a := uintptr(unsafe.Pointer(unsafe.StringData(snippet)))
	return &textsByAddress[(a>>4^a>>14)%uintptr(len(textsByAddress))]
}
