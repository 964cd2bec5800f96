package federation

import (
	"bytes"
	"crypto"
	"crypto/ed25519"
	"crypto/rsa"
	"crypto/sha256"
	"crypto/sha512"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/dunglas/httpsfv"
)

// requestSignature is an inbox request's signature once its headers
// passed the checks that need no key: the keyId naming the key document
// and verify, which checks the signature's cryptography with that key.
// The two schemes (draft-cavage and RFC 9421) differ only here.
type requestSignature struct {
	keyID  string
	verify func(pub crypto.PublicKey) error
}

// readSignature reads r's signature, whichever scheme signed it: a
// request with a Signature-Input header is RFC 9421 (as Fedify ≥ 1.6
// and Mastodon ≥ 4.5 send it), any other draft-cavage. target is the
// URL the request was sent to (the inbox's public URL with r's query).
// Refusals are *SignatureError.
func readSignature(r *http.Request, body []byte, target *url.URL, now time.Time, window time.Duration) (*requestSignature, error) {
	if len(r.Header.Values("Signature-Input")) > 0 {
		h := r.Header.Clone()
		if h.Get("Host") == "" {
			h.Set("Host", r.Host) // net/http moves Host out of the header map
		}
		return check9421(r.Method, target, h, body, now, window)
	}
	keyID, err := checkSignedRequest(r, body, now, window)
	if err != nil {
		return nil, err
	}
	return &requestSignature{keyID: keyID, verify: func(pub crypto.PublicKey) error { return verifySignature(r, pub) }}, nil
}

// The RFC 9421 algorithms verified: rsa-v1_5-sha256 (what Fedify and
// Mastodon send), rsa-pss-sha512 and ed25519; no alg parameter means
// the key's: RSA → rsa-v1_5-sha256, Ed25519 → ed25519.
const (
	algRSAv15SHA256 = "rsa-v1_5-sha256"
	algRSAPSSSHA512 = "rsa-pss-sha512"
	algEd25519      = "ed25519"
)

// input9421 is an RFC 9421 signature as its headers give it: the first
// label of Signature-Input, its covered components and parameters, and
// its value in Signature.
type input9421 struct {
	label   string
	covered httpsfv.InnerList
	sig     []byte
	keyID   string
	created int64  // Unix seconds
	alg     string // "" when not given
}

// parse9421 reads h's Signature-Input and Signature as RFC 8941
// dictionaries and takes the first label: a keyid and a created are
// required, an alg must be one verified.
func parse9421(h http.Header) (*input9421, error) {
	inputs, err := httpsfv.UnmarshalDictionary(h.Values("Signature-Input"))
	if err != nil {
		return nil, refuse("Signature-Input is not a structured-field dictionary (RFC 8941): %v", err)
	}
	if len(inputs.Names()) == 0 {
		return nil, refuse("Signature-Input names no signature")
	}
	in := &input9421{label: inputs.Names()[0]}
	m, _ := inputs.Get(in.label)
	covered, ok := m.(httpsfv.InnerList)
	if !ok {
		return nil, refuse("Signature-Input %s is not an inner list of covered components", in.label)
	}
	in.covered = covered
	sigs, err := httpsfv.UnmarshalDictionary(h.Values("Signature"))
	if err != nil {
		return nil, refuse("Signature is not a structured-field dictionary (RFC 8941): %v", err)
	}
	sm, _ := sigs.Get(in.label)
	item, _ := sm.(httpsfv.Item)
	if in.sig, _ = item.Value.([]byte); len(in.sig) == 0 {
		return nil, refuse("Signature has no byte sequence for the label %s", in.label)
	}
	if in.keyID, _ = paramOf(covered, "keyid").(string); in.keyID == "" {
		return nil, refuse("Signature-Input %s has no keyid", in.label)
	}
	if in.created, ok = paramOf(covered, "created").(int64); !ok {
		return nil, refuse("Signature-Input %s has no created time", in.label)
	}
	ok = true
	if v := paramOf(covered, "alg"); v != nil {
		in.alg, ok = v.(string)
	}
	if !ok || (in.alg != "" && in.alg != algRSAv15SHA256 && in.alg != algRSAPSSSHA512 && in.alg != algEd25519) {
		return nil, refuse("alg %v is not verified; use %s, %s or %s", paramOf(covered, "alg"), algRSAv15SHA256, algRSAPSSSHA512, algEd25519)
	}
	return in, nil
}

