package federation

import (
	"crypto/ed25519"
	"crypto/x509"
	"encoding/base64"
	"encoding/pem"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"
)

// The RFC 9421 Appendix B.2 test request:
//
//	POST /foo?param=Value&Pet=dog HTTP/1.1
//	Host: example.com
//	Date: Tue, 20 Apr 2021 02:07:55 GMT
//	Content-Type: application/json
//	Content-Digest: sha-512=:WZDPaVn/7XgHaAy8pmojAkGWoRx2UFChF41A2svX+TaPm+AbwAgBWnrIiYllu7BNNyealdVLvRwEmTHWXvJwew==:
//	Content-Length: 18
//
//	{"hello": "world"}
const rfcBody = `{"hello": "world"}`

func rfcRequest(input, sig string) (*url.URL, http.Header) {
	target, _ := url.Parse("https://example.com/foo?param=Value&Pet=dog")
	h := http.Header{}
	h.Set("Host", "example.com")
	h.Set("Date", "Tue, 20 Apr 2021 02:07:55 GMT")
	h.Set("Content-Type", "application/json")
	h.Set("Content-Digest", "sha-512=:WZDPaVn/7XgHaAy8pmojAkGWoRx2UFChF41A2svX+TaPm+AbwAgBWnrIiYllu7BNNyealdVLvRwEmTHWXvJwew==:")
	h.Set("Content-Length", "18")
	h.Set("Signature-Input", input)
	h.Set("Signature", sig)
	return target, h
}

// rfcCreated is the created parameter of the Appendix B.2 signatures.
var rfcCreated = time.Unix(1618884473, 0)

// test-key-ed25519 (RFC 9421 B.1.4).
const rfcEd25519Public = `-----BEGIN PUBLIC KEY-----
MCowBQYDK2VwAyEAJrQLj5P/89iXES9+vFgrIy29clF9CC/oPPsw3c5D0bs=
-----END PUBLIC KEY-----
`

// The seed of test-key-ed25519's private key (B.1.4, JWK "d").
const rfcEd25519Seed = "n4Ni-HpISpVObnQMW0wOhCKROaIKqKtW_2ZYb2p9KcU"

// test-key-rsa-pss (RFC 9421 B.1.2): its modulus and exponent, in a
// PKIX rsaEncryption wrapper (the RFC's uses the RSASSA-PSS OID, which
// Go's x509 does not read; the key is the same).
const rfcRSAPSSPublic = `-----BEGIN PUBLIC KEY-----
MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAr4tmm3r20Wd/PbqvP1s2
+QEtvpuRaV8Yq40gjUR8y2Rjxa6dpG2GXHbPfvMs8ct+Lh1GH45x28Rw3Ry53mm+
oAXjyQ86OnDkZ5N8lYbggD4O3w6M6pAvLkhk95AndTrifbIFPNU8PPMO7OyrFAHq
gDsznjPFmTOtCEcN2Z1FpWgchwuYLPL+Wokqltd11nqqzi+bJ9cvSKADYdUAAN5W
Utzdpiy6LbTgSxP7ociU4Tn0g5I6aDZJ7A8Lzo0KSyZYoA485mqcO0GVAdVw9lq4
aOT9v6d+nb4bnNkQVklLQ3fVAvJm+xdDOp9LCNCN48V2pnDOkFV6+U9nV5oyc6XI
2wIDAQAB
-----END PUBLIC KEY-----
`

