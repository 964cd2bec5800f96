package api

import (
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"net/http"
	"strconv"
	"strings"

	"github.com/stgy/stgypub"
)

// bufWriter holds gqlgen's response so that ServeHTTP can choose its
// status, media type and caching headers once the operation has run
// (finish). Headers go straight to the real writer's map.
type bufWriter struct {
	h      http.Header
	status int
	buf    bytes.Buffer
	// data and tail follow buf when writeResponse lent its data
	// (writeParts).
	data, tail []byte
}

func (b *bufWriter) Header() http.Header { return b.h }

// Grow and AvailableBuffer lend the buffer's free space (appendWriter).
func (b *bufWriter) Grow(n int)              { b.buf.Grow(n) }
func (b *bufWriter) AvailableBuffer() []byte { return b.buf.AvailableBuffer() }

// writeParts makes the response buf's bytes, then head, data and tail:
// writeResponse lends gqlgen's data buffer instead of copying it (an
// article's 56 KB HTML would be allocated twice). body joins them.
func (b *bufWriter) writeParts(head, data, tail []byte) {
	if b.status == 0 {
		b.status = http.StatusOK
	}
	b.body() // anything lent before comes first
	b.buf.Write(head)
	b.data, b.tail = data, tail
}

// body is the whole response in one slice (lent data copied in).
func (b *bufWriter) body() []byte {
	if b.data != nil || b.tail != nil {
		b.buf.Grow(len(b.data) + len(b.tail))
		b.buf.Write(b.data)
		b.buf.Write(b.tail)
		b.data, b.tail = nil, nil
	}
	return b.buf.Bytes()
}

func (b *bufWriter) WriteHeader(code int) {
	if b.status == 0 {
		b.status = code
	}
}

func (b *bufWriter) Write(p []byte) (int, error) {
	if b.status == 0 {
		b.status = http.StatusOK
	}
	b.body() // lent data, if any, stays before p
	return b.buf.Write(p)
}

// finish writes the buffered GraphQL response (docs/API.md "HTTP
// statuses" and "Caching"):
//   - status: a status the request set (429, 403, 405), else 503 when a
//     dependency was unavailable, else for a request error (nothing
//     executed: the document did not parse or validate, a variable did
//     not coerce, a limit refused it) requestErrorStatus of the media
//     type, and the response loses its "data" entry; else 200;
//   - Content-Type: the negotiated JSON media type, UTF-8;
//   - caching: a GET by a client without credentials whose operation
//     ran without errors and read nothing per-client is
//     "public, max-age=…, s-maxage=…" with a strong ETag, answered 304
//     when If-None-Match matches; everything else is no-store.
func (a *api) finish(w http.ResponseWriter, r *http.Request, rq *request, bw *bufWriter) {
	status := http.StatusOK
	switch {
	case rq.status != 0:
		status = rq.status
	case rq.clientClosed.Load() || stgypub.ClientClosed(r.Context(), r.Context().Err()):
		status = stgypub.StatusClientClosedRequest
	case rq.unavailable.Load():
		status = http.StatusServiceUnavailable
		w.Header().Set("Retry-After", "5")
	case !rq.executed:
		status = requestErrorStatus(rq.media)
	}
	h := w.Header()
	h.Set("Content-Type", contentType(rq.media))
	h.Del("Content-Length")
	if rq.get {
		h.Add("Vary", "Accept, Authorization, Cookie")
	} else {
		h.Add("Vary", "Accept")
	}
	if status == http.StatusOK && storable(rq, h) {
		rq.page = a.responsePage(rq, fullBody(rq, bw))
		return
	}
	if status != http.StatusOK || !a.cacheable(rq, h) {
		h.Set("Cache-Control", "no-store")
		if rq.executed && rq.media != mediaMultipart {
			writeBody(w, status, bw.buf.Bytes(), bw.data, bw.tail) // lent data as it is
		} else {
			writeBody(w, status, fullBody(rq, bw))
		}
		return
	}
	body := fullBody(rq, bw)
	sum := sha256.Sum256(body)
	etag := `"` + base64.RawURLEncoding.EncodeToString(sum[:18]) + `"`
	h.Set("Cache-Control", "public, max-age="+seconds(a.cfg.CacheMaxAge)+", s-maxage="+seconds(a.cfg.CacheSharedMaxAge))
	h.Set("ETag", etag)
	if etagMatch(r.Header.Get("If-None-Match"), etag) {
		h.Del("Content-Type")
		w.WriteHeader(http.StatusNotModified)
		return
	}
	writeBody(w, status, body)
}