// check9421 checks an RFC 9421 signature's headers (parse9421): a
// created within window of now (and an expires, if any, not past);
// covered components that include @method, @target-uri (or @authority
// and @path) and, for a request with a body, content-digest; a
// Content-Digest (RFC 9530, sha-256 or sha-512) equal to body's. h holds
// the request's fields (Host included).
func check9421(method string, target *url.URL, h http.Header, body []byte, now time.Time, window time.Duration) (*requestSignature, error) {
	in, err := parse9421(h)
	if err != nil {
		return nil, err
	}
	if d := now.Sub(time.Unix(in.created, 0)); d > window || d < -window {
		return nil, refuse("created %d is more than %s from the server's time", in.created, window)
	}
	if v := paramOf(in.covered, "expires"); v != nil {
		if exp, ok := v.(int64); !ok || now.Unix() > exp {
			return nil, refuse("the signature expired (expires %v)", v)
		}
	}
	names := map[string]bool{}
	for _, it := range in.covered.Items {
		if n, ok := it.Value.(string); ok {
			names[n] = true
		}
	}
	for _, need := range []struct {
		ok   bool
		what string
	}{
		{names["@method"], "@method"},
		{names["@target-uri"] || names["@authority"] && names["@path"], "@target-uri (or @authority and @path)"},
		{len(body) == 0 || names["content-digest"], "content-digest"},
	} {
		if !need.ok {
			return nil, refuse("the signature does not cover %s", need.what)
		}
	}
	if len(body) > 0 || h.Get("Content-Digest") != "" {
		if err := checkContentDigest(h.Values("Content-Digest"), body); err != nil {
			return nil, err
		}
	}
	base, err := signatureBase(method, target, h, in.covered)
	if err != nil {
		return nil, err
	}
	return &requestSignature{keyID: in.keyID, verify: func(pub crypto.PublicKey) error {
		return verify9421(pub, in.alg, in.keyID, []byte(base), in.sig)
	}}, nil
}

// paramOf is the signature parameter k of covered, nil if absent.
func paramOf(covered httpsfv.InnerList, k string) any {
	if covered.Params == nil {
		return nil
	}
	v, _ := covered.Params.Get(k)
	return v
}

// checkContentDigest checks a Content-Digest field (RFC 9530): a
// dictionary whose sha-256 and sha-512 members, at least one present,
// equal body's digests; other algorithms are ignored.
func checkContentDigest(values []string, body []byte) error {
	d, err := httpsfv.UnmarshalDictionary(values)
	if err != nil {
		return refuse("Content-Digest is not a structured-field dictionary (RFC 8941): %v", err)
	}
	found := false
	for _, alg := range []string{"sha-256", "sha-512"} {
		m, ok := d.Get(alg)
		if !ok {
			continue
		}
		item, _ := m.(httpsfv.Item)
		got, _ := item.Value.([]byte)
		var want []byte
		if alg == "sha-256" {
			s := sha256.Sum256(body)
			want = s[:]
		} else {
			s := sha512.Sum512(body)
			want = s[:]
		}
		if !bytes.Equal(got, want) {
			return refuse("Content-Digest %s does not match the body", alg)
		}
		found = true
	}
	if !found {
		return refuse("no sha-256 or sha-512 Content-Digest header")
	}
	return nil
}

