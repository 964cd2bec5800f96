package pagecache

import (
	"bytes"
	"encoding/hex"
	"net/http"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/andybalholm/brotli"
	"github.com/cespare/xxhash/v2"
	"github.com/klauspost/compress/gzip"

	"github.com/stgy/stgypub"
)

// Compression levels of the variants, built once per entry: gzip 6 is
// gzip's default; brotli 6 is about 7% smaller than gzip on our pages but
// several times slower to make, so it is made in the background after the
// build (a miss is answered in gzip) and then served to every hit.
const (
	GzipLevel   = 6
	BrotliLevel = 6
	// minCompress is the smallest body worth compressing.
	minCompress = 512
)

// Page is what a handler builds: the final bytes of a 200 response and
// what decides how long they stay right.
type Page struct {
	Body         []byte
	ContentType  string // e.g. "text/html; charset=utf-8"
	CacheControl string // e.g. "public, no-cache"
	// CSP, when set, is the page's Content-Security-Policy (it replaces
	// the server's default: the page loads share widgets or Analytics).
	CSP string
	// Modified is the exact time of the last change the page shows (zero:
	// unknown, no Last-Modified is sent).
	Modified time.Time
	// Owner is the site owner whose page version the page depends on; 0
	// for pages that show every site (home page, sitemap), which any
	// announcement invalidates.
	Owner stgypub.ID
	// Owners are further owners the page depends on (an API response
	// reading several sites): an announcement for any of them, or for
	// Owner, invalidates it. Versions are their page versions when it
	// was built, as Version is Owner's.
	Owners   []stgypub.ID
	Versions []int64
	// Vary lists request headers besides Accept-Encoding that select
	// this response (e.g. "Accept" for the API).
	Vary string
	// Version is the owner's site change time the page was built from
	// (stgypub.PubArticle.SiteChanged), in µs since the epoch; 0 when
	// unknown (the page is then rebuilt whenever the owner's version is
	// checked and found set).
	Version int64
	// Expires, when not zero, is when the page stops being right without
	// any write: the owner's next scheduled publication, the expiry of
	// the Popular ranking or view count it shows. The cache also applies
	// Config.MaxAge.
	Expires time.Time
	// View is set on article pages: the page view to record for each
	// reader (everything but the fingerprint), so a hit needs no
	// database read and no digest computation.
	View *stgypub.View
}

// Entry is a built page ready to be written: its bytes, strong ETag,
// Last-Modified and the gzip and brotli variants (built on first use,
// once). Entries are immutable once built and shared by every request.
type Entry struct {
	Page
	start   uint64 // cache epoch when the build started (Cache.valid)
	expires time.Time

	etag, lastMod        string
	lastModAt            time.Time // Modified rounded up to the second
	ctype, cache, length []string
	csp                  []string
	etagH, lastModH      []string
	vary                 []string
	variants             [2]variant // gzip, br

	verified lastCheck // when the owner's version was last confirmed
}

type variant struct {
	once                 sync.Once
	done                 atomic.Bool // body and headers are set
	body                 []byte
	etagH, lengthH, encH []string
}

// newEntry hashes the body (xxhash64, the strong ETag) and formats the
// headers once.
// The body is kept as a right-sized copy when its backing array is larger
// (a builder's grown buffer), so the cache keeps what it counts.
func newEntry(p Page, start uint64) *Entry {
	p.Body = rightSized(p.Body)
	e := &Entry{Page: p, start: start}
	sum := xxhash.Sum64(p.Body)
	var b [8]byte
	for i := 7; i >= 0; i-- {
		b[i] = byte(sum)
		sum >>= 8
	}
	e.etag = `"` + hex.EncodeToString(b[:]) + `"`
	e.etagH = []string{e.etag}
	e.ctype = []string{p.ContentType}
	e.cache = []string{p.CacheControl}
	if p.CSP != "" {
		e.csp = []string{p.CSP}
	}
	e.length = []string{strconv.Itoa(len(p.Body))}
	e.vary = varyH
	if p.Vary != "" {
		e.vary = []string{"Accept-Encoding, " + p.Vary}
	}
	if !p.Modified.IsZero() {
		e.lastModAt = CeilSecond(p.Modified)
		e.lastMod = e.lastModAt.Format(http.TimeFormat)
		e.lastModH = []string{e.lastMod}
	}
	return e
}

