// Package httpbody reads request bodies under a byte limit, the one rule
// of every endpoint that takes a body (the GraphQL POST, the ActivityPub
// inbox, the archive restore): a declared Content-Length over the limit
// is refused before a byte is read, so a client announcing a large body
// cannot hold the handler waiting for it, and a body that turns out
// longer (chunked, or a Content-Length that lies) is refused as soon as
// it passes the limit.
package httpbody

import (
	"errors"
	"io"
	"net/http"
)

// ErrTooLarge is returned for a body over the limit.
var ErrTooLarge = errors.New("request body over the limit")

// Declared reports whether r announces a body longer than limit bytes.
func Declared(r *http.Request, limit int64) bool { return r.ContentLength > limit }

// Read returns r's whole body, at most limit bytes: ErrTooLarge when it
// is declared or turns out longer, the reader's error when it fails.
func Read(r *http.Request, limit int64) ([]byte, error) {
	if Declared(r, limit) {
		return nil, ErrTooLarge
	}
	b, err := io.ReadAll(io.LimitReader(r.Body, limit+1))
	if err != nil {
		return nil, err
	}
	if int64(len(b)) > limit {
		return nil, ErrTooLarge
	}
	return b, nil
}