// fullBody is bw's response in one slice as finish sends it: without
// "data" after a request error, framed for a multipart client.
func fullBody(rq *request, bw *bufWriter) []byte {
	body := bw.body()
	if !rq.executed {
		body = withoutData(body)
	}
	if rq.media == mediaMultipart {
		body = multipartBody(body)
	}
	return body
}

// writeBody sends a complete response body (its parts in order) with its
// Content-Length, as response-cache entries are sent: not chunked (the
// compression middleware drops the length when it compresses).
func writeBody(w http.ResponseWriter, status int, body ...[]byte) {
	n := 0
	for _, b := range body {
		n += len(b)
	}
	w.Header().Set("Content-Length", strconv.Itoa(n))
	w.WriteHeader(status)
	for _, b := range body {
		if len(b) > 0 {
			_, _ = w.Write(b)
		}
	}
}

// cacheable reports whether a successful response may be stored by
// browsers and shared caches: a GET (POST responses are not cached by
// HTTP caches) whose operation ran without errors, by a client whose
// credentials were not considered or who had none, that read no
// per-client field (requestMarks) and sets no cookie.
func (a *api) cacheable(rq *request, h http.Header) bool {
	return rq.get && rq.executed && !rq.errored.Load() && !rq.private.Load() &&
		!rq.credentialed && len(h.Values("Set-Cookie")) == 0 && a.cfg.CacheMaxAge >= 0
}

func seconds(d interface{ Seconds() float64 }) string {
	return strconv.Itoa(int(d.Seconds()))
}

// etagMatch reports whether an If-None-Match header names etag: "*", or
// etag itself, weak (W/) or with the -gzip/-zstd suffix the compression
// middleware gives the ETag of a compressed response.
func etagMatch(header, etag string) bool {
	if header == "" {
		return false
	}
	for t := range strings.SplitSeq(header, ",") {
		t = strings.TrimPrefix(strings.TrimSpace(t), "W/")
		if t == "*" || t == etag {
			return true
		}
		for _, sfx := range []string{"-gzip", "-zstd"} {
			if strings.HasSuffix(t, sfx+`"`) && strings.TrimSuffix(t, sfx+`"`)+`"` == etag {
				return true
			}
		}
	}
	return false
}

// withoutData drops the "data" entry of a request error's response (the
// GraphQL-over-HTTP specification: a request error has no data). The
// body is gqlgen's encoding of a *graphql.Response; anything that does
// not decode is returned as it was.
func withoutData(body []byte) []byte {
	var m map[string]json.RawMessage
	if json.Unmarshal(body, &m) != nil {
		return body
	}
	if _, ok := m["data"]; !ok {
		return body
	}
	delete(m, "data")
	out := []byte(`{"errors":`)
	if e, ok := m["errors"]; ok {
		out = append(out, e...)
	} else {
		out = append(out, "[]"...)
	}
	if x, ok := m["extensions"]; ok {
		out = append(out, `,"extensions":`...)
		out = append(out, x...)
	}
	return append(out, '}', '\n')
}

// multipartBody is a complete JSON result as the one part of an
// incremental delivery response (multipart/mixed, boundary "-", the
// format Apollo Client and urql read), marked hasNext false.
func multipartBody(body []byte) []byte {
	body = bytes.TrimRight(body, "\n")
	var b bytes.Buffer
	b.WriteString("\r\n---\r\nContent-Type: application/json; charset=utf-8\r\n\r\n")
	if n := len(body); n > 0 && body[n-1] == '}' {
		b.Write(body[:n-1])
		if n > 2 {
			b.WriteByte(',')
		}
		b.WriteString(`"hasNext":false}`)
	} else {
		b.Write(body)
	}
	b.WriteString("\r\n-----\r\n")
	return b.Bytes()
}
