package server

import (
	"bytes"
	"encoding/hex"
	"net/http"
	"time"

	"github.com/cespare/xxhash/v2"
)

// writeBody sends a rendered body with a strong ETag (xxhash64 of the
// bytes), Last-Modified and Cache-Control, answering If-None-Match and
// If-Modified-Since with 304 through http.ServeContent (RFC 9110 rules:
// If-None-Match wins over If-Modified-Since).
func writeBody(w http.ResponseWriter, r *http.Request, ctype, cacheControl string, modified time.Time, body []byte) {
	sum := xxhash.Sum64(body)
	var b [8]byte
	for i := 7; i >= 0; i-- {
		b[i] = byte(sum)
		sum >>= 8
	}
	h := w.Header()
	h.Set("Content-Type", ctype)
	h.Set("Cache-Control", cacheControl)
	h.Set("ETag", `"`+hex.EncodeToString(b[:])+`"`)
	h.Set("X-Content-Type-Options", "nosniff")
	http.ServeContent(w, r, "", modified.UTC().Truncate(time.Second), bytes.NewReader(body))
}

// pageCacheControl lets browsers and proxies keep public pages but
// revalidate every time, since Recent and Popular change.
const pageCacheControl = "public, no-cache"

const htmlType = "text/html; charset=utf-8"

// latest returns the latest of the non-nil times (zero when none).
func latest(ts ...*time.Time) time.Time {
	var out time.Time
	for _, t := range ts {
		if t != nil && t.After(out) {
			out = *t
		}
	}
	return out
}
