package pagecache

import (
	"net/http"
	"strings"
	"time"
)

// Header values shared by every response (never modified: net/http only
// reads them, and each slice has no spare capacity, so an Add elsewhere
// copies it).
var (
	varyH  = []string{"Accept-Encoding"}
	nosnfH = []string{"nosniff"}
)

// Write sends the entry as the response to r: a 304 when r's validators
// match (If-None-Match, else If-Modified-Since, RFC 9110 §13.2.2), else
// 200 with the variant Accept-Encoding asks for (br, then gzip, then
// identity, by q-value; gzip while the brotli variant is not made yet
// and gzip is acceptable; Vary: Accept-Encoding always), its ETag,
// Last-Modified and Content-Length. No body is hashed, copied or
// compressed here once the entry is prepared. now decides whether Last-Modified can be sent yet: a
// change time rounded up to the next second is not sent before that
// second (RFC 9110 §8.8.2.1), the ETag then decides alone.
func (e *Entry) Write(w http.ResponseWriter, r *http.Request, now time.Time) {
	h := w.Header()
	enc := encIdentity
	if len(e.Body) >= minCompress {
		first, second := chooseEncoding(r.Header.Get("Accept-Encoding"))
		enc = first
		if first == encBrotli && second == encGzip && !e.ready(encBrotli) {
			enc = encGzip // brotli is still being made; gzip is quick to make
		}
	}
	body, etag, length := e.Body, e.etagH, e.length
	var encH []string
	if enc != encIdentity {
		v := e.variant(enc)
		body, etag, length, encH = v.body, v.etagH, v.lengthH, v.encH
	}
	h["Etag"] = etag
	h["Cache-Control"] = e.cache
	if e.csp != nil {
		h["Content-Security-Policy"] = e.csp
	}
	if v := h["Vary"]; len(v) > 0 { // e.g. Origin, from CORS
		h["Vary"] = append(v[:len(v):len(v)], e.vary...)
	} else {
		h["Vary"] = e.vary
	}
	lastMod := e.lastModH != nil && !now.Before(e.lastModAt)
	if lastMod {
		h["Last-Modified"] = e.lastModH
	}
	if e.notModified(r, etag[0], lastMod) {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	h["Content-Type"] = e.ctype
	h["Content-Length"] = length
	h["X-Content-Type-Options"] = nosnfH
	if encH != nil {
		h["Content-Encoding"] = encH
	}
	w.WriteHeader(http.StatusOK)
	if r.Method != http.MethodHead {
		_, _ = w.Write(body)
	}
}

// notModified applies RFC 9110's precedence: If-None-Match (weak
// comparison, "*" matches) when present, else If-Modified-Since against
// the rounded-up Last-Modified, only when Last-Modified is sent.
func (e *Entry) notModified(r *http.Request, etag string, lastMod bool) bool {
	if inm := r.Header.Get("If-None-Match"); inm != "" {
		return etagListMatches(inm, etag)
	}
	if !lastMod {
		return false
	}
	ims := r.Header.Get("If-Modified-Since")
	if ims == "" {
		return false
	}
	t, err := http.ParseTime(ims)
	return err == nil && !e.lastModAt.After(t)
}

// etagListMatches reports whether the If-None-Match list contains etag
// under weak comparison (W/ prefixes ignored) or is "*".
func etagListMatches(list, etag string) bool {
	for list != "" {
		var item string
		item, list, _ = strings.Cut(list, ",")
		item = strings.TrimSpace(item)
		if item == "*" || strings.TrimPrefix(item, "W/") == etag {
			return true
		}
	}
	return false
}

// chooseEncoding picks br or gzip from an Accept-Encoding value by
// q-value (RFC 9110 §12.5.3; "*" stands for both, q=0 refuses; on a tie
// br wins), or identity; second is the other one when it is acceptable
// too (else identity).
func chooseEncoding(ae string) (first, second int) {
	if ae == "" {
		return encIdentity, encIdentity
	}
	qs := [2]float64{-1, -1} // gzip, br; -1 = not mentioned
	star := -1.0
	for ae != "" {
		var item string
		item, ae, _ = strings.Cut(ae, ",")
		name, params, _ := strings.Cut(item, ";")
		name = strings.TrimSpace(name)
		q := 1.0
		if params != "" {
			q = parseQ(params)
		}
		switch {
		case strings.EqualFold(name, "gzip") || strings.EqualFold(name, "x-gzip"):
			qs[encGzip] = q
		case strings.EqualFold(name, "br"):
			qs[encBrotli] = q
		case name == "*":
			star = q
		}
	}
	for i := range qs {
		if qs[i] < 0 {
			qs[i] = star
		}
	}
	first, second = encIdentity, encIdentity
	switch {
	case qs[encBrotli] > 0 && qs[encBrotli] >= qs[encGzip]:
		first = encBrotli
		if qs[encGzip] > 0 {
			second = encGzip
		}
	case qs[encGzip] > 0:
		first = encGzip
		if qs[encBrotli] > 0 {
			second = encBrotli
		}
	}
	return first, second
}

// parseQ reads "q=0.5" among parameters; a malformed q counts as 1 (the
// coding was named), q above 1 as 1.
func parseQ(params string) float64 {
	for params != "" {
		var p string
		p, params, _ = strings.Cut(params, ";")
		k, v, ok := strings.Cut(strings.TrimSpace(p), "=")
		if !ok || !strings.EqualFold(strings.TrimSpace(k), "q") {
			continue
		}
		v = strings.TrimSpace(v)
		if v == "" || len(v) > 5 || (v[0] != '0' && v[0] != '1') {
			return 1
		}
		q, frac := float64(v[0]-'0'), 0.1
		for i := 1; i < len(v); i++ {
			c := v[i]
			if i == 1 {
				if c != '.' {
					return 1
				}
				continue
			}
			if c < '0' || c > '9' {
				return 1
			}
			q += float64(c-'0') * frac
			frac /= 10
		}
		return min(q, 1)
	}
	return 1
}
