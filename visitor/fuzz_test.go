package visitor

import (
	"encoding/json"
	"net/http/httptest"
	"net/netip"
	"regexp"
	"testing"

	"github.com/stgy/stgypub"
)

func FuzzClientIP(f *testing.F) {
	for _, s := range []string{"1.2.3.4", "1.2.3.4:80, [::1]:80", "::ffff:1.2.3.4", "fe80::1%eth0", "junk,,", `"[2001:DB8::1]"`} {
		f.Add("10.0.0.1:80", s)
	}
	trusted, _ := ParseTrustedProxies("10.0.0.0/8")
	f.Fuzz(func(t *testing.T, remote, xff string) {
		r := httptest.NewRequest("GET", "/", nil)
		r.RemoteAddr = remote
		r.Header.Set("X-Forwarded-For", xff)
		r.Header.Set("X-Real-IP", xff)
		a := ClientIP(r, trusted)
		if !a.IsValid() {
			return
		}
		if a.Zone() != "" || a.Is4In6() {
			t.Fatalf("ClientIP = %v: not normalized", a)
		}
		// The result round-trips through Normalize unchanged.
		b, ok := Normalize(a.String())
		if !ok || b != a {
			t.Fatalf("Normalize(%q) = %v, %v; want %v", a.String(), b, ok, a)
		}
	})
}

func FuzzNormalize(f *testing.F) {
	for _, s := range []string{"1.2.3.4", "[::1]:80", "::FFFF:1.2.3.4", "fe80::1%eth0", "x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		a, ok := Normalize(s)
		if !ok {
			return
		}
		if b, ok := Normalize(a.String()); !ok || b != a {
			t.Fatalf("Normalize(%q) = %v does not round-trip (%v, %v)", s, a, b, ok)
		}
		if Fingerprint(testSecret, a) != Fingerprint(testSecret, netip.MustParseAddr(a.String())) {
			t.Fatal("fingerprint differs between equal addresses")
		}
	})
}

func FuzzParseFingerprint(f *testing.F) {
	for _, s := range []string{"deadbeef", "DEADBEEF", "dead", "zzzzzzzz", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		fp, err := ParseFingerprint(s)
		if err != nil {
			if stgypub.ErrorCode(err) != stgypub.CodeBadUserInput {
				t.Fatalf("code %s", stgypub.ErrorCode(err))
			}
			return
		}
		back, err := ParseFingerprint(FormatFingerprint(fp))
		if err != nil || back != fp {
			t.Fatalf("round trip %q -> %x -> %x, %v", s, fp, back, err)
		}
	})
}

func FuzzVerifySignature(f *testing.F) {
	post := stgypub.ID(0x19FD706DCB600000)
	f.Add(uint64(post), "deadbeef", Sign(testSecret, post, [4]byte{0xde, 0xad, 0xbe, 0xef}))
	f.Add(uint64(1), "00000000", "zz")
	f.Fuzz(func(t *testing.T, id uint64, fps, sig string) {
		fp, err := ParseFingerprint(fps)
		if err != nil {
			return
		}
		ok := VerifySignature(testSecret, stgypub.ID(id), fp, sig)
		if ok && len(sig) != 64 {
			t.Fatalf("accepted signature of length %d", len(sig))
		}
		if !VerifySignature(testSecret, stgypub.ID(id), fp, Sign(testSecret, stgypub.ID(id), fp)) {
			t.Fatal("own signature rejected")
		}
	})
}

// FuzzIsBotIndex checks the literal index of the case-insensitive crawler
// patterns against running every pattern, and that IsBot never panics.
func FuzzIsBotIndex(f *testing.F) {
	for _, s := range []string{chromeUA, "Curl/8.5.0", "o\u212Ahttp/4", "Mozilla/5.0 (Linux; Android 8.0.0; CUBOT_P20)", "(((", ";;)("} {
		f.Add(s)
	}
	var res []*regexp.Regexp
	var entries []struct {
		Pattern string `json:"pattern"`
	}
	if err := json.Unmarshal(crawlersJSON, &entries); err != nil {
		f.Fatal(err)
	}
	for _, e := range entries {
		res = append(res, regexp.MustCompile("(?i)"+e.Pattern))
	}
	ix := Patterns().ix
	f.Fuzz(func(t *testing.T, ua string) {
		naive := false
		for _, re := range res {
			if re.MatchString(ua) {
				naive = true
				break
			}
		}
		if got := ix.match(ua, foldASCII(nil, ua)) >= 0; got != naive {
			t.Fatalf("index.match(%q) = %v, naive %v", ua, got, naive)
		}
		_ = IsBot(ua)
	})
}
