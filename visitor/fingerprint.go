package visitor

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"net/netip"

	"github.com/stgy/stgypub"
)

// Fingerprint is the first 4 bytes of HMAC-SHA256(secret, ip.String()) with
// ip normalized first (no zone, IPv4-mapped IPv6 as IPv4), so every spelling
// of one address gives one fingerprint (docs/SPEC.md#fingerprints). Pass a
// valid address (ClientIP's result).
func Fingerprint(secret []byte, ip netip.Addr) [4]byte {
	m := hmac.New(sha256.New, secret)
	m.Write([]byte(ip.WithZone("").Unmap().String()))
	var fp [4]byte
	copy(fp[:], m.Sum(nil))
	return fp
}

// FormatFingerprint is the text form of a fingerprint: 8 lower-case
// hexadecimal digits.
func FormatFingerprint(fp [4]byte) string { return hex.EncodeToString(fp[:]) }

// ParseFingerprint parses exactly 8 hexadecimal digits (either case); any
// other input fails with BAD_USER_INPUT.
func ParseFingerprint(s string) ([4]byte, error) {
	var fp [4]byte
	if len(s) != 8 {
		return fp, stgypub.Errorf(stgypub.CodeBadUserInput, "fingerprint must be 8 hexadecimal digits")
	}
	if _, err := hex.Decode(fp[:], []byte(s)); err != nil {
		return [4]byte{}, stgypub.Errorf(stgypub.CodeBadUserInput, "fingerprint must be 8 hexadecimal digits")
	}
	return fp, nil
}

// Sign returns the view signature: the 64 lower-case hexadecimal digits of
// HMAC-SHA256(secret, postID.String() + "\n" + FormatFingerprint(fp))
// (docs/SPEC.md#fingerprints).
func Sign(secret []byte, postID stgypub.ID, fp [4]byte) string {
	return hex.EncodeToString(signature(secret, postID, fp))
}

// VerifySignature reports whether sig is Sign(secret, postID, fp). Either
// hex case is accepted; any other length or character gives false. The
// comparison is constant-time (hmac.Equal).
func VerifySignature(secret []byte, postID stgypub.ID, fp [4]byte, sig string) bool {
	if len(sig) != 2*sha256.Size {
		return false
	}
	var got [sha256.Size]byte
	if _, err := hex.Decode(got[:], []byte(sig)); err != nil {
		return false
	}
	return hmac.Equal(got[:], signature(secret, postID, fp))
}

func signature(secret []byte, postID stgypub.ID, fp [4]byte) []byte {
	m := hmac.New(sha256.New, secret)
	m.Write([]byte(postID.String() + "\n" + FormatFingerprint(fp)))
	return m.Sum(nil)
}

// AddressKey is the keyed hash that stands for a client address wherever
// one must be remembered for a while (rate-limit counters, comment and
// CAPTCHA limits): the 32 lower-case hexadecimal digits of the first 16
// bytes of HMAC-SHA256(secret, purpose + "\x00" + address) with the
// address normalized as in Fingerprint, so every spelling of one address
// gives one key and keys of different purposes never match. Without the
// secret a key cannot be turned back into the address; 16 bytes make
// collisions between clients negligible (unlike the 4-byte page-view
// Fingerprint). Pass a valid address (ClientIP's result).
func AddressKey(secret []byte, purpose string, ip netip.Addr) string {
	m := hmac.New(sha256.New, secret)
	m.Write([]byte(purpose))
	m.Write([]byte{0})
	m.Write([]byte(ip.WithZone("").Unmap().String()))
	return hex.EncodeToString(m.Sum(nil)[:16])
}

// AddressPrefix is ip cut to its network: the /24 of an IPv4 address, the
// /48 of an IPv6 one ("203.0.113.0/24", "2001:db8:1::/48"). It lets an
// operator tell which network the server believes a client is in (every
// client showing the proxy's network means the proxy is not in
// STGY_TRUSTED_PROXIES) without telling anyone the client's address.
// The zero prefix for an invalid ip.
func AddressPrefix(ip netip.Addr) netip.Prefix {
	if !ip.IsValid() {
		return netip.Prefix{}
	}
	ip = ip.WithZone("").Unmap()
	bits := 48
	if ip.Is4() {
		bits = 24
	}
	p, _ := ip.Prefix(bits)
	return p
}
