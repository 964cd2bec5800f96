package server

import (
	"net/http"
	"time"

	"github.com/stgy/stgypub/pagecache"
)

// writeBody sends a body built for this request only, as cached pages are
// sent (pagecache.Entry.Write): strong ETag, Last-Modified rounded up to
// the second, 304 for matching validators, gzip or br by Accept-Encoding
// with Vary.
// now is the clock that ages the validators (Config.Now).
func writeBody(w http.ResponseWriter, r *http.Request, now time.Time, ctype, cacheControl string, modified time.Time, body []byte) {
	pagecache.Build(pagecache.Page{Body: body, ContentType: ctype, CacheControl: cacheControl, Modified: modified}).Write(w, r, now)
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
