package pagecache

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/andybalholm/brotli"
	"github.com/klauspost/compress/gzip"
)

var t0 = time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)

func page(body string, modified time.Time) Page {
	return Page{Body: []byte(body), ContentType: "text/html; charset=utf-8", CacheControl: "public, no-cache", Modified: modified}
}

func do(e *Entry, now time.Time, method string, hdr ...string) *httptest.ResponseRecorder {
	r := httptest.NewRequest(method, "/x", nil)
	for i := 0; i+1 < len(hdr); i += 2 {
		r.Header.Set(hdr[i], hdr[i+1])
	}
	w := httptest.NewRecorder()
	e.Write(w, r, now)
	return w
}

// TestEncodings: the variant follows Accept-Encoding's q-values (br on a
// tie, q=0 refuses, * stands for both), decodes to the same bytes, carries
// its own ETag and Content-Length, and every answer says Vary.
func TestEncodings(t *testing.T) {
	body := strings.Repeat("<p>Hello, compressed world.</p>\n", 200)
	// Before the brotli variant is made, a client that takes gzip too
	// gets gzip; one that takes only br waits for it.
	fresh := Build(page(body, t0))
	if w := do(fresh, t0.Add(time.Hour), http.MethodGet, "Accept-Encoding", "gzip, deflate, br"); w.Header().Get("Content-Encoding") != "gzip" {
		t.Errorf("unprepared entry, br and gzip acceptable: %q, want gzip", w.Header().Get("Content-Encoding"))
	}
	if w := do(fresh, t0.Add(time.Hour), http.MethodGet, "Accept-Encoding", "br"); w.Header().Get("Content-Encoding") != "br" {
		t.Errorf("unprepared entry, only br acceptable: %q", w.Header().Get("Content-Encoding"))
	}
	e := Build(page(body, t0))
	e.Prepare()
	tests := []struct{ ae, want string }{
		{"", ""},
		{"gzip", "gzip"},
		{"gzip, deflate, br", "br"},
		{"br;q=0, gzip", "gzip"},
		{"gzip;q=0.5, br;q=0.4", "gzip"},
		{"gzip;q=0.5, br;q=0.5", "br"},
		{"*", "br"},
		{"*;q=0, identity", ""},
		{"deflate", ""},
		{"GZIP;Q=1.0", "gzip"},
		{"br;q=0.000, gzip;q=0", ""},
		{"x-gzip", "gzip"},
	}
	etags := map[string]string{}
	for _, tt := range tests {
		w := do(e, t0.Add(time.Hour), http.MethodGet, "Accept-Encoding", tt.ae)
		if got := w.Header().Get("Content-Encoding"); got != tt.want {
			t.Errorf("Accept-Encoding %q: Content-Encoding %q, want %q", tt.ae, got, tt.want)
			continue
		}
		if w.Header().Get("Vary") != "Accept-Encoding" {
			t.Errorf("Accept-Encoding %q: Vary = %q", tt.ae, w.Header().Get("Vary"))
		}
		n := w.Body.Len()
		var rd io.Reader = w.Body
		switch tt.want {
		case "gzip":
			zr, err := gzip.NewReader(w.Body)
			if err != nil {
				t.Fatal(err)
			}
			rd = zr
		case "br":
			rd = brotli.NewReader(w.Body)
		}
		got, err := io.ReadAll(rd)
		if err != nil || string(got) != body {
			t.Errorf("Accept-Encoding %q: body does not decode to the page (%v)", tt.ae, err)
		}
		if w.Header().Get("Content-Length") != strconv.Itoa(n) {
			t.Errorf("Accept-Encoding %q: Content-Length %s for %d bytes", tt.ae, w.Header().Get("Content-Length"), n)
		}
		if tt.want != "" && n >= len(body)/2 {
			t.Errorf("%s body is %d bytes of %d", tt.want, n, len(body))
		}
		etags[tt.want] = w.Header().Get("ETag")
	}
	if len(etags) != 3 || etags[""] == etags["gzip"] || etags["gzip"] == etags["br"] {
		t.Errorf("ETags per encoding = %v, want three different ones", etags)
	}
	// A small body is sent as it is.
	small := Build(page("<p>tiny</p>", t0))
	if w := do(small, t0.Add(time.Hour), http.MethodGet, "Accept-Encoding", "br, gzip"); w.Header().Get("Content-Encoding") != "" || w.Body.String() != "<p>tiny</p>" {
		t.Errorf("small body: encoding %q, body %q", w.Header().Get("Content-Encoding"), w.Body.String())
	}
}

