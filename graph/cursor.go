package graph

import (
	"encoding/base64"
	"strconv"
	"strings"
	"time"

	"github.com/stgy/stgypub"
)

// Cursors of publication-ordered lists (docs/API.md "Cursors") are opaque
// strings: base64url (no padding) of "p1:" + the post's published_at in
// microseconds since the Unix epoch + ":" + its ID in hex. They name a
// position, not a page, so they stay valid however the list changes, in
// either order.
const cursorPrefix = "p1:"

// encodeCursor is the cursor just after p in its list.
func encodeCursor(p *stgypub.Post) string {
	var at int64
	if p.PublishedAt != nil {
		at = p.PublishedAt.UnixMicro()
	}
	return base64.RawURLEncoding.EncodeToString([]byte(cursorPrefix + strconv.FormatInt(at, 10) + ":" + p.ID.String()))
}

// decodeCursor reads a cursor of encodeCursor; anything else is
// BAD_USER_INPUT naming the after argument.
func decodeCursor(s string) (*stgypub.PostCursor, error) {
	bad := stgypub.FieldErrorf("after", "after is not a cursor of this list (use a cursor or endCursor this API returned)")
	b, err := base64.RawURLEncoding.DecodeString(s)
	if err != nil || !strings.HasPrefix(string(b), cursorPrefix) {
		return nil, bad
	}
	at, id, ok := strings.Cut(strings.TrimPrefix(string(b), cursorPrefix), ":")
	if !ok {
		return nil, bad
	}
	us, err := strconv.ParseInt(at, 10, 64)
	if err != nil || us < 0 {
		return nil, bad
	}
	pid, err := stgypub.ParseID(id)
	if err != nil {
		return nil, bad
	}
	return &stgypub.PostCursor{PublishedAt: time.UnixMicro(us).UTC(), ID: pid}, nil
}
