package federation_test

import (
	"bytes"
	"context"
	"crypto"
	"crypto/rand"
	"crypto/rsa"
	"crypto/sha256"
	"encoding/base64"
	"io"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"
)

// sign9421 is the test's own RFC 9421 signer, as Fedify signs an inbox
// POST: Content-Digest sha-256 of body, then rsa-v1_5-sha256 over the
// components named in covered (@method, @target-uri, @authority, or
// header fields), created, keyid and alg (alg "" leaves it out).
func sign9421(t *testing.T, req *http.Request, body []byte, key *rsa.PrivateKey, keyID string, created time.Time, alg string, covered []string) {
	t.Helper()
	sum := sha256.Sum256(body)
	req.Header.Set("Content-Digest", "sha-256=:"+base64.StdEncoding.EncodeToString(sum[:])+":")
	var base strings.Builder
	quoted := make([]string, len(covered))
	for i, c := range covered {
		quoted[i] = strconv.Quote(c)
		var v string
		switch c {
		case "@method":
			v = req.Method
		case "@target-uri":
			v = req.URL.String()
		case "@authority", "host": // the client sends Host from the URL
			v = req.URL.Host
		default:
			v = req.Header.Get(c)
		}
		base.WriteString(quoted[i] + ": " + v + "\n")
	}
	params := "(" + strings.Join(quoted, " ") + ");created=" + strconv.FormatInt(created.Unix(), 10) + ";keyid=" + strconv.Quote(keyID)
	if alg != "" {
		params += ";alg=" + strconv.Quote(alg)
	}
	base.WriteString(`"@signature-params": ` + params)
	h := sha256.Sum256([]byte(base.String()))
	sig, err := rsa.SignPKCS1v15(rand.Reader, key, crypto.SHA256, h[:])
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Signature-Input", "sig1="+params)
	req.Header.Set("Signature", "sig1=:"+base64.StdEncoding.EncodeToString(sig)+":")
}

// post9421 sends body to the site's inbox signed RFC 9421 by key under
// keyID, after mutate (nil: none) changed the request.
func (e *env) post9421(body []byte, keyID string, key *rsa.PrivateKey, created time.Time, alg string, covered []string, mutate func(*http.Request)) (int, string) {
	e.t.Helper()
	req, _ := http.NewRequest(http.MethodPost, e.actorID()+"/inbox", bytes.NewReader(body))
	req.Header.Set("Content-Type", "application/activity+json")
	req.Header.Set("Date", created.UTC().Format(http.TimeFormat))
	sign9421(e.t, req, body, key, keyID, created, alg, covered)
	if mutate != nil {
		mutate(req)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		e.t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

// fedifyCovered is what Fedify 1.6 covers in an inbox POST.
var fedifyCovered = []string{"@method", "@target-uri", "@authority", "host", "date", "content-digest"}

// TestInbox9421: a Follow signed RFC 9421 (rsa-v1_5-sha256, as Fedify and
// Mastodon 4.5 send it) is accepted and its follower stored; wrong key,
// changed body, stale created, content-digest left uncovered and an
// unknown alg are 401 with their reasons.
func TestInbox9421(t *testing.T) {
	ctx := context.Background()
	e := newEnv(t, true)
	keyID := e.remote.actorURL() + "#main-key"
	follow := e.follow(e.remote.actorURL() + "/follows/9421")
	other, _ := rsa.GenerateKey(rand.Reader, 2048)
	for _, tc := range []struct {
		name    string
		key     *rsa.PrivateKey
		created time.Time
		alg     string
		covered []string
		mutate  func(*http.Request)
		reason  string
	}{
		{"wrong key", other, time.Now(), "rsa-v1_5-sha256", fedifyCovered, nil, "does not verify with the key of " + keyID},
		{"body changed after signing", e.remote.key, time.Now(), "rsa-v1_5-sha256", fedifyCovered, func(r *http.Request) {
			changed := bytes.Replace(follow, []byte("follows/9421"), []byte("follows/9422"), 1)
			r.Body, r.ContentLength = io.NopCloser(bytes.NewReader(changed)), int64(len(changed))
		}, "Content-Digest sha-256 does not match the body"},
		{"created too old", e.remote.key, time.Now().Add(-2 * time.Hour), "rsa-v1_5-sha256", fedifyCovered, nil, "from the server's time"},
		{"content-digest not covered", e.remote.key, time.Now(), "rsa-v1_5-sha256", []string{"@method", "@target-uri", "date"}, nil, "does not cover content-digest"},
		{"unknown alg", e.remote.key, time.Now(), "hmac-sha256", fedifyCovered, nil, "alg hmac-sha256 is not verified"},
		{"target not covered", e.remote.key, time.Now(), "", []string{"@method", "content-digest"}, nil, "does not cover @target-uri"},
		{"garbled Signature-Input", e.remote.key, time.Now(), "", fedifyCovered, func(r *http.Request) { r.Header.Set("Signature-Input", `sig1=("@method"`) }, "not a structured-field dictionary"},
		{"no signature for the label", e.remote.key, time.Now(), "", fedifyCovered, func(r *http.Request) { r.Header.Set("Signature", "sig2=:AAAA:") }, "no byte sequence for the label sig1"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, body := e.post9421(follow, keyID, tc.key, tc.created, tc.alg, tc.covered, tc.mutate)
			if code != http.StatusUnauthorized || !strings.Contains(body, tc.reason) {
				t.Fatalf("%d %q, want 401 with %q", code, body, tc.reason)
			}
		})
	}
	if n, _ := e.st.Federation.CountFollowers(ctx, e.site); n != 0 {
		t.Fatalf("a refused request stored a follower (%d)", n)
	}
	// No alg: taken from the key (RSA → rsa-v1_5-sha256).
	if code, body := e.post9421(follow, keyID, e.remote.key, time.Now(), "", fedifyCovered, nil); code != http.StatusAccepted {
		t.Fatalf("Follow signed RFC 9421 without alg: %d %s", code, body)
	}
	if code, body := e.post9421(follow, keyID, e.remote.key, time.Now(), "rsa-v1_5-sha256", fedifyCovered, nil); code != http.StatusAccepted {
		t.Fatalf("Follow signed RFC 9421: %d %s", code, body)
	}
	if n, _ := e.st.Federation.CountFollowers(ctx, e.site); n != 1 {
		t.Fatalf("followers after an RFC 9421 Follow = %d, want 1", n)
	}
	if code, _, b := e.get("/sites/"+e.site.String()+"/followers", ""); code != 200 || !strings.Contains(string(b), `"totalItems":1`) {
		t.Fatalf("followers after Follow: %d %s", code, b)
	}
}
