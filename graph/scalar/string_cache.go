package scalar

import (
	"sync"
	"unsafe"
)

// Large strings (an article's HTML, 50 KB and more) are usually the same
// string value request after request: article.Articles hands out the one
// string its LRU holds. Their quoted form is kept by the string's
// identity (the address and length of its bytes), so MarshalString
// escapes each once. An entry holds the string itself, so its bytes
// cannot be freed and their address reused by another string while the
// entry exists: an equal address and length is an equal string. A string
// built anew per request only misses (one map insert, one copy).
const (
	// quotedMinLen is the shortest string whose quoted form is kept.
	quotedMinLen = 4 << 10
	// quotedMaxBytes bounds the kept forms (and the strings they pin);
	// past it the cache starts empty again.
	quotedMaxBytes = 8 << 20
)

var quoted = struct {
	sync.RWMutex
	m     map[*byte]quotedString
	bytes int
}{m: map[*byte]quotedString{}}

// quotedString is s and AppendString(nil, s).
type quotedString struct {
	s string
	q []byte
}

// quotedOf returns AppendString(nil, s) for a string of at least
// quotedMinLen bytes, from the cache when s was quoted before. The
// result is shared: callers only read it.
func quotedOf(s string) []byte {
	p := unsafe.StringData(s)
	quoted.RLock()
	e, ok := quoted.m[p]
	quoted.RUnlock()
	if ok && len(e.s) == len(s) {
		return e.q
	}
	q := AppendString(make([]byte, 0, len(s)+len(s)/16+2), s)
	quoted.Lock()
	if quoted.bytes+len(s)+len(q) > quotedMaxBytes {
		clear(quoted.m)
		quoted.bytes = 0
	}
	if old, ok := quoted.m[p]; ok {
		quoted.bytes -= len(old.s) + len(old.q)
	}
	quoted.m[p] = quotedString{s: s, q: q}
	quoted.bytes += len(s) + len(q)
	quoted.Unlock()
	return q
}