// TestRFC9421B26Ed25519: the B.2.6 signature base is built byte for
// byte as the RFC prints it, test-key-ed25519 signs it to the RFC's
// signature (Ed25519 is deterministic), and it verifies.
func TestRFC9421B26Ed25519(t *testing.T) {
	input := `sig-b26=("date" "@method" "@path" "@authority" "content-type" "content-length");created=1618884473;keyid="test-key-ed25519"`
	rfcSig := `sig-b26=:wqcAqbmYJ2ji2glfAMaRy4gruYYnx2nEFN2HN6jrnDnQCK1u02Gb04v9EDgwUPiu4A0w6vuQv5lIp5WPpBKRCw==:`
	target, h := rfcRequest(input, rfcSig)
	// The B.2.6 signature covers no content-digest: check the headers
	// directly (the inbox requires it, TestInbox9421).
	rs, err := check9421Base(t, target, h)
	if err != nil {
		t.Fatal(err)
	}
	want := `"date": Tue, 20 Apr 2021 02:07:55 GMT
"@method": POST
"@path": /foo
"@authority": example.com
"content-type": application/json
"content-length": 18
"@signature-params": ("date" "@method" "@path" "@authority" "content-type" "content-length");created=1618884473;keyid="test-key-ed25519"`
	if rs != want {
		t.Fatalf("signature base:\n%s\nwant:\n%s", rs, want)
	}
	seed, _ := base64.RawURLEncoding.DecodeString(rfcEd25519Seed)
	priv := ed25519.NewKeyFromSeed(seed)
	got := "sig-b26=:" + base64.StdEncoding.EncodeToString(ed25519.Sign(priv, []byte(rs))) + ":"
	if got != rfcSig {
		t.Fatalf("signature = %s, want the RFC's %s", got, rfcSig)
	}
	pub, err := parseVerifyKey(rfcEd25519Public)
	if err != nil {
		t.Fatal(err)
	}
	if !priv.Public().(ed25519.PublicKey).Equal(pub) {
		t.Fatal("the RFC's public key is not its private key's")
	}
	sig, _ := base64.StdEncoding.DecodeString(strings.Trim(strings.TrimPrefix(rfcSig, "sig-b26="), ":"))
	if err := verify9421(pub, "", "test-key-ed25519", []byte(rs), sig); err != nil {
		t.Fatal(err)
	}
	if err := verify9421(pub, algRSAv15SHA256, "test-key-ed25519", []byte(rs), sig); err == nil {
		t.Fatal("an Ed25519 key verified under rsa-v1_5-sha256")
	}
	sig[0] ^= 1
	if err := verify9421(pub, "", "test-key-ed25519", []byte(rs), sig); err == nil || !strings.Contains(err.Error(), "does not verify") {
		t.Fatalf("a changed signature: %v", err)
	}
}

// TestRFC9421B21RSAPSS: the B.2.1 minimal signature base, and the RFC's
// rsa-pss-sha512 signature over it verifies with test-key-rsa-pss.
func TestRFC9421B21RSAPSS(t *testing.T) {
	input := `sig-b21=();created=1618884473;keyid="test-key-rsa-pss";nonce="b3k2pp5k7z-50gnwp.yemd"`
	rfcSig := "sig-b21=:d2pmTvmbncD3xQm8E9ZV2828BjQWGgiwAaw5bAkgibUopem" +
		"LJcWDy/lkbbHAve4cRAtx31Iq786U7it++wgGxbtRxf8Udx7zFZsckzXaJMkA7ChG" +
		"52eSkFxykJeNqsrWH5S+oxNFlD4dzVuwe8DhTSja8xxbR/Z2cOGdCbzR72rgFWhzx" +
		"2VjBqJzsPLMIQKhO4DGezXehhWwE56YCE+O6c0mKZsfxVrogUvA4HELjVKWmAvtl6" +
		"UnCh8jYzuVG5WSb/QEVPnP5TmcAnLH1g+s++v6d4s8m0gCw1fV5/SITLq9mhho8K3" +
		"+7EPYTU8IU1bLhdxO5Nyt8C8ssinQ98Xw9Q==:"
	target, h := rfcRequest(input, rfcSig)
	base, err := check9421Base(t, target, h)
	if err != nil {
		t.Fatal(err)
	}
	want := `"@signature-params": ();created=1618884473;keyid="test-key-rsa-pss";nonce="b3k2pp5k7z-50gnwp.yemd"`
	if base != want {
		t.Fatalf("signature base:\n%s\nwant:\n%s", base, want)
	}
	block, _ := pem.Decode([]byte(rfcRSAPSSPublic))
	pub, err := x509.ParsePKIXPublicKey(block.Bytes)
	if err != nil {
		t.Fatal(err)
	}
	sig, _ := base64.StdEncoding.DecodeString(strings.Trim(strings.TrimPrefix(rfcSig, "sig-b21="), ":"))
	if err := verify9421(pub, algRSAPSSSHA512, "test-key-rsa-pss", []byte(base), sig); err != nil {
		t.Fatal(err)
	}
	if err := verify9421(pub, algRSAv15SHA256, "test-key-rsa-pss", []byte(base), sig); err == nil {
		t.Fatal("a PSS signature verified as rsa-v1_5-sha256")
	}
}

// check9421Base is the signature base check9421 verifies for an
// Appendix B request, whose signatures cover neither @method with
// @target-uri nor content-digest as the inbox requires: it runs the
// same parsing and base building without those requirements.
func check9421Base(t *testing.T, target *url.URL, h http.Header) (string, error) {
	t.Helper()
	in, err := parse9421(h)
	if err != nil {
		return "", err
	}
	if in.keyID == "" || in.created != rfcCreated.Unix() {
		t.Fatalf("keyid %q, created %d", in.keyID, in.created)
	}
	if err := checkContentDigest(h.Values("Content-Digest"), []byte(rfcBody)); err != nil {
		t.Fatalf("the RFC's Content-Digest: %v", err)
	}
	return signatureBase(http.MethodPost, target, h, in.covered)
}
