package federation

import (
	"crypto"
	"crypto/sha256"
	"encoding/base64"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/go-fed/httpsig"
)

// signedHeaders are the headers every signature covers, as Mastodon
// signs and verifies (draft-cavage-http-signatures, rsa-sha256).
var signedHeaders = []string{httpsig.RequestTarget, "host", "date", "digest"}

// SignRequest signs req, a POST of body, with key under keyID: it sets
// Host, Date (now, RFC 1123 GMT), Digest (SHA-256) and Signature over
// (request-target), host, date and digest.
func SignRequest(req *http.Request, body []byte, key crypto.PrivateKey, keyID string, now time.Time) error {
	signer, _, err := httpsig.NewSigner([]httpsig.Algorithm{httpsig.RSA_SHA256}, httpsig.DigestSha256, signedHeaders, httpsig.Signature, 0)
	if err != nil {
		return fmt.Errorf("federation: signer: %w", err)
	}
	req.Header.Set("Host", req.URL.Host)
	req.Header.Set("Date", now.UTC().Format(http.TimeFormat))
	if err := signer.SignRequest(key, keyID, req, body); err != nil {
		return fmt.Errorf("federation: sign: %w", err)
	}
	return nil
}

// SignatureError is why a request's signature was refused; the inbox
// answers 401 with Reason.
type SignatureError struct{ Reason string }

func (e *SignatureError) Error() string { return "signature refused: " + e.Reason }

func refuse(format string, args ...any) error {
	return &SignatureError{Reason: fmt.Sprintf(format, args...)}
}

// signatureParams reads a Signature header's comma-separated key="value"
// parameters (values may hold commas inside their quotes).
func signatureParams(h string) map[string]string {
	out := map[string]string{}
	for h != "" {
		h = strings.TrimLeft(h, " ,")
		k, rest, ok := strings.Cut(h, "=")
		if !ok {
			break
		}
		k = strings.ToLower(strings.TrimSpace(k))
		var v string
		if strings.HasPrefix(rest, `"`) {
			end := strings.IndexByte(rest[1:], '"')
			if end < 0 {
				break
			}
			v, h = rest[1:1+end], rest[2+end:]
		} else {
			v, h, _ = strings.Cut(rest, ",")
		}
		out[k] = v
	}
	return out
}

// checkSignedRequest checks what the signature's cryptography does not:
// a Signature header naming a keyId and covering (request-target), host,
// date and digest; a Date within window of now; a SHA-256 Digest equal
// to body's. It returns the keyId.
func checkSignedRequest(r *http.Request, body []byte, now time.Time, window time.Duration) (string, error) {
	raw := r.Header.Get("Signature")
	if raw == "" {
		return "", refuse("no Signature header")
	}
	p := signatureParams(raw)
	if p["keyid"] == "" || p["signature"] == "" {
		return "", refuse("the Signature header has no keyId or signature")
	}
	if a := strings.ToLower(p["algorithm"]); a != "" && a != "rsa-sha256" && a != "hs2019" {
		return "", refuse("algorithm %q is not verified; use rsa-sha256", p["algorithm"])
	}
	covered := strings.Fields(strings.ToLower(p["headers"]))
	for _, h := range signedHeaders {
		if !slices.Contains(covered, h) {
			return "", refuse("the signature does not cover %s", h)
		}
	}
	date, err := http.ParseTime(r.Header.Get("Date"))
	if err != nil {
		return "", refuse("no valid Date header")
	}
	if d := now.Sub(date); d > window || d < -window {
		return "", refuse("Date %s is more than %s from the server's time", r.Header.Get("Date"), window)
	}
	sum := sha256.Sum256(body)
	want := "SHA-256=" + base64.StdEncoding.EncodeToString(sum[:])
	found := false
	for _, d := range strings.Split(r.Header.Get("Digest"), ",") {
		d = strings.TrimSpace(d)
		if len(d) > 8 && strings.EqualFold(d[:8], "SHA-256=") {
			if d[8:] != want[8:] {
				return "", refuse("Digest does not match the body")
			}
			found = true
		}
	}
	if !found {
		return "", refuse("no SHA-256 Digest header")
	}
	return p["keyid"], nil
}

// verifySignature checks r's signature with pub.
func verifySignature(r *http.Request, pub crypto.PublicKey) error {
	v, err := httpsig.NewVerifier(r)
	if err != nil {
		return refuse("%v", err)
	}
	if err := v.Verify(pub, httpsig.RSA_SHA256); err != nil {
		return refuse("the signature does not verify with the key of %s", v.KeyId())
	}
	return nil
}
