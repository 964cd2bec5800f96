package visitor

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"time"

	"github.com/stgy/stgypub"
)

// ViewTokenTTL is how long a view token counts a view after it was
// issued (docs/API.md "View tokens").
const ViewTokenTTL = 10 * time.Minute

// viewTokenLen is the decoded token: post ID (8 bytes), expiry (Unix
// seconds, 8 bytes), MAC (16 bytes).
const viewTokenLen = 8 + 8 + 16

// ViewToken is a page-view token for a browser app
// (docs/SPEC.md#view-tokens): base64url (no padding) of the post's ID,
// the expiry in Unix seconds and the first 16 bytes of
// HMAC-SHA256(secret, "stgy-view-token" NUL ID expiry fp). It names the
// post and the time but not the client: the fingerprint fp of the
// requesting client's address is only in the MAC, so a token cannot be
// turned back into an address, and it counts only for a request from
// the same address (the server recomputes fp).
func ViewToken(secret []byte, postID stgypub.ID, fp [4]byte, expires time.Time) string {
	var b [viewTokenLen]byte
	binary.BigEndian.PutUint64(b[0:8], uint64(postID))
	binary.BigEndian.PutUint64(b[8:16], uint64(expires.Unix()))
	copy(b[16:], viewTokenMAC(secret, b[:16], fp))
	return base64.RawURLEncoding.EncodeToString(b[:])
}

// CheckViewToken verifies a ViewToken for the client whose fingerprint is
// fp at now and returns its post. A token that does not decode, was
// signed for another post, client or secret, or expired is FORBIDDEN;
// the MAC is compared in constant time.
func CheckViewToken(secret []byte, token string, fp [4]byte, now time.Time) (stgypub.ID, error) {
	bad := stgypub.Errorf(stgypub.CodeForbidden, "invalid view token: it is another client's or post's, expired or altered; fetch Post.viewToken again")
	b, err := base64.RawURLEncoding.DecodeString(token)
	if err != nil || len(b) != viewTokenLen || len(secret) == 0 {
		return 0, bad
	}
	if !hmac.Equal(b[16:], viewTokenMAC(secret, b[:16], fp)) {
		return 0, bad
	}
	if exp := int64(binary.BigEndian.Uint64(b[8:16])); now.Unix() > exp {
		return 0, bad
	}
	return stgypub.ID(binary.BigEndian.Uint64(b[0:8])), nil
}

func viewTokenMAC(secret, idAndExpiry []byte, fp [4]byte) []byte {
	m := hmac.New(sha256.New, secret)
	m.Write([]byte("stgy-view-token\x00"))
	m.Write(idAndExpiry)
	m.Write(fp[:])
	return m.Sum(nil)[:16]
}
