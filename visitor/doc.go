// Package visitor turns an HTTP request into the privacy-preserving inputs of
// the page-view counter (docs/SPEC.md#bot-exclusion,
// docs/SPEC.md#fingerprints): the normalized client IP (trusted proxies
// only), its 4-byte HMAC fingerprint, the HMAC signature over post ID and
// fingerprint that recordPubView verifies, and the self-declared bot check.
//
// Raw IPs never leave this package except as the netip.Addr ClientIP
// returns; callers hash it with Fingerprint and drop it.
package visitor
