package httpbody

import (
	"errors"
	"io"
	"net/http/httptest"
	"strings"
	"testing"
)

// blocking is a body that never ends: reading it past what was given
// would hang the test.
type blocking struct{ given io.Reader }

func (b *blocking) Read(p []byte) (int, error) {
	n, err := b.given.Read(p)
	if err == io.EOF {
		select {} // a client that announced more and sends nothing
	}
	return n, err
}

func TestRead(t *testing.T) {
	for _, tc := range []struct {
		name     string
		body     string
		declared int64
		want     string
		err      error
	}{
		{"within", "abc", 3, "abc", nil},
		{"at the limit", "abcd", 4, "abcd", nil},
		{"chunked within", "abcd", -1, "abcd", nil},
		{"chunked over", "abcde", -1, "", ErrTooLarge},
		{"declared over, nothing sent", "", 300000, "", ErrTooLarge},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := httptest.NewRequest("POST", "/", nil)
			r.Body = io.NopCloser(strings.NewReader(tc.body))
			if tc.declared == 300000 {
				r.Body = io.NopCloser(&blocking{strings.NewReader(tc.body)})
			}
			r.ContentLength = tc.declared
			got, err := Read(r, 4)
			if !errors.Is(err, tc.err) || string(got) != tc.want {
				t.Fatalf("Read = %q, %v; want %q, %v", got, err, tc.want, tc.err)
			}
		})
	}
}
