package federation

import (
	"net/http"
	"strconv"
	"strings"
	"testing"
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