// CeilSecond rounds t up to a whole second in UTC: Last-Modified and
// If-Modified-Since have one-second granularity, and a validator rounded
// down would call a page changed later in the same second "not modified"
// (issue 9.16). Rounded up it only ever errs towards a 200.
func CeilSecond(t time.Time) time.Time {
	t = t.UTC()
	if r := t.Truncate(time.Second); !r.Equal(t) {
		return r.Add(time.Second)
	}
	return t
}

// rightSized returns b, or a copy of it in an allocation of its own size
// when b's backing array has spare capacity: a slice keeps its whole
// array alive (a 64 KiB buffer behind a 20 KiB page).
func rightSized(b []byte) []byte {
	if cap(b) == len(b) {
		return b
	}
	return append(make([]byte, 0, len(b)), b...)
}

// entryOverhead is the fixed memory of an entry beyond its bodies: the
// Entry, its header slices and strings, the cache's node.
const entryOverhead = 1024

// weight is the entry's memory in bytes: its body's capacity and its
// variants' (once built; until then estimated at 45% of the body, which
// Cache.reweigh corrects after Prepare) plus a fixed overhead.
func (e *Entry) weight() uint32 {
	n := cap(e.Body) + entryOverhead + len(e.CSP) + len(e.ContentType) + len(e.CacheControl) + 16*len(e.Owners)
	if len(e.Body) >= minCompress {
		if e.ready(encGzip) && e.ready(encBrotli) {
			n += cap(e.variants[encGzip].body) + cap(e.variants[encBrotli].body)
		} else {
			n += len(e.Body) * 45 / 100
		}
	}
	return uint32(min(n, 1<<31))
}

// encoding indexes Entry.variants; identity is -1.
const (
	encIdentity = -1
	encGzip     = 0
	encBrotli   = 1
)

var encNames = [2]string{"gzip", "br"}

// variant returns the body, ETag, Content-Length and Content-Encoding
// header values of encoding enc, compressing on first use.
func (e *Entry) variant(enc int) *variant {
	v := &e.variants[enc]
	v.once.Do(func() {
		var buf bytes.Buffer
		buf.Grow(len(e.Body) / 3)
		switch enc {
		case encGzip:
			zw, _ := gzip.NewWriterLevel(&buf, GzipLevel) // a valid level never fails
			_, _ = zw.Write(e.Body)
			_ = zw.Close()
		case encBrotli:
			bw := brotli.NewWriterLevel(&buf, BrotliLevel)
			_, _ = bw.Write(e.Body)
			_ = bw.Close()
		}
		v.body = rightSized(buf.Bytes())
		v.etagH = []string{e.etag[:len(e.etag)-1] + "-" + encNames[enc] + `"`}
		v.lengthH = []string{strconv.Itoa(len(v.body))}
		v.encH = []string{encNames[enc]}
		v.done.Store(true)
	})
	return v
}

// ready reports whether variant enc is built.
func (e *Entry) ready(enc int) bool { return e.variants[enc].done.Load() }

// Prepare builds the compressed variants now (the cache runs it in the
// background right after a build, so hits do not compress).
func (e *Entry) Prepare() {
	if len(e.Body) >= minCompress {
		e.variant(encGzip)
		e.variant(encBrotli)
	}
}

// Size is the entry's bytes: body plus the variants built so far.
func (e *Entry) Size() int {
	n := len(e.Body)
	for i := range e.variants {
		n += len(e.variants[i].body)
	}
	return n
}

// ETag is the strong ETag of the identity body.
func (e *Entry) ETag() string { return e.etag }
