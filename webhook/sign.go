package webhook

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
)

// Headers of every delivery (docs/WEBHOOKS.md "Headers").
const (
	HeaderSignature = "X-STGY-Signature"
	HeaderDelivery  = "X-STGY-Delivery"
	HeaderEvent     = "X-STGY-Event"
)

// Sign is the X-STGY-Signature value of body under secret:
// "sha256=" and the lower-case hexadecimal HMAC-SHA256.
func Sign(secret string, body []byte) string {
	m := hmac.New(sha256.New, []byte(secret))
	m.Write(body)
	return "sha256=" + hex.EncodeToString(m.Sum(nil))
}

// Verify reports whether signature is Sign(secret, body), compared in
// constant time: what a receiver does.
func Verify(secret string, body []byte, signature string) bool {
	return hmac.Equal([]byte(Sign(secret, body)), []byte(signature))
}

// NewSecret returns a new hook secret: 32 random bytes as 64 hexadecimal
// digits.
func NewSecret() string {
	var b [32]byte
	_, _ = rand.Read(b[:]) // crypto/rand.Read never fails (Go 1.24)
	return hex.EncodeToString(b[:])
}
