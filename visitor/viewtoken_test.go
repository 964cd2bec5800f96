package visitor

import (
	"net/netip"
	"strings"
	"testing"
	"time"

	"github.com/stgy/stgypub"
)

func TestViewToken(t *testing.T) {
	secret := []byte("view-token-secret")
	now := time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)
	fp := Fingerprint(secret, netip.MustParseAddr("203.0.113.7"))
	other := Fingerprint(secret, netip.MustParseAddr("203.0.113.8"))
	const post = stgypub.ID(0x19FD706DCB600000)
	tok := ViewToken(secret, post, fp, now.Add(ViewTokenTTL))
	if len(tok) != 43 || strings.ContainsAny(tok, "+/=") {
		t.Fatalf("token %q", tok)
	}
	if id, err := CheckViewToken(secret, tok, fp, now.Add(ViewTokenTTL)); err != nil || id != post {
		t.Errorf("valid: %v %v", id, err)
	}
	flip := []byte(tok)
	flip[5] ^= 1
	bad := map[string]struct {
		tok    string
		fp     [4]byte
		at     time.Time
		secret []byte
	}{
		"another client": {tok, other, now, secret},
		"expired":        {tok, fp, now.Add(ViewTokenTTL + time.Second), secret},
		"another secret": {tok, fp, now, []byte("x")},
		"no secret":      {tok, fp, now, nil},
		"altered":        {string(flip), fp, now, secret},
		"another post":   {ViewToken(secret, post+1, fp, now.Add(time.Minute))[:11] + tok[11:], fp, now, secret},
		"not base64":     {"!!!", fp, now, secret},
		"short":          {tok[:20], fp, now, secret},
		"empty":          {"", fp, now, secret},
	}
	for name, c := range bad {
		if _, err := CheckViewToken(c.secret, c.tok, c.fp, c.at); stgypub.ErrorCode(err) != stgypub.CodeForbidden {
			t.Errorf("%s: %v", name, err)
		}
	}
}