// TestValidators (issue 9.16): Last-Modified is the change time rounded
// up to the second and not sent before that second; If-None-Match wins
// over If-Modified-Since; two edits within one second never let an
// If-Modified-Since from the first keep the second away.
func TestValidators(t *testing.T) {
	first := t0.Add(200 * time.Millisecond)
	second := t0.Add(700 * time.Millisecond) // the same second
	e1 := Build(page("<p>first edit</p>", first))
	// Served within the change's own second: no Last-Modified yet.
	if w := do(e1, t0.Add(300*time.Millisecond), http.MethodGet); w.Header().Get("Last-Modified") != "" {
		t.Errorf("Last-Modified %q sent before its second", w.Header().Get("Last-Modified"))
	}
	w := do(e1, t0.Add(time.Second), http.MethodGet)
	lm := w.Header().Get("Last-Modified")
	if lm != t0.Add(time.Second).Format(http.TimeFormat) {
		t.Fatalf("Last-Modified = %q, want the change time rounded up (%s)", lm, t0.Add(time.Second).Format(http.TimeFormat))
	}
	etag1 := w.Header().Get("ETag")
	if w := do(e1, t0.Add(2*time.Second), http.MethodGet, "If-Modified-Since", lm); w.Code != http.StatusNotModified || w.Body.Len() != 0 {
		t.Errorf("unchanged page with its own date: %d", w.Code)
	}
	// The second edit of the same second: a client holding the first
	// page's date gets the new page, never a 304.
	e2 := Build(page("<p>second edit</p>", second))
	for _, now := range []time.Time{t0.Add(800 * time.Millisecond), t0.Add(time.Second), t0.Add(5 * time.Second)} {
		w := do(e2, now, http.MethodGet, "If-Modified-Since", t0.Format(http.TimeFormat))
		if w.Code != 200 || w.Body.String() != "<p>second edit</p>" {
			t.Errorf("at %s, If-Modified-Since the first edit's floor: %d", now.Format("15:04:05.000"), w.Code)
		}
	}
	if w := do(e2, t0.Add(5*time.Second), http.MethodGet, "If-None-Match", etag1, "If-Modified-Since", lm); w.Code != 200 {
		t.Errorf("old ETag with a matching date: %d, want 200 (If-None-Match decides)", w.Code)
	}
	for _, inm := range []string{etag1, "W/" + etag1, `"other", ` + etag1, "*"} {
		if w := do(e1, t0.Add(5*time.Second), http.MethodGet, "If-None-Match", inm, "If-Modified-Since", "Mon, 01 Jan 2001 00:00:00 GMT"); w.Code != http.StatusNotModified {
			t.Errorf("If-None-Match %s: %d, want 304", inm, w.Code)
		}
	}
	if w := do(e1, t0.Add(5*time.Second), http.MethodGet, "If-None-Match", `"other"`); w.Code != 200 {
		t.Errorf("other ETag: %d", w.Code)
	}
	// HEAD: headers with the length, no body.
	if w := do(e1, t0.Add(5*time.Second), http.MethodHead); w.Code != 200 || w.Body.Len() != 0 || w.Header().Get("Content-Length") != "17" {
		t.Errorf("HEAD: %d, %d body bytes, Content-Length %q", w.Code, w.Body.Len(), w.Header().Get("Content-Length"))
	}
	// A whole-second change time is its own Last-Modified.
	if got := CeilSecond(t0); !got.Equal(t0) {
		t.Errorf("CeilSecond(%v) = %v", t0, got)
	}
	if !bytes.Equal(e1.Body, []byte("<p>first edit</p>")) {
		t.Error("Write changed the entry")
	}
}

// TestEntryKeepsRightSizedBytes: a body built in a grown buffer (as
// buildPub's 64 KiB one) is kept as a copy of its own size, the variants
// too, and the weight counts what is kept, after Prepare exactly.
func TestEntryKeepsRightSizedBytes(t *testing.T) {
	for _, n := range []int{100, 4 << 10, 20 << 10, 70 << 10} {
		t.Run(strconv.Itoa(n), func(t *testing.T) {
			var buf bytes.Buffer
			buf.Grow(128 << 10)
			for i := 0; buf.Len() < n; i++ {
				buf.WriteString("<p>paragraph " + strconv.Itoa(i) + " of a page</p>\n")
			}
			c, _ := newLocal(t, 0)
			key := Key{Kind: KindPub, ID: 1}
			e, err := c.Load(t.Context(), key, func(context.Context) (Page, error) {
				return Page{Body: buf.Bytes(), ContentType: "text/html"}, nil
			})
			if err != nil {
				t.Fatal(err)
			}
			if cap(e.Body) != len(e.Body) || len(e.Body) != buf.Len() {
				t.Errorf("body kept with cap %d for len %d (buffer %d)", cap(e.Body), len(e.Body), buf.Len())
			}
			c.prepare(key, e) // what Load started in the background, again (idempotent)
			for i := range e.variants {
				if b := e.variants[i].body; len(e.Body) >= minCompress && (len(b) == 0 || cap(b) != len(b)) {
					t.Errorf("variant %s kept with cap %d for len %d", encNames[i], cap(b), len(b))
				}
			}
			want := int64(len(e.Body) + entryOverhead + len("text/html"))
			for i := range e.variants {
				want += int64(len(e.variants[i].body))
			}
			if got := c.Bytes(); got != want {
				t.Errorf("cache weight %d, want %d (body %d + variants + overhead)", got, want, len(e.Body))
			}
		})
	}
}