// signatureBase is the signature base of RFC 9421 §2.5 for a request of
// method to target with fields h: one line per covered component,
// `"name": value`, then `"@signature-params": ` and the covered inner
// list serialized (RFC 8941 §4.1). Derived components @method,
// @target-uri, @authority, @scheme, @request-target, @path and @query
// and header fields without parameters are supported; anything else,
// a duplicate, or a field the request lacks is refused.
func signatureBase(method string, target *url.URL, h http.Header, covered httpsfv.InnerList) (string, error) {
	var b strings.Builder
	seen := map[string]bool{}
	for _, it := range covered.Items {
		name, ok := it.Value.(string)
		if !ok {
			return "", refuse("a covered component is not a string")
		}
		if it.Params != nil && len(it.Params.Names()) > 0 {
			return "", refuse("covered component %q has parameters, which are not supported", name)
		}
		if seen[name] {
			return "", refuse("covered component %q is listed twice", name)
		}
		seen[name] = true
		v, err := componentValue(name, method, target, h)
		if err != nil {
			return "", err
		}
		b.WriteString(strconv.Quote(name) + ": " + v + "\n")
	}
	params, err := httpsfv.Marshal(covered)
	if err != nil {
		return "", refuse("Signature-Input does not serialize: %v", err)
	}
	b.WriteString(`"@signature-params": ` + params)
	return b.String(), nil
}

// componentValue is one covered component's value (RFC 9421 §2.1, §2.2).
func componentValue(name, method string, target *url.URL, h http.Header) (string, error) {
	switch name {
	case "@method":
		return method, nil
	case "@target-uri":
		return target.String(), nil
	case "@authority":
		return authority(target), nil
	case "@scheme":
		return strings.ToLower(target.Scheme), nil
	case "@request-target":
		return target.RequestURI(), nil
	case "@path":
		if p := target.EscapedPath(); p != "" {
			return p, nil
		}
		return "/", nil
	case "@query":
		return "?" + target.RawQuery, nil
	}
	if strings.HasPrefix(name, "@") {
		return "", refuse("covered component %q is not supported", name)
	}
	if name == "" || strings.ToLower(name) != name || strings.ContainsAny(name, " \t\r\n\":()") {
		return "", refuse("covered component %q is not a lowercase field name", name)
	}
	vs := h.Values(name)
	if len(vs) == 0 {
		return "", refuse("the signature covers %s, which the request lacks", name)
	}
	for i, v := range vs {
		vs[i] = strings.TrimSpace(v)
	}
	v := strings.Join(vs, ", ")
	if strings.ContainsAny(v, "\r\n") {
		return "", refuse("field %s holds a line break", name)
	}
	return v, nil
}

// authority is target's host, lowercased, without its scheme's default
// port (RFC 9421 §2.2.3).
func authority(target *url.URL) string {
	host := strings.ToLower(target.Host)
	scheme := strings.ToLower(target.Scheme)
	if scheme == "https" {
		host = strings.TrimSuffix(host, ":443")
	} else if scheme == "http" {
		host = strings.TrimSuffix(host, ":80")
	}
	return host
}

// verify9421 checks sig over base with pub, keyID's key, under alg
// ("": the key's own algorithm).
func verify9421(pub crypto.PublicKey, alg, keyID string, base, sig []byte) error {
	var ok bool
	switch k := pub.(type) {
	case *rsa.PublicKey:
		switch alg {
		case "", algRSAv15SHA256:
			sum := sha256.Sum256(base)
			ok = rsa.VerifyPKCS1v15(k, crypto.SHA256, sum[:], sig) == nil
		case algRSAPSSSHA512:
			sum := sha512.Sum512(base)
			ok = rsa.VerifyPSS(k, crypto.SHA512, sum[:], sig, &rsa.PSSOptions{SaltLength: rsa.PSSSaltLengthEqualsHash, Hash: crypto.SHA512}) == nil
		default:
			return refuse("alg %s does not go with an RSA key", alg)
		}
	case ed25519.PublicKey:
		if alg != "" && alg != algEd25519 {
			return refuse("alg %s does not go with an Ed25519 key", alg)
		}
		ok = ed25519.Verify(k, base, sig)
	default:
		return refuse("a %T key is not verified", pub)
	}
	if !ok {
		return refuse("the signature does not verify with the key of %s", keyID)
	}
	return nil
}
