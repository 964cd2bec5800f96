package federation

import (
	"crypto/ed25519"
	"errors"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/stgy/stgypub"
)

// FuzzSignatureParams: any header parses without panicking, and a
// header written from parameters reads back as them.
func FuzzSignatureParams(f *testing.F) {
	f.Add(`keyId="https://a.example/u#main-key",algorithm="rsa-sha256",headers="(request-target) host date digest",signature="YWJj"`)
	f.Add(`keyId=x, signature="a,b"`)
	f.Add(`"`)
	f.Add(`=,=,"`)
	f.Fuzz(func(t *testing.T, h string) {
		_ = signatureParams(h)
		if strings.ContainsAny(h, `",=`) || strings.TrimSpace(h) != h || h == "" {
			return
		}
		p := signatureParams(`keyId="` + h + `",signature="s"`)
		if p["keyid"] != h || p["signature"] != "s" {
			t.Fatalf("round trip of %q = %v", h, p)
		}
	})
}

// FuzzWantsActivityJSON: any Accept is judged without panicking; one
// naming text/html alone never asks for JSON.
func FuzzWantsActivityJSON(f *testing.F) {
	f.Add("application/activity+json")
	f.Add(`application/ld+json; profile="https://www.w3.org/ns/activitystreams"`)
	f.Add("text/html,application/xhtml+xml;q=0.9,*/*;q=0.8")
	f.Add(`application/ld+json; profile=`)
	f.Fuzz(func(t *testing.T, accept string) {
		r, _ := http.NewRequest(http.MethodGet, "/", nil)
		r.Header.Set("Accept", accept)
		_ = WantsActivityJSON(r)
		r.Header.Set("Accept", "text/html")
		if WantsActivityJSON(r) {
			t.Fatal("text/html asks for JSON")
		}
	})
}

// FuzzParseOutboxPage: only canonical numbers 1-10000 are accepted, and
// they read back as written.
func FuzzParseOutboxPage(f *testing.F) {
	for _, s := range []string{"", "1", "01", "10000", "10001", "-1", "+1", " 1", "1e3"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		n, err := ParseOutboxPage(s)
		if err != nil {
			return
		}
		if s == "" {
			if n != 0 {
				t.Fatalf("\"\" = %d", n)
			}
			return
		}
		if n < 1 || n > outboxMaxPage || strconv.Itoa(n) != s {
			t.Fatalf("ParseOutboxPage(%q) = %d", s, n)
		}
	})
}

// FuzzParseAcct: an accepted resource splits into a login and a host
// that rebuild it.
func FuzzParseAcct(f *testing.F) {
	for _, s := range []string{"acct:alice@pub.example", "alice@pub.example", "acct:alice", "@x", "a@b@c", "acct:a b@c"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		login, host, err := ParseAcct(s)
		if err != nil {
			return
		}
		if login == "" || host == "" || strings.Contains(host, "@") || strings.TrimPrefix(s, "acct:") != login+"@"+host {
			t.Fatalf("ParseAcct(%q) = %q, %q", s, login, host)
		}
	})
}

// FuzzNoteText: any HTML becomes text without panicking; a script's
// content never shows; the reply body made of it fits the comment
// limit, or is "" when it has no visible text.
func FuzzNoteText(f *testing.F) {
	f.Add(`<p>Hello <a href="https://e.example/x">link</a></p>`)
	f.Add(`<script>alert(1)</script><p>x`)
	f.Add(`<a href="https://e.example/"><a href="https://f.example/">nested</a></a>`)
	f.Add("<pre>a\n  b</pre><p>こんにちは</p>")
	f.Add(`<a href="https://e.example/p">e.example/…</a>`)
	f.Fuzz(func(t *testing.T, s string) {
		text := NoteText(s)
		if utf8.ValidString(s) && !utf8.ValidString(text) {
			t.Fatalf("NoteText(%q) = %q is not UTF-8", s, text)
		}
		if !strings.Contains(strings.ToLower(s), "</") {
			if got := NoteText("<script>" + s + "</script>"); got != "" {
				t.Fatalf("script content %q shows as %q", s, got)
			}
		}
		body := replyBody(text, "https://remote.example/@bob")
		if body == "" {
			return
		}
		if _, err := stgypub.CheckBody(body, stgypub.CommentBodyMaxChars); err != nil {
			t.Fatalf("reply body of %q refused: %v", s, err)
		}
	})
}

// FuzzSignature9421: any Signature-Input, Signature and Content-Digest
// headers are judged without panicking, and a refusal is always a
// *SignatureError (the inbox's 401), never another error.
func FuzzSignature9421(f *testing.F) {
	f.Add(`sig1=("@method" "@target-uri" "content-digest");created=1618884473;keyid="https://a.example/u#main-key";alg="rsa-v1_5-sha256"`,
		`sig1=:YWJj:`, `sha-256=:X48E9qOokqqrvdts8nOJRJN3OWDUoyWxBf7kbu9DBPE=:`)
	f.Add(`sig-b26=("date" "@method" "@path" "@authority" "content-type" "content-length");created=1618884473;keyid="test-key-ed25519"`,
		`sig-b26=:wqcAqbmYJ2ji2glfAMaRy4gruYYnx2nEFN2HN6jrnDnQCK1u02Gb04v9EDgwUPiu4A0w6vuQv5lIp5WPpBKRCw==:`, `sha-512=:AA==:`)
	f.Add(`sig1=("@method";req "x" "@query-param";name="a");created=-1;keyid=x;alg=?1;expires=1.5`, `sig1=("a")`, `sha-256=?0`)
	f.Add(`a=(`, `:`, `=`)
	f.Fuzz(func(t *testing.T, input, sig, digest string) {
		target, _ := url.Parse("https://example.com/sites/x/inbox?a=b")
		h := http.Header{}
		h.Set("Host", "example.com")
		h.Set("Date", "Tue, 20 Apr 2021 02:07:55 GMT")
		h.Set("Signature-Input", input)
		h.Set("Signature", sig)
		h.Set("Content-Digest", digest)
		for _, body := range [][]byte{nil, []byte(`{"hello": "world"}`)} {
			rs, err := check9421(http.MethodPost, target, h, body, time.Unix(1618884473, 0), time.Hour)
			var se *SignatureError
			if err != nil && !errors.As(err, &se) {
				t.Fatalf("refusal %T %v is not a SignatureError", err, err)
			}
			if err == nil {
				if err := rs.verify(ed25519.PublicKey(make([]byte, ed25519.PublicKeySize))); err != nil && !errors.As(err, &se) {
					t.Fatalf("verify refusal %T %v", err, err)
				}
			}
		}
	})
}
