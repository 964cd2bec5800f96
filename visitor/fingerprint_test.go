package visitor

import (
	"net/netip"
	"strings"
	"testing"

	"github.com/stgy/stgypub"
)

var testSecret = []byte("test-secret")

func TestFingerprint(t *testing.T) {
	// Every spelling of one address gives one fingerprint.
	same := [][]string{
		{"1.2.3.4", "::ffff:1.2.3.4", "[::ffff:1.2.3.4]:80", "1.2.3.4:9999"},
		{"2001:db8::1", "2001:DB8:0:0:0:0:0:1", "[2001:db8::1]:443", "2001:db8::1%eth0"},
	}
	for _, group := range same {
		t.Run(group[0], func(t *testing.T) {
			want := fpOf(t, group[0])
			for _, s := range group[1:] {
				if got := fpOf(t, s); got != want {
					t.Errorf("Fingerprint(%s) = %x, want %x", s, got, want)
				}
			}
		})
	}
	// Known value: first 4 bytes of HMAC-SHA256("test-secret", "1.2.3.4"),
	// computed independently with openssl dgst -sha256 -hmac.
	if got := FormatFingerprint(fpOf(t, "1.2.3.4")); got != wantFP1234 {
		t.Errorf("Fingerprint(1.2.3.4) = %s, want %s", got, wantFP1234)
	}
	if fpOf(t, "1.2.3.4") == fpOf(t, "1.2.3.5") {
		t.Error("different addresses share a fingerprint")
	}
	if Fingerprint([]byte("other"), netip.MustParseAddr("1.2.3.4")) == fpOf(t, "1.2.3.4") {
		t.Error("fingerprint does not depend on the secret")
	}
}

func fpOf(t *testing.T, s string) [4]byte {
	t.Helper()
	a, ok := Normalize(s)
	if !ok {
		t.Fatalf("Normalize(%q) failed", s)
	}
	return Fingerprint(testSecret, a)
}

func TestParseFingerprint(t *testing.T) {
	tests := []struct {
		in   string
		want [4]byte
		ok   bool
	}{
		{"0a1b2c3d", [4]byte{0x0a, 0x1b, 0x2c, 0x3d}, true},
		{"0A1B2C3D", [4]byte{0x0a, 0x1b, 0x2c, 0x3d}, true},
		{"0a1b2c3", [4]byte{}, false},
		{"0a1b2c3d0", [4]byte{}, false},
		{"0a1b2c3g", [4]byte{}, false},
		{"", [4]byte{}, false},
		{" a1b2c3d", [4]byte{}, false},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got, err := ParseFingerprint(tt.in)
			if (err == nil) != tt.ok {
				t.Fatalf("err = %v, want ok=%v", err, tt.ok)
			}
			if err != nil && stgypub.ErrorCode(err) != stgypub.CodeBadUserInput {
				t.Fatalf("code = %s", stgypub.ErrorCode(err))
			}
			if got != tt.want {
				t.Fatalf("got %x, want %x", got, tt.want)
			}
		})
	}
}

func TestSignature(t *testing.T) {
	post := stgypub.ID(0x19FD706DCB600000)
	fp := [4]byte{0xde, 0xad, 0xbe, 0xef}
	sig := Sign(testSecret, post, fp)
	if sig != wantSig {
		t.Fatalf("Sign = %s, want %s", sig, wantSig)
	}
	tests := []struct {
		name   string
		secret []byte
		post   stgypub.ID
		fp     [4]byte
		sig    string
		want   bool
	}{
		{"valid", testSecret, post, fp, sig, true},
		{"upper-case hex", testSecret, post, fp, strings.ToUpper(sig), true},
		{"other post", testSecret, post + 1, fp, sig, false},
		{"other fingerprint", testSecret, post, [4]byte{0xde, 0xad, 0xbe, 0xee}, sig, false},
		{"other secret", []byte("x"), post, fp, sig, false},
		{"truncated", testSecret, post, fp, sig[:63], false},
		{"too long", testSecret, post, fp, sig + "0", false},
		{"non-hex", testSecret, post, fp, "z" + sig[1:], false},
		{"empty", testSecret, post, fp, "", false},
		{"flipped digit", testSecret, post, fp, flip(sig), false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := VerifySignature(tt.secret, tt.post, tt.fp, tt.sig); got != tt.want {
				t.Fatalf("VerifySignature = %v, want %v", got, tt.want)
			}
		})
	}
}

func flip(s string) string {
	b := []byte(s)
	if b[10] == '0' {
		b[10] = '1'
	} else {
		b[10] = '0'
	}
	return string(b)
}

// Expected values computed outside Go (Python hmac / openssl dgst -hmac).
const (
	wantFP1234 = "4e6bddaa"
	wantSig    = "2982013e1e9e58c992937836ba6ed4c1bf1ebe3a233d22e2011755bea5b12968"
)

func TestAddressKey(t *testing.T) {
	secret := []byte("k")
	a := netip.MustParseAddr("203.0.113.50")
	k := AddressKey(secret, "ratelimit", a)
	if len(k) != 32 || strings.Contains(k, "203") && strings.Contains(k, "113") {
		t.Fatalf("key %q", k)
	}
	for _, same := range []string{"::ffff:203.0.113.50", "203.0.113.50"} {
		if got := AddressKey(secret, "ratelimit", netip.MustParseAddr(same)); got != k {
			t.Errorf("%s: %s, want %s", same, got, k)
		}
	}
	if AddressKey(secret, "comment", a) == k || AddressKey([]byte("other"), "ratelimit", a) == k ||
		AddressKey(secret, "ratelimit", netip.MustParseAddr("203.0.113.51")) == k {
		t.Error("purpose, secret or address does not change the key")
	}
	v6 := AddressKey(secret, "ratelimit", netip.MustParseAddr("2001:DB8::1%eth0"))
	if v6 != AddressKey(secret, "ratelimit", netip.MustParseAddr("2001:db8:0::1")) {
		t.Error("IPv6 spellings differ")
	}
}
